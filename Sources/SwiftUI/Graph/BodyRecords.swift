@_spi(Reflection) import Swift
import Foundation
import LayoutCore
import Observation

// Bodies evaluated only when their inputs changed, as SwiftUI does: the graph remembers, for
// each of the person's views (and view modifiers) by identity, the value its body was last
// evaluated from and the body it returned. A later update builds that body again without
// calling `body` when
// - the new view value is the same as the remembered one (its bytes, after its state properties
//   were linked to the kept storage, so that two values of one view compare equal; an
//   `@Environment` property compares the value it reads, not the environment it captured; a
//   `Binding` compares where it reads and writes, `BindingLocation`), and
// - nothing the body read has changed since: no `@State` / `Binding` it read was written (a box
//   remembers the views that read it), no `@Observable` property it read changed (each
//   evaluation tracks its reads), and no `ObservableObject` it read through `@ObservedObject`,
//   `@StateObject` or `@EnvironmentObject` sent a change (the object remembers its readers).
//
// Rebuilding the remembered body still builds its primitives (so controls register their
// actions, environment changes reach text and shapes, lifecycle modifiers see their views), and
// the views inside it are decided the same way one by one. Bytes compare conservatively: a view
// holding a closure or a new object made by its parent's body compares different (re-evaluated,
// never wrongly skipped). The built-in views of this module always evaluate: several read the
// graph's own state (focus, presented screens) rather than boxes.

/// The view whose body is being evaluated: what reads state or an object during the evaluation
/// remembers it, and tells the graph to evaluate it again when that changes.
struct BodyReader {
    unowned let graph: ViewGraph
    let key: UInt64
}

/// The readers of each `ObservableObject` (by its identity, or its own publisher's): a change it
/// announces re-evaluates them, as SwiftUI's subscription to `objectWillChange` does. A reader
/// that left its graph, or a graph that ended, is skipped.
enum ObjectReaders {
    private final class Entry {
        weak var object: AnyObject?
        weak var graph: ViewGraph?
        var keys: Set<UInt64> = []
        init(_ object: AnyObject, _ graph: ViewGraph) { self.object = object; self.graph = graph }
    }
    private struct Table {
        var entries: [ObjectIdentifier: [Entry]] = [:]
        /// The size at which entries of objects or graphs that are gone are swept out.
        var sweepAt = 256
    }
    private static let table = Locked(Table())

    /// Notes that the body being evaluated read `object` (nothing outside an evaluation).
    static func noteRead(_ object: AnyObject) {
        guard let reader = BuildEnvironment.currentReader else { return }
        let id = ObjectIdentifier(object)
        table.withLock { table in
            var entries = table.entries[id, default: []]
            // An entry of an object that is gone may share the new one's address.
            entries.removeAll { $0.graph == nil || $0.object !== object }
            if let entry = entries.first(where: { $0.graph === reader.graph }) {
                entry.keys.insert(reader.key)
            } else {
                let entry = Entry(object, reader.graph)
                entry.keys.insert(reader.key)
                entries.append(entry)
            }
            table.entries[id] = entries
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { _, entries in entries.contains { $0.object != nil && $0.graph != nil } }
                table.sweepAt = Swift.max(256, table.entries.count * 2)
            }
        }
    }

    /// Re-evaluates the readers of `object`; returns false when no body read it.
    static func changed(_ object: AnyObject, _ transaction: Transaction?) -> Bool {
        let readers: [(ViewGraph, Set<UInt64>)] = table.withLock { table in
            (table.entries[ObjectIdentifier(object)] ?? []).compactMap { entry in
                guard entry.object === object, let graph = entry.graph else { return nil }
                return (graph, entry.keys)
            }
        }
        for (graph, keys) in readers { graph.markDirty(keys, transaction) }
        return !readers.isEmpty
    }
}

/// What the graph remembers of the last evaluation of one view's (or modifier's) body.
class BodyRecord {
    /// Set when something the body read changed: the next build evaluates it.
    var isDirty = false
    /// Set for the build in progress when a view below this one changed: its nodes are built
    /// again, not reused (`ViewGraph.markAboveChange`).
    var containsChange = false
    /// The record of the person's view whose build built this one (nil: none above it).
    weak var parent: BodyRecord?
    /// What the last build of the view made, while it can be reused (`ReusedBuilds.swift`).
    var reusable: ReusableBuild?
    /// The build that last reached this view (records not reached are dropped).
    var lastBuild: Int
    /// The evaluation that made the remembered body (`ViewGraph.nextEvaluation`).
    var evaluation: Int
    init(build: Int, evaluation: Int) { lastBuild = build; self.evaluation = evaluation }
}

/// The remembered value (a view or a view modifier) and the body evaluated from it (the value
/// keeps every object it references alive, so no later value can reuse their addresses and
/// compare equal by accident).
final class RememberedBody<Value, Body>: BodyRecord {
    var value: Value
    var body: Body
    init(value: Value, body: Body, build: Int, evaluation: Int) {
        self.value = value; self.body = body
        super.init(build: build, evaluation: evaluation)
    }
}

extension DynamicPropertyFields {
    /// Whether two linked values of the type are the same input to `body`: equal bytes outside
    /// the environment-reading properties and bindings, equal values read by the former, and
    /// the same locations for the latter (as SwiftUI compares bindings).
    func sameInput<V>(_ a: V, _ b: V) -> Bool {
        withUnsafeBytes(of: a) { pa in
            withUnsafeBytes(of: b) { pb in
                guard let x = pa.baseAddress, let y = pb.baseAddress else { return true }
                for range in comparedRanges where memcmp(x + range.lowerBound, y + range.lowerBound, range.count) != 0 {
                    return false
                }
                for field in environmentFields where !field.type._readsSameValue(x + field.offset, y + field.offset) {
                    return false
                }
                for field in bindingFields where !field.type._sameBinding(x + field.offset, y + field.offset) {
                    return false
                }
                return true
            }
        }
    }

    /// The bytes of a value of `type` that hold its fields' values: every field's own bytes,
    /// structs' and tuples' fields searched (the padding between fields holds whatever was there
    /// when the value was made), the environment-reading properties at `excluded` left out.
    static func ranges(of type: Any.Type, excluding excluded: Set<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        appendRanges(of: type, base: 0, excluding: excluded, into: &ranges, depth: 0)
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, last.upperBound >= range.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    private static func appendRanges(of type: Any.Type, base: Int, excluding excluded: Set<Int>, into ranges: inout [Range<Int>], depth: Int) {
        var fieldRanges: [Range<Int>] = []
        let searched = depth < 8 && _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            let at = base + offset
            if excluded.contains(at), fieldType is any _EnvironmentCapturing.Type || fieldType is any _LocatedBinding.Type { return true }
            // How a conditional or a tuple builds its parts follows from its type (`_PartsBuilder`);
            // the parts are compared.
            if fieldType == _PartsBuilder.self { return true }
            // (A tuple, a block of views' `TupleView.value`, has padding between its elements too.)
            if kind == .struct || kind == .tuple {
                appendRanges(of: fieldType, base: at, excluding: excluded, into: &fieldRanges, depth: depth + 1)
            } else {
                fieldRanges.append(at..<(at + size(of: fieldType)))
            }
            return true
        }
        if searched {
            ranges.append(contentsOf: fieldRanges)
        } else {
            ranges.append(base..<(base + size(of: type)))
        }
    }

    private static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }
}

/// Whether two values are equal: by `==` when the type is `Equatable`, else by their bytes
/// (a conservative answer: equal bytes are the same value).
func sameValue<T>(_ a: T, _ b: T) -> Bool {
    if let x = a as? any Equatable { return x.isEqual(toAny: b) }
    return withUnsafeBytes(of: a) { pa in
        withUnsafeBytes(of: b) { pb in pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
    }
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}

extension ViewGraph {
    /// Builds the body of `view`, a person's view whose state `fields` describes, already
    /// linked: the remembered body when its inputs did not change, else a new evaluation.
    /// When neither the view nor anything below it changed, the nodes it built last time are
    /// used again (`ReusedBuilds.swift`).
    @inline(__always) func buildBody<V: View>(of view: V, fields: DynamicPropertyFields, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let key = mixKey(inputs.identity, fields.typeKey)
        let kept = record(key) as? RememberedBody<V, V.Body>
        if let kept, let build = kept.reusable, !kept.isDirty, !kept.containsChange,
           mayReuse(build, inputs), fields.sameInput(kept.value, view) {
            kept.parent = buildingRecord
            reuse(build, state: inputs.state, outputs: &outputs)
            return
        }
        let logStart = buildLog.count, diagnosticsStart = inputs.state.diagnostics.count, volatileStart = volatileBuilds
        let nodesStart = outputs.nodes.count
        let made = rememberedRecord(of: view, kept: kept, key: key, fields: fields, environment: inputs.environment) { view.body }
        made.parent = buildingRecord
        let outer = buildingRecord
        buildingRecord = made
        trackingBuildReads(of: key) {
            BuildEnvironment.with(inputs.environment) { V.Body._makeView(made.body, inputs: inputs, outputs: &outputs) }
        }
        buildingRecord = outer
        made.reusable = reusableBuild(roots: outputs.nodes[nodesStart...], logStart: logStart, diagnosticsStart: diagnosticsStart,
                                      volatileStart: volatileStart, inputs: inputs)
    }

    /// `buildBody(of:)` for a person's view modifier, whose content `inputs` carries.
    @inline(__always) func buildBody<M: ViewModifier>(of modifier: M, fields: DynamicPropertyFields, identity: UInt64, inputs: _ViewInputs,
                                                      environment: EnvironmentValues, outputs: inout _ViewOutputs) {
        let body = rememberedBody(of: modifier, key: mixKey(identity, fields.typeKey), fields: fields,
                                  environment: environment) { modifier.body(content: _ViewModifier_Content<M>()) }
        BuildEnvironment.with(environment) { buildView(body, inputs, &outputs) }
    }

    /// The body remembered for `value` at `key` when nothing it depends on changed; otherwise
    /// `evaluation` runs (in `environment`) and its body is remembered.
    private func rememberedBody<Value, Body>(of value: Value, key: UInt64, fields: DynamicPropertyFields,
                                             environment: EnvironmentValues, _ evaluation: () -> Body) -> Body {
        rememberedRecord(of: value, kept: record(key) as? RememberedBody<Value, Body>, key: key, fields: fields,
                         environment: environment, evaluation).body
    }

    /// `rememberedBody`, given the record kept at `key` (if any) and returning the record that
    /// holds the body.
    private func rememberedRecord<Value, Body>(of value: Value, kept: RememberedBody<Value, Body>?, key: UInt64, fields: DynamicPropertyFields,
                                               environment: EnvironmentValues, _ evaluation: () -> Body) -> RememberedBody<Value, Body> {
        if let kept, !kept.isDirty, fields.sameInput(kept.value, value) { return kept }
        let number = nextEvaluation()
        let body = BuildEnvironment.with(environment) { evaluate(key, number, evaluation) }
        if let kept {
            kept.value = value
            kept.body = body
            kept.isDirty = false
            kept.evaluation = number
            return kept
        }
        let made = RememberedBody(value: value, body: body, build: buildNumber, evaluation: number)
        keepRecord(made, at: key)
        return made
    }

    /// Evaluates a body (`evaluation`) as the view at `key`: the boxes it reads remember the
    /// view, and the `@Observable` properties it reads mark it dirty when they change.
    ///
    /// Only the evaluation is tracked, not the build of what it returned: the views inside are
    /// decided on their own, and what the build reads (a `ForEach`'s content closure) is read
    /// again by every build, since primitives are always built.
    /// A change tracked by an evaluation the record no longer holds is ignored (it re-evaluated
    /// since, and tracked what it reads now).
    private func evaluate<Body>(_ key: UInt64, _ number: Int, _ evaluation: () -> Body) -> Body {
        countBody()
        let reference = RecordReference(self, key: key, evaluation: number)
        return withObservationTracking {
            BuildEnvironment.withReader(BodyReader(graph: self, key: key), evaluation)
        } onChange: {
            reference.markDirty()
        }
    }
}
extension ViewGraph {
    /// The tag of a record's key under which what its *build* reads is noted (a `ForEach`'s
    /// content closure, a control reading its binding): such a read changing builds the view
    /// again, its body kept, rather than evaluating the body (`beginBuild`).
    static let buildReadTag: UInt64 = 0x8000_0000_0000_0000

    /// Runs `build` (the build of the body of the person's view at `key`) noting what it reads:
    /// state and objects remember the view as a reader of its build, and `@Observable`
    /// properties read mark it to be built again when they change. Views inside note their own
    /// reads too; what they read also counts for this view, which is built again around them anyway.
    func trackingBuildReads(of key: UInt64, _ build: () -> Void) {
        let tagged = key ^ ViewGraph.buildReadTag
        let reference = RecordReference(self, key: tagged, evaluation: -1)
        withObservationTracking {
            BuildEnvironment.withReader(BodyReader(graph: self, key: tagged), build)
        } onChange: {
            reference.markDirty()
        }
    }
}

/// A record as Observation's change handler holds it: called on the thread that changed the
/// model, it queues the record for the next update (`ViewGraph.markDirty`).
private final class RecordReference: @unchecked Sendable {
    weak var graph: ViewGraph?
    let key: UInt64
    let evaluation: Int
    init(_ graph: ViewGraph, key: UInt64, evaluation: Int) { self.graph = graph; self.key = key; self.evaluation = evaluation }
    func markDirty() { graph?.markDirty(key, evaluation: evaluation, BuildEnvironment.currentTransaction) }
}
