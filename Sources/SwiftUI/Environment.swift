import Foundation
import LayoutCore

// The environment, as in SwiftUI: `@Environment(\.key)`, custom `EnvironmentKey`s,
// `@Environment(Type.self)` with Observation's `@Observable` objects, and the common keys of
// `EnvironmentValues` with their iOS defaults.
//
// How a property reads it: while a view's body is evaluated and its content built, the
// environment at that view is the *current build environment* of the thread (see
// `BuildEnvironment`); `@Environment` and `@EnvironmentObject` read it when they are read. One
// divergence: a closure passed down to another custom view (a `@ViewBuilder content` evaluated in
// that view's body) reads the environment of the view that evaluates it.

/// A key for a value in `EnvironmentValues`, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values stored by key type: custom `EnvironmentKey`s and the objects of `environment(_:)` /
/// `environmentObject(_:)`. A small array (an environment rarely holds more than a few).
struct EnvironmentStorage {
    var values: [(key: ObjectIdentifier, value: Any)] = []
    func value(for key: ObjectIdentifier) -> Any? {
        for entry in values.reversed() where entry.key == key { return entry.value }
        return nil
    }
    mutating func set(_ value: Any, for key: ObjectIdentifier) {
        values.removeAll { $0.key == key }
        values.append((key, value))
    }
}

extension EnvironmentValues {
    /// The value of a custom key, as in SwiftUI (its default when no ancestor set it).
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            // Unwrap first: casting a missing `Any?` to an optional `Value` would succeed as nil.
            guard let stored = storage.value(for: ObjectIdentifier(key)) else { return K.defaultValue }
            return (stored as? K.Value) ?? K.defaultValue
        }
        set { storage.set(newValue, for: ObjectIdentifier(key)) }
    }

    /// The object of type `T` an ancestor supplied, if any.
    func object<T: AnyObject>(_ type: T.Type) -> T? {
        storage.value(for: ObjectIdentifier(ObjectStorageKey<T>.self)) as? T
    }
    mutating func setObject<T: AnyObject>(_ object: T?, as type: T.Type) {
        storage.set(object as Any, for: ObjectIdentifier(ObjectStorageKey<T>.self))
    }
}

/// The storage key of an object of type `T` (objects and custom keys never collide).
private enum ObjectStorageKey<T> {}

/// The environment of the view being built on this thread (engine-internal).
enum BuildEnvironment {
    final class Slot {
        var environment: EnvironmentValues? = nil
        /// The transaction of `withAnimation` / `withTransaction` running on this thread.
        var transaction: Transaction? = nil
        /// The view whose body a live build is evaluating on this thread: state and objects
        /// read now remember it (`BodyRecords.swift`).
        var reader: BodyReader? = nil
    }
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Slot>.fromOpaque(pointer).release()
        }
        return key
    }()

    @inline(__always) static var slot: Slot {
        if let p = pthread_getspecific(key) { return Unmanaged<Slot>.fromOpaque(p).takeUnretainedValue() }
        let slot = Slot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }

    /// The transaction state written now belongs to (nil: none asked).
    static var currentTransaction: Transaction? { slot.transaction }

    /// The view whose body is being evaluated on this thread by a live build (nil: none).
    static var currentReader: BodyReader? { slot.reader }

    /// Runs `body` as the evaluation of `reader`'s body.
    static func withReader<R>(_ reader: BodyReader, _ body: () -> R) -> R {
        let slot = self.slot
        let saved = slot.reader
        slot.reader = reader
        defer { slot.reader = saved }
        return body()
    }

    /// Runs `body` in `transaction` (nested transactions: the inner one wins).
    static func withTransaction<R>(_ transaction: Transaction, _ body: () throws -> R) rethrows -> R {
        let slot = self.slot
        let saved = slot.transaction
        slot.transaction = transaction
        defer { slot.transaction = saved }
        return try body()
    }

    /// The environment of the view being built; the default one outside a build.
    static var current: EnvironmentValues { slot.environment ?? EnvironmentValues() }

    /// Runs `body` with `environment` as the current build environment.
    @inline(__always) static func with<R>(_ environment: EnvironmentValues, _ body: () -> R) -> R {
        let slot = self.slot
        let saved = slot.environment
        slot.environment = environment
        defer { slot.environment = saved }
        return body()
    }
}

/// A property wrapper that reads a value of the view's environment, as SwiftUI's `Environment`.
///
/// `@Environment(\.colorScheme) var scheme` reads a key path of `EnvironmentValues`;
/// `@Environment(Model.self) var model` reads an `@Observable` object an ancestor supplied with
/// `environment(_:)` (missing, it stops with SwiftUI's message, as SwiftUI does; declare it
/// optional, `Model?`, to get nil instead). The engine imports only Foundation, so it accepts any
/// class here; SwiftUI requires an `Observable` one (`import SwiftUI` re-exports Observation).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let read: (EnvironmentValues) -> Value
    /// For the object forms: the supplied object, without stopping when there is none (a live
    /// build compares it between updates before the body reads it).
    let suppliedObject: ((EnvironmentValues) -> AnyObject?)?
    /// The environment of the view's last live update: actions that run later (a button's)
    /// read what the view was built with, as in SwiftUI (nil: read the build's, as it happens).
    var captured: EnvironmentValues? = nil
    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] }; suppliedObject = nil }
    /// Reads the `@Observable` object of this type an ancestor supplied with `environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject {
        read = { env in
            guard let object = env.object(Value.self) else {
                fatalError("No Observable object of type \(Value.self) found. A View.environmentObject(_:) for \(Value.self) may be missing as an ancestor of this view.")
            }
            return object
        }
        suppliedObject = { $0.object(Value.self) }
    }
    /// Reads the `@Observable` object of this type an ancestor supplied, or nil.
    public init<T: AnyObject>(_ objectType: T.Type) where Value == T? {
        read = { $0.object(T.self) }
        suppliedObject = { $0.object(T.self) }
    }
    /// The value in the environment of the view being built.
    public var wrappedValue: Value { read(captured ?? BuildEnvironment.current) }
}

/// A property that reads the environment (`@Environment`, `@EnvironmentObject`): a live build
/// gives it the view's environment before `body`, so that reads made later by actions see it.
protocol _EnvironmentCapturing {
    static func _capture(at pointer: UnsafeMutableRawPointer, _ environment: EnvironmentValues)
    /// Whether the captured properties at `a` and `b` read the same value (a live build skips a
    /// body whose inputs are the same: `BodyRecords.swift`).
    static func _readsSameValue(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool
}

extension Environment: _EnvironmentCapturing {
    static func _capture(at pointer: UnsafeMutableRawPointer, _ environment: EnvironmentValues) {
        pointer.assumingMemoryBound(to: Environment<Value>.self).pointee.captured = environment
    }
    static func _readsSameValue(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let x = a.assumingMemoryBound(to: Environment<Value>.self).pointee
        let y = b.assumingMemoryBound(to: Environment<Value>.self).pointee
        guard let ex = x.captured, let ey = y.captured else { return false }
        if let object = x.suppliedObject { return object(ex) === object(ey) }
        return sameValue(x.read(ex), y.read(ey))
    }
}

extension View {
    /// Supplies an `@Observable` object to the views inside, read with `@Environment(Type.self)`, as in SwiftUI (iOS 17).
    public func environment<T: AnyObject>(_ object: T?) -> some View {
        withEnvironment { $0.setObject(object, as: T.self) }
    }
    /// Supplies an `ObservableObject` to the views inside, read with `@EnvironmentObject`, as in SwiftUI.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        withEnvironment { $0.setObject(object, as: T.self) }
    }
    /// Changes an environment value for the views inside, as in SwiftUI.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void) -> some View {
        withEnvironment { transform(&$0[keyPath: keyPath]) }
    }
}

// MARK: - Common keys

/// A size class, as in SwiftUI: `compact` or `regular`.
public enum UserInterfaceSizeClass: Hashable, Sendable { case compact, regular }

/// The older name of the Dynamic Type size, as SwiftUI's `ContentSizeCategory`.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge
}

/// The contrast of the color scheme, as in SwiftUI.
public enum ColorSchemeContrast: Hashable, Sendable { case standard, increased }

/// The state of a scene, as in SwiftUI; a layout is `.active`.
public enum ScenePhase: Hashable, Comparable, Sendable { case background, inactive, active }

/// The weight of text for legibility, as in SwiftUI.
public enum LegibilityWeight: Hashable, Sendable { case regular, bold }

/// Whether a list is being edited, as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active
    /// Whether editing is on.
    public var isEditing: Bool { self != .inactive }
}

/// Dismisses the presentation the view is in, as SwiftUI's `DismissAction`: in a live preview
/// a sheet, cover, alert or dialog closes and a pushed screen pops; elsewhere it does nothing.
public struct DismissAction: @unchecked Sendable {
    let action: (() -> Void)?
    init(_ action: (() -> Void)? = nil) { self.action = action }
    /// Dismisses.
    public func callAsFunction() { action?() }
}

/// Opens a URL, as SwiftUI's `OpenURLAction` (does nothing unless given a handler).
public struct OpenURLAction: Sendable {
    /// What a handler did with a URL.
    public enum Result: Sendable {
        case handled, discarded, systemAction
        /// Hands another URL to the system.
        public static func systemAction(_ url: URL) -> Result { .systemAction }
    }
    let handler: @Sendable (URL) -> Result
    /// Creates an action with a handler.
    public init(handler: @escaping @Sendable (URL) -> Result) { self.handler = handler }
    /// Opens `url` (calls the handler).
    public func callAsFunction(_ url: URL) { _ = handler(url) }
}

/// Refreshes content, as SwiftUI's `RefreshAction`.
public struct RefreshAction: Sendable {
    let action: @Sendable () async -> Void
    /// Runs the refresh.
    public func callAsFunction() async { await action() }
}

/// The size of controls, as SwiftUI's `ControlSize`: changes the padding and height of the
/// controls drawn here (see `ControlMetrics`).
public enum ControlSize: Hashable, CaseIterable, Sendable { case mini, small, regular, large, extraLarge }

/// Whose control metrics are used: iOS 17's (the default) or macOS 14's (see `ControlMetrics`).
public enum ControlPlatform: Hashable, Sendable { case iOS, macOS }

/// How text that doesn't fit is truncated, as SwiftUI's `Text.TruncationMode`.
public enum TextTruncationMode: Hashable, Sendable { case head, middle, tail }

/// The case text is shown in, as SwiftUI's `Text.Case`.
public enum TextCase: Hashable, Sendable { case uppercase, lowercase }

private enum DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction() } }
private enum OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction { _ in .systemAction } } }
private enum HorizontalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { .compact } }
private enum VerticalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { .regular } }
private enum DynamicTypeSizeKey: EnvironmentKey { static var defaultValue: DynamicTypeSize { .large } }
private enum LocaleKey: EnvironmentKey { static var defaultValue: Locale { .current } }
private enum CalendarKey: EnvironmentKey { static var defaultValue: Calendar { .current } }
private enum TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { .current } }
private enum IsEnabledKey: EnvironmentKey { static var defaultValue: Bool { true } }
private enum EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }
private enum ScenePhaseKey: EnvironmentKey { static var defaultValue: ScenePhase { .active } }
private enum ContrastKey: EnvironmentKey { static var defaultValue: ColorSchemeContrast { .standard } }
private enum DisplayScaleKey: EnvironmentKey { static var defaultValue: CGFloat { 1 } }
private enum FalseKey<Tag>: EnvironmentKey { static var defaultValue: Bool { false } }
private enum LegibilityWeightKey: EnvironmentKey { static var defaultValue: LegibilityWeight? { nil } }
private enum RefreshKey: EnvironmentKey { static var defaultValue: RefreshAction? { nil } }
private enum ControlSizeKey: EnvironmentKey { static var defaultValue: ControlSize { .regular } }
private enum ControlPlatformKey: EnvironmentKey { static var defaultValue: ControlPlatform { .iOS } }
private enum TruncationModeKey: EnvironmentKey { static var defaultValue: TextTruncationMode { .tail } }
private enum TextCaseKey: EnvironmentKey { static var defaultValue: TextCase? { nil } }
private enum MinimumScaleFactorKey: EnvironmentKey { static var defaultValue: CGFloat { 1 } }
private enum LineSpacingKey: EnvironmentKey { static var defaultValue: CGFloat { 0 } }
private enum MinimumLinesKey: EnvironmentKey { static var defaultValue: Int? { nil } }
private enum ReduceMotionTag {}
private enum ReduceTransparencyTag {}
private enum DifferentiateTag {}
private enum InvertColorsTag {}
private enum VoiceOverTag {}
private enum IsSearchingTag {}
private enum IsFocusedTag {}
private enum IsPresentedTag {}

extension EnvironmentValues {
    /// Dismisses the current presentation (live previews; does nothing in a one-off layout).
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
    /// Opens URLs (the system action by default; does nothing in a layout).
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
    /// The horizontal size class; `.compact`, an iPhone in portrait, by default.
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }
    /// The vertical size class; `.regular`, an iPhone in portrait, by default.
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { self[VerticalSizeClassKey.self] }
        set { self[VerticalSizeClassKey.self] = newValue }
    }
    /// The Dynamic Type size (`.large` by default): text styles, `Font.custom(_:size:)`, symbol
    /// images and `@ScaledMetric` values are sized for it (`DynamicTypeSize`'s tables).
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
    /// The Dynamic Type size under its older name (`.large` by default).
    public var sizeCategory: ContentSizeCategory {
        get {
            switch dynamicTypeSize {
            case .xSmall: .extraSmall
            case .small: .small
            case .medium: .medium
            case .large: .large
            case .xLarge: .extraLarge
            case .xxLarge: .extraExtraLarge
            case .xxxLarge: .extraExtraExtraLarge
            case .accessibility1: .accessibilityMedium
            case .accessibility2: .accessibilityLarge
            case .accessibility3: .accessibilityExtraLarge
            case .accessibility4: .accessibilityExtraExtraLarge
            case .accessibility5: .accessibilityExtraExtraExtraLarge
            }
        }
        set {
            let all = ContentSizeCategory.allCases
            dynamicTypeSize = DynamicTypeSize(rawValue: all.firstIndex(of: newValue) ?? 3) ?? .large
        }
    }
    /// The locale (the process's current locale by default).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
    /// The calendar (the current one by default).
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
    /// The time zone (the current one by default).
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
    /// Whether controls are enabled; `disabled(true)` turns it off (controls draw dimmed).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
    /// The edit mode of lists (nil by default).
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
    /// The scene's phase; `.active` in a layout.
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
    /// The contrast of the colors; `.standard`.
    public var colorSchemeContrast: ColorSchemeContrast { self[ContrastKey.self] }
    /// Pixels per point; 1, what the renderer draws at by default (a choice: iPhones are 2 or 3).
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
    /// The length of one pixel in points (`1 / displayScale`).
    public var pixelLength: CGFloat { 1 / max(displayScale, 0.000_001) }
    /// Whether Reduce Motion is on; false.
    public var accessibilityReduceMotion: Bool { self[FalseKey<ReduceMotionTag>.self] }
    /// Whether Reduce Transparency is on; false.
    public var accessibilityReduceTransparency: Bool { self[FalseKey<ReduceTransparencyTag>.self] }
    /// Whether Differentiate Without Color is on; false.
    public var accessibilityDifferentiateWithoutColor: Bool { self[FalseKey<DifferentiateTag>.self] }
    /// Whether Invert Colors is on; false.
    public var accessibilityInvertColors: Bool { self[FalseKey<InvertColorsTag>.self] }
    /// Whether VoiceOver is running; false.
    public var accessibilityVoiceOverEnabled: Bool { self[FalseKey<VoiceOverTag>.self] }
    /// Whether a search is active; false.
    public var isSearching: Bool { self[FalseKey<IsSearchingTag>.self] }
    /// Whether the nearest focusable ancestor has focus; false.
    public var isFocused: Bool { self[FalseKey<IsFocusedTag>.self] }
    /// Whether the view is in a presentation; false.
    public var isPresented: Bool { self[FalseKey<IsPresentedTag>.self] }
    /// The legibility weight (nil by default).
    public var legibilityWeight: LegibilityWeight? {
        get { self[LegibilityWeightKey.self] }
        set { self[LegibilityWeightKey.self] = newValue }
    }
    /// The refresh action of `refreshable` (nil by default; never run in a layout).
    public var refresh: RefreshAction? {
        get { self[RefreshKey.self] }
        set { self[RefreshKey.self] = newValue }
    }
    /// The size of controls (`.regular`); controls use it for their padding and height.
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }
    /// Whose control metrics controls use (`.iOS`, SwiftUI on iOS 17, by default).
    public var controlPlatform: ControlPlatform {
        get { self[ControlPlatformKey.self] }
        set { self[ControlPlatformKey.self] = newValue }
    }
    /// How text that doesn't fit is truncated (`.tail`); recorded (the renderer ellipsizes at the end).
    public var truncationMode: TextTruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }
    /// The case text is shown in (nil: as written); applied to the measured string.
    public var textCase: TextCase? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }
    /// How far text may shrink to fit (1: not at all), as SwiftUI's `minimumScaleFactor`.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }
    /// Extra space between lines of text (0).
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }
    /// The least number of lines text takes (`lineLimit(2...4)`, `lineLimit(2, reservesSpace: true)`); nil: no minimum.
    var minimumLines: Int? {
        get { self[MinimumLinesKey.self] }
        set { self[MinimumLinesKey.self] = newValue }
    }
}

extension EnvironmentValues {
    /// The environment a preview's canvas settings give it, from the names the command line and
    /// the wire use (`light`/`dark`, a `DynamicTypeSize` case name, `ltr`/`rtl`, a locale
    /// identifier); nil or an unknown name keeps SwiftUI's default (engine-internal).
    /// A device's `horizontalSizeClass` / `verticalSizeClass` (`compact`, `regular`) and
    /// `displayScale` are set when given.
    public static func _canvas(colorScheme: String?, dynamicTypeSize: String?, layoutDirection: String?, locale: String?,
                               horizontalSizeClass: String? = nil, verticalSizeClass: String? = nil,
                               displayScale: Double? = nil) -> EnvironmentValues {
        var env = EnvironmentValues()
        func sizeClass(_ name: String?) -> UserInterfaceSizeClass?? {
            switch name { case "compact": .some(.compact); case "regular": .some(.regular); default: .none }
        }
        if let h = sizeClass(horizontalSizeClass) { env.horizontalSizeClass = h }
        if let v = sizeClass(verticalSizeClass) { env.verticalSizeClass = v }
        if let displayScale, displayScale.isFinite, displayScale > 0 { env.displayScale = CGFloat(displayScale) }
        if colorScheme == "dark" { env.colorScheme = .dark }
        if let name = dynamicTypeSize, let size = DynamicTypeSize.allCases.first(where: { "\($0)" == name }) {
            env.dynamicTypeSize = size
        }
        if layoutDirection == "rtl" { env.layoutDirection = .rightToLeft }
        if let locale { env.locale = Locale(identifier: locale) }
        return env
    }
}

/// A value that grows with Dynamic Type, as SwiftUI's `ScaledMetric`: `@ScaledMetric var
/// padding = 16` is 16 at the default size and grows as `.body` text does.
///
/// Scaled as `UIFontMetrics.scaledValue(for:)` scales: by the ratio of the text style's size at
/// the environment's `DynamicTypeSize` to its size at `.large` (`Font.TextStyle.scale(at:)`).
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    let base: Value
    let textStyle: Font.TextStyle
    /// The environment of the view's last live update (as `Environment` keeps it).
    var captured: EnvironmentValues? = nil
    /// A value that grows as `.body` text does.
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, relativeTo: .body) }
    /// A value that grows as text of `textStyle` does.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        base = wrappedValue
        self.textStyle = textStyle
    }
    /// The value at the Dynamic Type size of the view being built.
    public var wrappedValue: Value {
        let size = (captured ?? BuildEnvironment.current).dynamicTypeSize
        return size == .large ? base : base * Value(textStyle.scale(at: size))
    }
}

extension ScaledMetric: _EnvironmentCapturing {
    static func _capture(at pointer: UnsafeMutableRawPointer, _ environment: EnvironmentValues) {
        pointer.assumingMemoryBound(to: ScaledMetric<Value>.self).pointee.captured = environment
    }
    static func _readsSameValue(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let x = a.assumingMemoryBound(to: ScaledMetric<Value>.self).pointee
        let y = b.assumingMemoryBound(to: ScaledMetric<Value>.self).pointee
        guard let ex = x.captured, let ey = y.captured else { return false }
        return x.base == y.base && ex.dynamicTypeSize == ey.dynamicTypeSize
    }
}
