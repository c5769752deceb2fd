import Foundation

/// Options for a layout pass.
public struct LayoutOptions: Sendable {
    /// Record every size and placement call in `LayoutResult.trace`.
    public var recordsTrace: Bool = true
    /// The most trace events kept; later events are dropped and the trace marked truncated.
    public var traceLimit: Int = 20_000
    /// Measure every view's min / ideal / max size (the zero / unspecified / infinity probes).
    public var measuresSizeRanges: Bool = true
    /// Creates the default options: trace recorded (up to 20,000 events) and size ranges measured.
    public init() {}
    /// Options for the fastest pass: no trace, no size ranges.
    public static var fastest: LayoutOptions {
        var o = LayoutOptions()
        o.recordsTrace = false
        o.measuresSizeRanges = false
        return o
    }
}

/// Lays out a SwiftUI-style view tree headlessly: the API the tests, the app and users share.
///
/// ```swift
/// let result = LayoutHost.layout(HStack { Color.red.id("a"); Color.blue }, in: CGSize(width: 100, height: 100))
/// result.frame(of: "a")   // (0, 0, 46, 100)
/// ```
/// The root view is proposed the given size and centred in it, as a window centres its content.
/// A host keeps the view tree (and layout caches) between passes; `setRoot` replaces it.
public final class LayoutHost {
    private var root: LayoutNode?
    private var nodes: [LayoutNode] = []
    private var buildDiagnostics: [(message: String, view: LayoutNode?)] = []
    private var passCounter: UInt32 = 0
    /// Explicit ids → view index, and duplicate-id messages: properties of the tree, built once.
    private var idIndex: [AnyHashable: Int] = [:]
    private var duplicateIDs: [(message: String, view: LayoutNode)] = []
    /// The display list, when no view's visibility depends on the layout (no ViewThatFits).
    private var staticDisplayList: [DisplayItem]? = nil
    private var hasLayoutDependentVisibility = false
    private var info: [ViewInfo] = []
    /// The depth of the deepest view: passes over deeper trees run on a thread with a large stack.
    private var maxDepth = 0

    /// Trees deeper than this are laid out on a dedicated thread whose stack is big enough for
    /// the recursion (each nesting level takes several stack frames; a 512 KiB worker thread
    /// overflows a few hundred levels deep in a debug build).
    static let deepTreeThreshold = 128
    static let deepTreeStackSize = 512 << 20
    /// The text measurer layouts use.
    public let textMeasurer: any TextMeasurer
    /// The environment the root view sees.
    public var environment: EnvironmentValues

    /// Creates a host for `root`, measuring text with `textMeasurer` (the deterministic measurer by default) and building in `environment`.
    public init<V: View>(_ root: V, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                         environment: EnvironmentValues = EnvironmentValues()) {
        self.textMeasurer = textMeasurer
        self.environment = environment
        setRoot(root)
    }

    /// Lays out `view` once: the one-call form of `LayoutHost(view).layout(in: size)`.
    public static func layout<V: View>(_ view: V, in size: CGSize, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                                       options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        LayoutHost(view, textMeasurer: textMeasurer).layout(in: size, options: options)
    }

    /// Replaces the view tree. Identities are structural, so views in the same place keep them.
    public func setRoot<V: View>(_ view: V) {
        let state = BuildState()
        let inputs = _ViewInputs(environment: environment, state: state)
        var built = buildNodes(view, inputs)
        if built.count > 1 {
            // Several root views: stacked vertically, as a window's content group is.
            let stack = LayoutNode(kind: .layout(ConcreteLayoutStorage(VStackLayout(), typeName: "VStack")), children: built, kindName: "VStack")
            built = [stack]
        }
        // Containers that keep their identity keep their layout cache (updated, not remade).
        var previous: [UInt64: LayoutStorage] = [:]
        for node in nodes { if case .layout(let storage) = node.kind { previous[node.identity] = storage } }
        root = built.first
        buildDiagnostics = state.diagnostics
        nodes.removeAll(keepingCapacity: true)
        idIndex = [:]
        duplicateIDs = []
        staticDisplayList = nil
        hasLayoutDependentVisibility = false
        info = []
        if let root {
            finalize(root)
            // Bottom-up (reverse pre-order): priorities and guide flags, properties of the tree.
            for node in nodes.reversed() {
                node.priority = node.computeLayoutPriority
                switch node.kind {
                case .alignmentGuide, .text: node.mayHaveExplicitGuides = true
                case .layout(let storage) where !storage.isBuiltIn: node.mayHaveExplicitGuides = true
                default: node.mayHaveExplicitGuides = node.children.contains { $0.mayHaveExplicitGuides }
                }
            }
            if !previous.isEmpty {
                for node in nodes {
                    if case .layout(let storage) = node.kind, let old = previous[node.identity] { storage.adoptCache(from: old) }
                }
            }
            maxDepth = nodes.reduce(0) { max($0, $1.depth) }
            info.reserveCapacity(nodes.count)
            for node in nodes {
                info.append(ViewInfo(parent: node.parent?.index, depth: node.depth, identity: ViewIdentity(rawValue: node.identity),
                                     explicitID: node.traits.explicitID, kind: node.kindName, detail: node.detail,
                                     priority: node.priority,
                                     layoutValues: node.traits.layoutValues.map { "\($0.name): \($0.value)" },
                                     zIndex: node.traits.zIndex))
            }
            for node in nodes {
                if case .viewThatFits = node.kind { hasLayoutDependentVisibility = true }
                guard let id = node.traits.explicitID else { continue }
                if let first = idIndex[id] {
                    duplicateIDs.append(("the id \(id) is used by more than one view; lookups return the first (view \(first))", node))
                } else {
                    idIndex[id] = node.index
                }
            }
            if !hasLayoutDependentVisibility {
                var list: [DisplayItem] = []
                emitDisplayItems(root, visibility: nil, into: &list)
                staticDisplayList = list
            }
        }
    }

    /// Numbers the nodes, links parents, derives identities and Spacer/Divider orientation.
    private func finalize(_ root: LayoutNode) {
        root.identity = mixKey(0, root.structuralKey)
        root.parent = nil
        root.depth = 0
        var stack: [(LayoutNode, Axis?)] = [(root, nil)]
        while let (node, orientation) = stack.popLast() {
            node.index = nodes.count
            nodes.append(node)
            switch node.kind {
            case .spacer, .divider: node.stackOrientation = orientation
            default: break
            }
            let isContainer: Bool
            let childOrientation: Axis?
            switch node.kind {
            case .layout(let storage): isContainer = true; childOrientation = storage.layoutProperties.stackOrientation
            case .viewThatFits: isContainer = true; childOrientation = nil
            case .scrollView: isContainer = false; childOrientation = nil
            default: isContainer = false; childOrientation = node.kind.isUnaryModifier ? orientation : nil
            }
            for (i, child) in node.children.enumerated().reversed() {
                child.parent = node
                child.depth = node.depth + 1
                child.identity = isContainer ? mixKey(node.identity, child.structuralKey) : mixKey(node.identity, UInt64(i + 1))
                // The secondary view of a background/overlay is not in the stack.
                let o: Axis? = (node.kind.isLayered && i == 1) ? nil : childOrientation
                stack.append((child, o))
            }
        }
    }

    /// Lays out the tree for a window of `size`: the root is proposed `size` and centred in it.
    public func layout(in size: CGSize, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        layout(proposal: ProposedViewSize(size), options: options)
    }

    /// Lays out the tree for a proposal. Unspecified or infinite dimensions of the canvas take the
    /// root's size; the root is centred in the canvas.
    public func layout(proposal: ProposedViewSize, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        guard maxDepth > LayoutHost.deepTreeThreshold else { return performLayout(proposal: proposal, options: options) }
        // Deep trees: run the pass on a thread with a large stack and wait for it, so that a
        // 1,000-deep chain of stacks works whatever the caller's thread.
        let box = UncheckedSendableBox((self, proposal, options))
        let resultBox = UncheckedSendableBox<LayoutResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let (host, p, o) = box.value
            resultBox.value = host.performLayout(proposal: p, options: o)
            done.signal()
        }
        thread.stackSize = LayoutHost.deepTreeStackSize
        thread.start()
        done.wait()
        return resultBox.value!
    }

    private func performLayout(proposal: ProposedViewSize, options: LayoutOptions) -> LayoutResult {
        passCounter &+= 1
        if passCounter == 0 { passCounter = 1 }
        let pass = LayoutPass(passID: passCounter, textMeasurer: textMeasurer, options: options,
                              viewCount: nodes.count, tracksVisibility: hasLayoutDependentVisibility)
        for (message, node) in buildDiagnostics { pass.diagnoseBuild(node, message) }
        for (message, node) in duplicateIDs { pass.diagnose(node, .duplicateID, message) }
        guard let root else {
            return LayoutResult(proposal: proposal, canvasSize: proposal.replacingUnspecifiedDimensions(by: .zero),
                                rootSize: .zero, views: PlacedViews(info: [], geometry: PassGeometry(frames: [], proposals: [], visibility: nil, sizeRanges: nil)), displayList: [], trace: pass.trace,
                                counters: pass.counters, diagnostics: pass.diagnostics, idIndex: [:])
        }
        let rootSize = pass.size(of: root, proposal)
        let finiteRoot = CGSize(width: rootSize.width.isFinite ? rootSize.width : 0, height: rootSize.height.isFinite ? rootSize.height : 0)
        func canvasLength(_ p: CGFloat?, _ r: CGFloat) -> CGFloat {
            guard let p, p.isFinite, !p.isNaN else { return r }
            return max(p, 0)
        }
        let canvas = CGSize(width: canvasLength(proposal.width, finiteRoot.width), height: canvasLength(proposal.height, finiteRoot.height))
        let origin = CGPoint(x: (canvas.width - finiteRoot.width) / 2, y: (canvas.height - finiteRoot.height) / 2)
        pass.commit(root, origin: origin, size: rootSize, proposal: proposal.sanitized)

        // Collect results.
        var sizeRanges: [(CGSize, CGSize, CGSize)]? = nil
        var probeDiagnostics: [LayoutDiagnostic] = []
        if options.measuresSizeRanges {
            // What the probes find is reported apart: the pass never asked those questions.
            let passDiagnostics = pass.diagnostics.count
            sizeRanges = nodes.map { (pass.size(of: $0, .zero), pass.size(of: $0, .unspecified), pass.size(of: $0, .infinity)) }
            if pass.diagnostics.count > passDiagnostics {
                probeDiagnostics = Array(pass.diagnostics[passDiagnostics...])
                pass.diagnostics.removeSubrange(passDiagnostics...)
            }
        }
        let views = PlacedViews(info: info, geometry: PassGeometry(frames: pass.frames, proposals: pass.proposals,
                                                                    visibility: pass.visibility, sizeRanges: sizeRanges))
        var display: [DisplayItem]
        if let staticDisplayList { display = staticDisplayList } else {
            display = []
            emitDisplayItems(root, visibility: pass.visibility, into: &display)
        }
        var counters = pass.counters
        counters.viewCount = nodes.count
        return LayoutResult(proposal: proposal, canvasSize: canvas, rootSize: rootSize, views: views, displayList: display,
                            trace: pass.trace, counters: counters, diagnostics: pass.diagnostics,
                            probeDiagnostics: probeDiagnostics, idIndex: idIndex)
    }

    private func emitDisplayItems(_ node: LayoutNode, visibility: [Bool]?, into list: inout [DisplayItem]) {
        if let visibility, !visibility[node.index] { return }
        for k in node.preItems { list.append(DisplayItem(view: node.index, kind: k)) }
        switch node.kind {
        case .background:
            emitDisplayItems(node.children[1], visibility: visibility, into: &list)
            emitDisplayItems(node.children[0], visibility: visibility, into: &list)
        default:
            if node.children.contains(where: { $0.traits.zIndex != 0 }) {
                let ordered = node.children.enumerated().sorted { a, b in
                    a.element.traits.zIndex != b.element.traits.zIndex ? a.element.traits.zIndex < b.element.traits.zIndex : a.offset < b.offset
                }
                for (_, c) in ordered { emitDisplayItems(c, visibility: visibility, into: &list) }
            } else {
                for c in node.children { emitDisplayItems(c, visibility: visibility, into: &list) }
            }
        }
        for k in node.postItems { list.append(DisplayItem(view: node.index, kind: k)) }
    }

    /// The number of views in the tree.
    public var viewCount: Int { nodes.count }
}

extension NodeKind {
    var isLayered: Bool {
        switch self {
        case .background, .overlay: return true
        default: return false
        }
    }
}

/// Hands a value to another thread that the caller waits for (no concurrent access).
final class UncheckedSendableBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
