import Foundation
import LayoutCore
import Synchronization

// Data flow, as in SwiftUI: the property wrappers that views declare. A one-off layout is a
// snapshot: every view is laid out with its *initial* state (`@State` at its initial value,
// `@AppStorage` at its declared default, `@FocusState` unfocused). In a live preview
// (`LivePreview`) the view graph keeps each view's state by identity between builds and a write
// makes it build again (`ViewGraph`).

/// A type that updates a property of a view before its body is evaluated, as SwiftUI's
/// `DynamicProperty`. Every wrapper here conforms; `update()` is never needed by the engine
/// (environment reads happen when the property is read; see `Environment`).
public protocol DynamicProperty {
    /// Updates the property's value (does nothing by default).
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing: properties here read their values when they are read.
    public mutating func update() {}
}

/// A reference holding one value: the storage that copies of a property wrapper share.
///
/// A write invalidates the view graph the box is kept by (or, for a box no graph keeps, such as
/// a `@Previewable` property's, the live graphs `LiveGraphs` finds it concerns), in the current
/// transaction.
final class ValueBox<Value> {
    /// The value itself (`KeptState.swift` restores it without counting a change).
    var stored: Value
    /// The value. Read while a live build builds a view's body, the box remembers that view;
    /// a write re-evaluates the views that read it (as SwiftUI's state does).
    var value: Value {
        get {
            if let reader = BuildEnvironment.currentReader {
                readers.insert(reader.key)
                // State no view keeps (a `@Previewable` property's) belongs to the graph that reads it.
                if graph == nil { graph = reader.graph }
            }
            return stored
        }
        set {
            stored = newValue
            let transaction = BuildEnvironment.currentTransaction
            if let graph { graph.markDirty(readers, transaction) } else { LiveGraphs.invalidateAll(transaction) }
        }
    }
    /// The graph that keeps this box (nil: none yet), or whose views read it.
    weak var graph: ViewGraph?
    /// The views (their records' keys) whose bodies read the value.
    private var readers = Set<UInt64>()
    init(_ value: Value) {
        stored = value
        RootStateCollector.note(self)
    }
    /// A binding that reads and writes the box.
    var binding: Binding<Value> {
        var binding = Binding(get: { self.value }, set: { self.value = $0 })
        binding.location = BindingLocation(source: self, path: [])
        return binding
    }
}

/// Where a binding reads and writes: its source of truth (a state's box, an object) and the key
/// paths from there. Bindings with one location read and write the same value, however often a
/// parent's body makes them anew: SwiftUI compares a view's bindings this way when it decides
/// whether the view's inputs changed. Bindings made from closures have none.
struct BindingLocation: Equatable {
    let source: AnyObject
    let path: [AnyKeyPath]

    static func == (a: BindingLocation, b: BindingLocation) -> Bool { a.source === b.source && a.path == b.path }

    func appending(_ keyPath: AnyKeyPath) -> BindingLocation { BindingLocation(source: source, path: path + [keyPath]) }
}

/// A property wrapper type that can read and write a value managed by the view, as SwiftUI's
/// `State`.
///
/// The view is laid out with the initial value (SwiftUI lays out a new view with its initial
/// state too). The value lives in a box shared by copies of the view, so `$state` bindings
/// write through; changes do not re-render (a host re-lays out when given a new root).
@propertyWrapper
public struct State<Value>: DynamicProperty {
    var box: ValueBox<Value>
    /// Creates state with an initial value.
    public init(wrappedValue value: Value) { box = ValueBox(value) }
    /// Creates state with an initial value (the older SwiftUI spelling).
    public init(initialValue value: Value) { box = ValueBox(value) }
    /// The current value; setting it writes the shared box.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    /// A binding to the value (`$state`).
    public var projectedValue: Binding<Value> { box.binding }
}

extension State: _GraphStoredProperty {
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        linkBox(&pointer.assumingMemoryBound(to: State<Value>.self).pointee.box, slot: &slot, graph: graph)
    }
}

/// Adopts the box kept in `slot`, or keeps a new one holding the value of the one at `box`
/// (the initial value). The view value's own box is never written, so a view value made once
/// (a preview's root) still holds its initial state when the graph is reset.
@inline(__always) func linkBox<Value>(_ box: inout ValueBox<Value>, slot: inout AnyObject?, graph: ViewGraph) {
    if let kept = slot as? ValueBox<Value> {
        box = kept
    } else {
        let kept = ValueBox(box.value)
        kept.graph = graph
        slot = kept
        box = kept
    }
}

/// `linkBox` for storage kept by key for the whole preview (`@AppStorage`, `@SceneStorage`).
func linkKeyedBox<Value>(_ box: inout ValueBox<Value>, key: String, graph: ViewGraph) {
    var kept = graph.keyedStorage[key]
    let isNew = kept == nil
    linkBox(&box, slot: &kept, graph: graph)
    graph.keyedStorage[key] = kept
    if isNew, !graph.restoredKeyedState.isEmpty, let kept { graph.restoreKept(into: kept, key: key) }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates optional state with an initial value of `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// A property wrapper type that can read and write a value owned by a source of truth, as
/// SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    let get: () -> Value
    let set: (Value) -> Void
    /// Where it reads and writes, when it was made from a source of truth (`$state`,
    /// `$model.property`, a property of such a binding); nil for one made from closures.
    var location: BindingLocation? = nil
    /// The transaction of changes made through the binding (recorded; changes are not animated headlessly).
    public var transaction = Transaction()
    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    /// Creates a binding whose setter also receives the transaction, as in SwiftUI.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        self.get = get
        self.set = { set($0, Transaction()) }
    }
    /// Creates a binding from another binding (`$binding` in a property wrapper).
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    /// The referenced value; setting it calls the setter (in the binding's transaction, when it
    /// has one: `$x.animation()`).
    public var wrappedValue: Value {
        get { get() }
        nonmutating set {
            if transaction.isEmpty { set(newValue) } else { withTransaction(transaction) { set(newValue) } }
        }
    }
    /// The binding itself (`$binding`).
    public var projectedValue: Binding<Value> { self }
    /// A binding to a property of the value, read and written through this binding.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        var binding = Binding<Subject>(get: { get()[keyPath: keyPath] }, set: { v in var whole = get(); whole[keyPath: keyPath] = v; set(whole) })
        binding.location = location?.appending(keyPath)
        return binding
    }
    /// The same binding, with changes animated (`$x.animation()`), as in SwiftUI. Headless
    /// layout has no animation to run: the binding reads and writes as before.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        var copy = self
        copy.transaction.animation = animation
        return copy
    }
    /// The same binding with a transaction (recorded only).
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        var copy = self
        copy.transaction = transaction
        return copy
    }
}

/// A binding a view holds, compared by where it reads and writes when the graph decides whether
/// the view's inputs changed (`DynamicPropertyFields.sameInput`).
protocol _LocatedBinding {
    /// Whether the bindings at `a` and `b` read and write the same value in the same
    /// transaction: their locations are equal, or (made from closures) they are the same closures.
    static func _sameBinding(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool
}

extension Binding: _LocatedBinding {
    static func _sameBinding(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let x = a.assumingMemoryBound(to: Binding<Value>.self), y = b.assumingMemoryBound(to: Binding<Value>.self)
        guard x.pointee.transaction.animation == y.pointee.transaction.animation,
              x.pointee.transaction.disablesAnimations == y.pointee.transaction.disablesAnimations else { return false }
        if let l = x.pointee.location, let m = y.pointee.location { return l == m }
        guard x.pointee.location == nil, y.pointee.location == nil else { return false }
        // (Closures are not `Equatable`: `sameValue` compares their bytes.)
        return sameValue(x.pointee.get, y.pointee.get) && sameValue(x.pointee.set, y.pointee.set)
    }
}

extension Binding {
    /// A binding to an optional value from a binding to a value, as in SwiftUI: writing nil is ignored.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let v = $0 { base.wrappedValue = v } })
    }
    /// A binding to a value from a binding to an optional one, or nil when it is nil now, as in SwiftUI.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? initial }, set: { base.wrappedValue = $0 })
    }
    /// A type-erased binding from a binding to a hashable value, as in SwiftUI.
    public init<V: Hashable>(_ base: Binding<V>) where Value == AnyHashable {
        self.init(get: { AnyHashable(base.wrappedValue) }, set: { if let v = $0.base as? V { base.wrappedValue = v } })
    }
}

extension Binding: Identifiable where Value: Identifiable {
    /// The identity of the bound value.
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: Sequence where Value: MutableCollection & RandomAccessCollection, Value.Index == Int {
    /// A binding to one element of the collection.
    public typealias Element = Binding<Value.Element>
    /// Iterates the element bindings in order.
    public typealias Iterator = IndexingIterator<Binding<Value>>
    /// An iterator over bindings to each element.
    public func makeIterator() -> IndexingIterator<Binding<Value>> { IndexingIterator(_elements: self) }
}

extension Binding: Collection, BidirectionalCollection, RandomAccessCollection where Value: MutableCollection & RandomAccessCollection, Value.Index == Int {
    /// The collection's integer index.
    public typealias Index = Int
    /// A slice of element bindings.
    public typealias SubSequence = Slice<Binding<Value>>
    /// The range of valid indices.
    public typealias Indices = Range<Int>
    /// The bound collection's start index.
    public var startIndex: Int { wrappedValue.startIndex }
    /// The bound collection's end index.
    public var endIndex: Int { wrappedValue.endIndex }
    /// The valid indices, `startIndex..<endIndex`.
    public var indices: Range<Int> { startIndex..<endIndex }
    /// The index after `i`.
    public func index(after i: Int) -> Int { i + 1 }
    /// The index before `i`.
    public func index(before i: Int) -> Int { i - 1 }
    /// A binding to the element at `position`.
    public subscript(position: Int) -> Binding<Value.Element> {
        let get = self.get, set = self.set
        return Binding<Value.Element>(get: { get()[position] }, set: { v in var whole = get(); whole[position] = v; set(whole) })
    }
}

/// The context of a state change, as SwiftUI's `Transaction`: the animation the change asked
/// for. A live preview animates the update that follows with it.
public struct Transaction: Sendable {
    /// The animation of the change, if any.
    public var animation: Animation?
    /// Whether animations inside are disabled.
    public var disablesAnimations = false
    /// Creates an empty transaction.
    public init() { animation = nil }
    /// Creates a transaction with an animation.
    public init(animation: Animation?) { self.animation = animation }
    /// Whether the transaction asks nothing (no animation, animations not disabled).
    public var isEmpty: Bool { animation == nil && !disablesAnimations }
}

/// Runs `body` in a transaction, as SwiftUI's `withTransaction`: state changed inside is
/// updated with the transaction's animation (at once in a one-off layout).
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try BuildEnvironment.withTransaction(transaction, body)
}

/// Runs `body` in a transaction of one of its properties, as SwiftUI's
/// `withTransaction(_:_:_:)` (`\.disablesAnimations`, `\.animation`).
public func withTransaction<Value, Result>(_ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value,
                                           _ body: () throws -> Result) rethrows -> Result {
    var transaction = Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

// MARK: - Observation

/// A property wrapper that makes bindings to the properties of an `@Observable` object, as
/// SwiftUI's `Bindable` (iOS 17): `$model.name` is a `Binding<String>`. Any class is accepted
/// (the engine does not import Observation; SwiftUI requires an `Observable` one).
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value>: DynamicProperty {
    /// The object.
    public var wrappedValue: Value
    /// The wrapper itself (`$model`).
    public var projectedValue: Bindable<Value> { self }
    /// Creates a bindable object.
    public init(wrappedValue: Value) where Value: AnyObject { self.wrappedValue = wrappedValue }
    /// Creates a bindable object (`Bindable(model)`).
    public init(_ wrappedValue: Value) where Value: AnyObject { self.wrappedValue = wrappedValue }
    /// Creates a bindable object from another.
    public init(projectedValue: Bindable<Value>) { self = projectedValue }
    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        var binding = Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        // (A value that is not an object has no identity to compare: no location.)
        if type(of: object as Any) is AnyClass { binding.location = BindingLocation(source: object as AnyObject, path: [keyPath]) }
        return binding
    }
}

// MARK: - ObservableObject without Combine

/// A publisher of values, standing in for Combine's `Publisher` (Combine does not exist on
/// Linux). Nothing here ever publishes: a layout is a snapshot; the type exists so that
/// `onReceive` and `@Published`'s projected value compile.
public protocol Publisher<Output, Failure> {
    /// The values published.
    associatedtype Output
    /// The error a failing publisher ends with.
    associatedtype Failure: Error
}

/// The publisher of an `ObservableObject`'s changes, as Combine's `ObservableObjectPublisher`.
/// In a live preview `send()` re-evaluates the views that read the object through
/// `@ObservedObject`, `@StateObject` or `@EnvironmentObject`; a layout snapshot ignores it.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    /// Nothing.
    public typealias Output = Void
    /// Never fails.
    public typealias Failure = Never
    /// The object whose changes this publisher announces (the default `objectWillChange`).
    weak var object: AnyObject?
    /// Creates a publisher.
    public init() {}
    init(of object: AnyObject) { self.object = object }
    /// Announces a change: live previews update the views that read the object.
    public func send() {
        let transaction = BuildEnvironment.currentTransaction
        // An object's own stored publisher is remembered by itself; the default one by the object.
        let byPublisher = ObjectReaders.changed(self, transaction)
        let byObject = object.map { ObjectReaders.changed($0, transaction) } ?? false
        let announced = byPublisher || byObject
        // Built-in views and closures (a ForEach's content) may read it outside any body: build again.
        if !announced { LiveGraphs.invalidateAll(transaction) }
    }
}

extension ObservableObject {
    /// Notes that the body being evaluated read this object (its `objectWillChange` re-evaluates it).
    func noteRead() {
        ObjectReaders.noteRead(self)
        let publisher = objectWillChange
        if publisher.object !== self { ObjectReaders.noteRead(publisher) }
    }
}

/// An object that announces changes, as Combine's `ObservableObject` (used with `@StateObject`,
/// `@ObservedObject` and `@EnvironmentObject`). Combine-free: `objectWillChange` is a publisher
/// whose `send()` updates a live preview.
public protocol ObservableObject: AnyObject {
    /// The publisher of changes.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// A publisher of changes: sending re-evaluates, in a live preview, the views that read the object.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher(of: self) }
}

/// A property of an `ObservableObject` that publishes changes, as Combine's `Published`: a write
/// sends the object's `objectWillChange`; `$property` is a publisher that never publishes.
@propertyWrapper
public struct Published<Value> {
    /// The value.
    public var wrappedValue: Value
    /// The value of a property of a class: writing it sends the object's `objectWillChange`
    /// first, as Combine's `Published` does.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].wrappedValue }
        set {
            if let observable = object as? any ObservableObject { observable.objectWillChange.send() }
            object[keyPath: storageKeyPath].wrappedValue = newValue
        }
    }
    /// Creates a published property.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// Creates a published property (the older spelling).
    public init(initialValue: Value) { self.wrappedValue = initialValue }
    /// A publisher of the property's values (`$property`); it never publishes.
    public var projectedValue: Publisher { Publisher() }
    /// The publisher of a `Published` property.
    public struct Publisher: SwiftUI.Publisher {
        /// The property's values.
        public typealias Output = Value
        /// Never fails.
        public typealias Failure = Never
    }
}

/// A property wrapper that subscribes to an observable object, as SwiftUI's `ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Makes bindings to the object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        /// A binding to a property of the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            // Reading through the binding makes the reader re-evaluate when the object changes,
            // as reading the object does: a view given only `$model.name` shows the new name.
            var binding = Binding(get: { ObjectReaders.noteRead(object); return object[keyPath: keyPath] },
                                  set: { object[keyPath: keyPath] = $0 })
            binding.location = BindingLocation(source: object, path: [keyPath])
            return binding
        }
    }
    private var object: ObjectType
    /// The object (read in a live preview's `body`, the view is re-evaluated when it changes).
    public var wrappedValue: ObjectType {
        get { object.noteRead(); return object }
        set { object = newValue }
    }
    /// Creates an observed object.
    public init(wrappedValue: ObjectType) { object = wrappedValue }
    /// Creates an observed object (the older spelling).
    public init(initialValue: ObjectType) { object = initialValue }
    /// Bindings to the object's properties.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

/// A property wrapper that instantiates an observable object, as SwiftUI's `StateObject`: the
/// object is made the first time the view needs it and kept, in a live preview, for as long as
/// the view keeps its identity (the view value's own initialiser may run many times).
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Where the object is kept once made.
    final class Storage {
        var object: ObjectType?
        let make: () -> ObjectType
        init(_ make: @escaping () -> ObjectType) { self.make = make }
        var value: ObjectType {
            if let object { return object }
            let made = make()
            object = made
            return made
        }
    }
    var storage: Storage
    /// The object (read in a live preview's `body`, the view is re-evaluated when it changes).
    public var wrappedValue: ObjectType {
        let object = storage.value
        object.noteRead()
        return object
    }
    /// Creates the object when first needed.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { storage = Storage(thunk) }
    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: wrappedValue) }
}

extension StateObject: _GraphStoredProperty {
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        let property = pointer.assumingMemoryBound(to: StateObject<ObjectType>.self)
        if let kept = slot as? Storage { property.pointee.storage = kept } else {
            let kept = Storage(property.pointee.storage.make)
            slot = kept
            property.pointee.storage = kept
        }
    }
}

/// A property wrapper for an observable object supplied by an ancestor with
/// `environmentObject(_:)`, as SwiftUI's `EnvironmentObject`.
///
/// Read while the view's body is built. Missing, it stops the program with SwiftUI's message
/// (SwiftUI crashes the same way: there is no object to return).
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The environment of the view's last live update (see `Environment.captured`).
    var captured: EnvironmentValues? = nil
    /// Creates the property.
    public init() {}
    /// The object the nearest `environmentObject(_:)` above supplied.
    public var wrappedValue: ObjectType {
        guard let object = (captured ?? BuildEnvironment.current).object(ObjectType.self) else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        object.noteRead()
        return object
    }
    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: _EnvironmentCapturing {
    static func _capture(at pointer: UnsafeMutableRawPointer, _ environment: EnvironmentValues) {
        pointer.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self).pointee.captured = environment
    }
    static func _readsSameValue(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let x = a.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self).pointee.captured
        let y = b.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self).pointee.captured
        return x?.object(ObjectType.self) === y?.object(ObjectType.self)
    }
}

// MARK: - Storage, focus and namespaces

/// A property that reads and writes a user default, as SwiftUI's `AppStorage`.
///
/// A layout is laid out with the declared default value: stored defaults are not read (so a
/// preview is the same on every machine) and writes stay in memory.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    var box: ValueBox<Value>
    /// The key in the defaults.
    public let key: String
    /// Creates the property with a default value (`@AppStorage("name") var name = "x"`).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) { box = ValueBox(wrappedValue); self.key = key }
    /// The value (the declared default until written).
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    /// A binding to the value.
    public var projectedValue: Binding<Value> { box.binding }
}

extension AppStorage: _GraphStoredProperty {
    /// Kept by key for the whole preview, in memory: views naming one key share its value.
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        let property = pointer.assumingMemoryBound(to: AppStorage<Value>.self)
        linkKeyedBox(&property.pointee.box, key: "app:" + property.pointee.key, graph: graph)
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// Creates an optional property without a default (`@AppStorage("name") var name: String?`): nil.
    public init(_ key: String, store: UserDefaults? = nil) { self.init(wrappedValue: nil, key, store: store) }
}

/// A property that keeps a value per scene, as SwiftUI's `SceneStorage`; laid out with the
/// declared default (nothing is restored).
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    var box: ValueBox<Value>
    let key: String
    /// Creates the property with a default value.
    public init(wrappedValue: Value, _ key: String) { box = ValueBox(wrappedValue); self.key = key }
    /// The value (the declared default until written).
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    /// A binding to the value.
    public var projectedValue: Binding<Value> { box.binding }
}

extension SceneStorage: _GraphStoredProperty {
    /// Kept by key for the whole preview, in memory.
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        let property = pointer.assumingMemoryBound(to: SceneStorage<Value>.self)
        linkKeyedBox(&property.pointee.box, key: "scene:" + property.pointee.key, graph: graph)
    }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    /// Creates an optional property without a default: nil.
    public init(_ key: String) { self.init(wrappedValue: nil, key) }
}

/// A property that reads and writes where focus is, as SwiftUI's `FocusState`. Nothing has
/// focus in a layout snapshot: a `Bool` starts false and an optional starts nil.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    var box: ValueBox<Value>
    /// Creates a Boolean focus state (false).
    public init() where Value == Bool { box = ValueBox(false) }
    /// Creates an optional focus state (nil).
    public init<T: Hashable>() where Value == T? { box = ValueBox(nil) }
    /// Where focus is; setting it moves focus in a live preview (`synchronizeFocus`).
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.graph?.focusStateWrites &+= 1; box.value = newValue }
    }
    /// A binding for `focused(_:)` / `focused(_:equals:)`.
    public var projectedValue: Binding { Binding(box: box) }

    /// A binding to a focus state, as SwiftUI's `FocusState.Binding`.
    @propertyWrapper
    public struct Binding {
        let box: ValueBox<Value>
        /// Where focus is; setting it moves focus in a live preview.
        public var wrappedValue: Value {
            get { box.value }
            nonmutating set { box.graph?.focusStateWrites &+= 1; box.value = newValue }
        }
        /// The binding itself.
        public var projectedValue: Binding { self }
    }
}

extension FocusState: _GraphStoredProperty {
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        linkBox(&pointer.assumingMemoryBound(to: FocusState<Value>.self).pointee.box, slot: &slot, graph: graph)
    }
}

/// A property that makes a unique namespace for `matchedGeometryEffect`, as SwiftUI's `Namespace`.
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int
    }
    /// The last namespace's number.
    private static let last = Atomic<Int>(0)
    /// A new namespace, numbered in creation order.
    public private(set) var wrappedValue: ID
    /// Creates a namespace.
    public init() {
        wrappedValue = ID(value: Namespace.last.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}

/// The namespace a view keeps while it lives, as SwiftUI's: a view's body evaluated again sees
/// the same `Namespace.ID`, so its `matchedGeometryEffect`s still match across the change.
extension Namespace: _GraphStoredProperty {
    final class Kept {
        let id: ID
        init(_ id: ID) { self.id = id }
    }

    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        let namespace = pointer.assumingMemoryBound(to: Namespace.self)
        if let kept = slot as? Kept {
            namespace.pointee.wrappedValue = kept.id
        } else {
            slot = Kept(namespace.pointee.wrappedValue)
        }
    }
}
