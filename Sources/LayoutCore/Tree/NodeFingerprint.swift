import Foundation

/// What a view's size depends on, reduced to 64 bits: its kind and the values it stores, the
/// traits its container reads, and the same of every view below it.
///
/// Incremental relayout rests on it (<doc:IncrementalLayout>): when a new view tree replaces the
/// old one (`LayoutHost.setRoot`, a GeometryReader's content rebuilt), a view whose identity and
/// fingerprint are unchanged keeps the sizes it already chose, as SwiftUI keeps a view's sizes
/// while its inputs are equal. Values that cannot be compared (closures: an `alignmentGuide`'s
/// computation, a custom `Shape`, a layout holding a closure) make the view's fingerprint unique,
/// so such a view is measured again after every rebuild; it still reuses its sizes between passes
/// over the same tree. Drawing (colours, borders, shadows) is not part of it: recolouring a view
/// reuses every size.
///
/// Layout values are compared as SwiftUI compares view inputs: by `==` when the type is
/// `Hashable`, otherwise by their bytes when the type is plain data (`_isPOD`); anything else
/// counts as changed.
///
/// Words are mixed one at a time (`mixKey`, a few multiplications a word) rather than fed to
/// SipHash: every view of every build is fingerprinted, fingerprints never leave the process,
/// and a collision is caught by the subtree-size check that guards each reuse. Values of other
/// types go in as their `hashValue`.
package struct FingerprintBuilder {
    private var state: UInt64 = 0x6A09_E667_F3BC_C908
    /// False once a value that cannot be compared was met.
    private(set) var isComparable = true

    @inline(__always) private mutating func mix(_ word: UInt64) { state = mixKey(state, word) }
    @inline(__always) package mutating func combine<H: Hashable>(_ value: H) { mix(UInt64(bitPattern: Int64(value.hashValue))) }
    @inline(__always) package mutating func combine(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
    @inline(__always) package mutating func combine(_ value: UInt64) { mix(value) }
    @inline(__always) package mutating func combine(_ value: UInt32) { mix(UInt64(value)) }
    @inline(__always) package mutating func combine(_ value: UInt8) { mix(UInt64(value)) }
    @inline(__always) package mutating func combine(_ value: Bool) { mix(value ? 1 : 0) }
    @inline(__always) package mutating func combine(_ value: Double) { mix(value.bitPattern) }
    @inline(__always) package mutating func combine(_ value: ObjectIdentifier) { mix(UInt64(UInt(bitPattern: value))) }
    @inline(__always) package mutating func combine(_ value: CGFloat?) {
        if let value { mix(1); mix(UInt64(value.bitPattern)) } else { mix(0) }
    }
    @inline(__always) package mutating func combine(_ a: HorizontalAlignment) { combine(a.key.identifier) }
    @inline(__always) package mutating func combine(_ a: VerticalAlignment) { combine(a.key.identifier) }
    @inline(__always) package mutating func combine(_ a: Alignment) { combine(a.horizontal); combine(a.vertical) }
    mutating func markIncomparable() { isComparable = false }

    /// Combines a value of any type: `Hashable` values by hash, plain data by bytes, others make
    /// the fingerprint incomparable.
    mutating func combineAny<T>(_ value: T) {
        combine(ObjectIdentifier(T.self))
        if let h = value as? any Hashable {
            combine(AnyHashable(h))
        } else if _isPOD(T.self) {
            var hasher = Hasher()
            withUnsafeBytes(of: value) { hasher.combine(bytes: $0) }
            combine(hasher.finalize())
        } else {
            isComparable = false
        }
    }

    /// Combines a value held as `Any` (a layout value): its dynamic type decides.
    mutating func combineExistential(_ value: Any) {
        func open<T>(_ v: T) { combineAny(v) }
        _openExistential(value, do: open)
    }

    func finalize() -> UInt64 { mixKey(state, 0x5851_F42D_4C95_7F2D) }
}

extension LayoutNode {
    /// Computes `fingerprint` from the node's own inputs and its children's fingerprints (which
    /// must be computed first). `nonce` makes incomparable views unique.
    func computeFingerprint(nonce: inout UInt64) {
        var f = FingerprintBuilder()
        kind.fingerprint(into: &f)
        traits.fingerprint(into: &f)
        switch stackOrientation {
        case .horizontal?: f.combine(1 as UInt8)
        case .vertical?: f.combine(2 as UInt8)
        case nil: f.combine(0 as UInt8)
        }
        f.combine(childCount)
        forEachChild { f.combine($0.fingerprint != 0 ? $0.fingerprint : $0.ensuredFingerprint(nonce: &nonce)) }
        if !f.isComparable {
            nonce &+= 1
            f.combine(nonce)
            f.combine(ObjectIdentifier(self))
        }
        var value = f.finalize()
        if value == 0 { value = 1 }  // 0 means "no sizes kept"
        fingerprint = value
    }
}

extension LayoutNode {
    /// The fingerprint, computed first when the view has none (0): a tree installed in a host
    /// that had none before is not fingerprinted (nothing could be compared with it), so its
    /// views are fingerprinted when a later tree is compared with them. Children without one
    /// are fingerprinted before their parent, in a loop rather than a recursion as deep as the
    /// subtree.
    func ensuredFingerprint(nonce: inout UInt64) -> UInt64 {
        if fingerprint != 0 { return fingerprint }
        var pending: [(node: LayoutNode, childrenDone: Bool)] = [(self, false)]
        while let (node, childrenDone) = pending.popLast() {
            if childrenDone {
                node.computeFingerprint(nonce: &nonce)
                continue
            }
            pending.append((node, true))
            node.forEachChild { if $0.fingerprint == 0 { pending.append(($0, false)) } }
        }
        return fingerprint
    }
}

extension LayoutNode {
    /// A digest of what this view is by itself, children aside: its kind and values, traits,
    /// id, name, drawing and attachments (not its layout direction nor its grid row, which a
    /// replacement takes over); nil when a value cannot be compared. Taken when a view is built
    /// and again later, it tells whether anything changed the view in between (the modifiers
    /// around a view that add to it: a trait, a transition, an opacity).
    package func ownStateDigest() -> UInt64? {
        var f = FingerprintBuilder()
        kind.fingerprint(into: &f)
        traits.fingerprint(into: &f, includingGridRow: false)
        f.combine(traits.explicitID)
        f.combine(traits.zIndex)
        f.combine(kindNameID)
        f.combine(storedDetail)
        f.combine(preItems.count)
        f.combine(postItems.count)
        f.combine(postLayoutAttachment != nil)
        f.combine(safeAreaBehavior != nil)
        f.combine(sourceMark)
        return f.isComparable ? f.finalize() : nil
    }
}

extension LayoutNode {
    /// Gives the view a fingerprint no other view has (as an incomparable view's is), without
    /// hashing its children: for the ancestors of views replaced in place, whose inputs changed
    /// below them, so that no later tree takes over their sizes. Hashing a container's children
    /// again would cost its fan-out on every edit below it.
    func makeFingerprintUnique(nonce: inout UInt64) {
        nonce &+= 1
        var f = FingerprintBuilder()
        f.combine(nonce)
        f.combine(ObjectIdentifier(self))
        let value = f.finalize()
        fingerprint = value == 0 ? 1 : value
    }
}

extension NodeKind {
    /// Combines the values a view of this kind stores that its size can depend on.
    func fingerprint(into f: inout FingerprintBuilder) {
        switch self {
        case .shape(let kind):
            f.combine(0 as UInt8)
            if kind.customResolver != nil { f.markIncomparable() } else { f.combine(kind) }
        case .text(let t):
            f.combine(1 as UInt8)
            f.combine(t.string); f.combine(t.font); f.combine(t.lineLimit); f.combine(t.minimumLines)
            f.combine(t.minimumScaleFactor)
        case .spacer(let spacer):
            f.combine(2 as UInt8); f.combine(spacer.minLength)
        case .divider:
            f.combine(3 as UInt8)
        case .progress(let progress):
            f.combine(4 as UInt8); f.combine(progress.fraction)
        case .image(let image):
            f.combine(5 as UInt8); f.combine(image.natural.width); f.combine(image.natural.height); f.combine(image.resizable); f.combine(image.baseline ?? -1)
        case .layout(let storage):
            f.combine(6 as UInt8); storage.fingerprint(into: &f)
        case .viewThatFits(let v):
            f.combine(7 as UInt8); f.combine(v.axes.rawValue)
        case .frame(let frame):
            f.combine(8 as UInt8); f.combine(frame.width); f.combine(frame.height); f.combine(frame.alignment)
        case .flexFrame(let frame):
            f.combine(9 as UInt8)
            f.combine(frame.minWidth); f.combine(frame.idealWidth); f.combine(frame.maxWidth)
            f.combine(frame.minHeight); f.combine(frame.idealHeight); f.combine(frame.maxHeight)
            f.combine(frame.alignment)
        case .padding(let padding):
            f.combine(10 as UInt8); f.combine(padding.insets)
        case .fixedSize(let m):
            f.combine(11 as UInt8); f.combine(m.horizontal); f.combine(m.vertical)
        case .aspectRatio(let m):
            f.combine(12 as UInt8); f.combine(m.ratio); f.combine(m.contentMode)
        case .layoutPriority(let m):
            f.combine(13 as UInt8); f.combine(m.value)
        case .alignmentGuide:
            // A closure: it cannot be compared.
            f.combine(14 as UInt8); f.markIncomparable()
        case .offset(let m):
            f.combine(15 as UInt8); f.combine(m.offset.width); f.combine(m.offset.height)
        case .position(let m):
            f.combine(16 as UInt8); f.combine(m.position.x); f.combine(m.position.y)
        case .background(let m):
            f.combine(18 as UInt8); f.combine(m.alignment)
        case .overlay(let m):
            f.combine(19 as UInt8); f.combine(m.alignment)
        case .scrollView(let m):
            f.combine(20 as UInt8); f.combine(m.axes.rawValue); f.combine(m.contentOffset.x); f.combine(m.contentOffset.y)
        }
    }
}

extension ViewTraits {
    /// Combines the traits containers read while sizing (layout values and grid traits); the id
    /// and z-index do not change sizes.
    /// A grid row's own traits (its id and alignment, which `GridRow` gives its cells) are left
    /// out when `includingGridRow` is false.
    func fingerprint(into f: inout FingerprintBuilder, includingGridRow: Bool = true) {
        // Most views carry no trait: one word stands for all the cell's defaults (a value no
        // count of layout values combines), whether or not the view has a row, so a digest
        // without the row is the same before and after a GridRow gives its cells their row.
        if isEmpty {
            f.combine(UInt64.max)
            if includingGridRow { f.combine(0 as UInt8); f.combine(false) }  // no row, no row alignment
            return
        }
        let values = layoutValues
        if values.isEmpty && gridCellColumns == 1 && gridColumnAlignment == nil && gridCellAnchor == nil && gridCellUnsizedAxes.isEmpty {
            f.combine(UInt64.max)
        } else {
            f.combine(values.count)
            for entry in values {
                f.combine(entry.key)
                f.combineExistential(entry.value)
            }
            f.combine(gridCellColumns)
            if let a = gridColumnAlignment { f.combine(true); f.combine(a) } else { f.combine(false) }
            f.combine(gridCellAnchor)
            f.combine(gridCellUnsizedAxes.rawValue)
        }
        guard includingGridRow else { return }
        if let id = gridRowID { f.combine(1 as UInt8); f.combine(id) } else { f.combine(0 as UInt8) }
        if let a = gridRowAlignment { f.combine(true); f.combine(a) } else { f.combine(false) }
    }
}

extension LayoutNode {
    /// Whether sizes this view chose in one pass may answer a later pass over the same tree:
    /// not when its size depends on its container's proposal (`containerRelativeFrame`), which
    /// reaches up to the nearest scroll view (whose own proposal is the container's). Computed
    /// bottom-up when the tree is installed.
    var computeReusesSizesAcrossPasses: Bool {
        if case .layout(let storage) = kind, storage.readsContainerProposal { return false }
        if case .scrollView = kind {
            // The scroll view's proposal is its content's container: only the view itself (its
            // first child is the content) depends on its own proposal.
            return true
        }
        for i in 0..<childCount where !child(i).reusesSizesAcrossPasses { return false }
        return true
    }
}

/// A layout that says itself which of its values its answers depend on. The engine's own
/// layouts do: their values hold alignments, whose bytes include padding, so comparing bytes
/// would miss equal values.
package protocol LayoutInputsFingerprinting {
    func fingerprint(into f: inout FingerprintBuilder)
}

/// Combines a layout's type and values: its own fingerprint if it has one, otherwise by `==`
/// (Hashable layouts) or bytes (plain data).
func fingerprintLayout<L: Layout>(_ layout: L, into f: inout FingerprintBuilder) {
    f.combine(ObjectIdentifier(L.self))
    if let own = layout as? any LayoutInputsFingerprinting { own.fingerprint(into: &f) } else { f.combineAny(layout) }
}

extension HStackLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) { f.combine(alignment); f.combine(spacing) }
}
extension VStackLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) { f.combine(alignment); f.combine(spacing) }
}
extension ZStackLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) { f.combine(alignment) }
}
extension GridLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) {
        f.combine(alignment); f.combine(horizontalSpacing); f.combine(verticalSpacing)
    }
}
extension LazyGridLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) {
        f.combine(axis == .horizontal); f.combine(alignment); f.combine(spacing)
        f.combine(items.count)
        for item in items {
            f.combine(item.size); f.combine(item.spacing)
            if let a = item.alignment { f.combine(true); f.combine(a) } else { f.combine(false) }
        }
    }
}
extension GeometryReaderLayout: LayoutInputsFingerprinting {
    // The reader's size depends on its proposal only; its content is its subviews.
    package func fingerprint(into f: inout FingerprintBuilder) {}
}
extension AnyLayout: LayoutInputsFingerprinting {
    package func fingerprint(into f: inout FingerprintBuilder) { box.fingerprint(into: &f) }
}

/// A set of proposal axes (`LayoutNode.ignoredProposalAxes`): one bit per axis.
struct ProposalAxes: Equatable {
    var rawValue: UInt8 = 0
    static let width = ProposalAxes(rawValue: 1)
    static let height = ProposalAxes(rawValue: 2)
    static let both = ProposalAxes(rawValue: 3)
    var isEmpty: Bool { rawValue == 0 }
    func union(_ o: ProposalAxes) -> ProposalAxes { ProposalAxes(rawValue: rawValue | o.rawValue) }

    /// `p` with the lengths on these axes replaced by nil: the memo key of a view whose size
    /// does not depend on them.
    @inline(__always) func key(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: rawValue & 1 != 0 ? nil : p.width, height: rawValue & 2 != 0 ? nil : p.height)
    }
}

extension LayoutNode {
    /// The proposal axes this view's size does not depend on, from its kind and its children's
    /// (called bottom-up). Only what the rules make certain: a fixed frame's fixed lengths and a
    /// `fixedSize` axis (the child is proposed nil there whatever the frame's proposal), a
    /// non-resizable image, modifiers that size themselves as their child does on an axis, and
    /// stacks whose size follows their subviews' (`BuiltInLayout.sizeFollowsSubviews`) on the
    /// axes none of their subviews depends on. Views whose answers may depend on anything else
    /// (custom layouts, grids, text, shapes) ignore nothing.
    var computeIgnoredProposalAxes: ProposalAxes {
        var own = ProposalAxes()
        let child = firstChild?.ignoredProposalAxes ?? ProposalAxes()
        switch kind {
        case .image(let image):
            return image.resizable ? own : .both
        case .frame(let f):
            // An open axis is the child's length for the frame's proposal on that axis.
            if f.width != nil { own = own.union(.width) }
            if f.height != nil { own = own.union(.height) }
            return own.union(child)
        case .fixedSize(let m):
            if m.horizontal { own = own.union(.width) }
            if m.vertical { own = own.union(.height) }
            return own.union(child)
        case .layout(let storage) where storage.sizeFollowsSubviews:
            // A stack or ZStack: what none of its subviews depends on (everything when it has none).
            var axes = ProposalAxes.both
            forEachChild { axes = ProposalAxes(rawValue: axes.rawValue & $0.ignoredProposalAxes.rawValue) }
            return axes
        case .padding, .layoutPriority, .alignmentGuide, .offset, .background, .overlay:
            // The child (the primary view for background and overlay) sized for the proposal on
            // that axis (padding: the proposal inset, its insets added back).
            return child
        default:
            return own
        }
    }
}
