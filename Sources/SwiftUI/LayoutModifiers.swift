import Foundation
import LayoutCore

/// A usable fixed frame length. SwiftUI warns about invalid lengths; measured on device, a
/// negative length (−∞ included) acts as 0, while NaN and +∞ act as nil (native probes P3, P9).
@inline(__always) private func validFrameLength(_ v: CGFloat?, _ name: String, _ state: BuildState) -> CGFloat? {
    guard let v else { return nil }
    // (NaN fails both tests.)
    if v >= 0 && v < .infinity { return v }
    return invalidFrameLength(v, name, state)
}

/// `validFrameLength` for a length that is not finite and non-negative, with its diagnostic.
@inline(never) private func invalidFrameLength(_ v: CGFloat, _ name: String, _ state: BuildState) -> CGFloat? {
    if v.isNaN || v == .infinity {
        state.diagnostics.append(("frame \(name) \(formatLength(v)) is invalid (non-finite) and is ignored", nil))
        return nil
    }
    if v < 0 {
        state.diagnostics.append(("frame \(name) \(formatLength(v)) is invalid (negative) and acts as 0", nil))
        return 0
    }
    return v
}

extension View {
    /// Positions the view within an invisible frame of the given size, as in SwiftUI.
    ///
    /// A fixed dimension is the frame's size whatever the proposal; an unspecified one takes the
    /// child's size for the proposal. The child is proposed the fixed dimensions and aligned in the
    /// frame by `alignment`; it may be larger than the frame and draw outside it. A negative
    /// length acts as 0, and NaN or infinity as nil, each with a diagnostic (as measured on SwiftUI).
    @inlinable  // specialised in the caller's module: no generic metadata looked up per call
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _FixedFrameView(content: self, width: width, height: height, alignment: alignment)
    }

    /// Positions the view within an invisible frame with the specified size constraints, as in SwiftUI.
    ///
    /// Per axis: the child is proposed the frame's proposal clamped to [min, max] (the ideal
    /// replaces an unspecified proposal); with both min and max the frame takes the proposal
    /// clamped to them, otherwise it follows the child within its bounds. Values are normalised
    /// to be non-decreasing (min ≤ ideal ≤ max), with a diagnostic when they were contradictory.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            func normalise(_ mn: CGFloat?, _ id: CGFloat?, _ mx: CGFloat?, _ axis: String) -> (CGFloat?, CGFloat?, CGFloat?) {
                // NaN is ignored (nil), with a diagnostic.
                func clean(_ v: CGFloat?, _ name: String) -> CGFloat? {
                    guard let v, v.isNaN else { return v }
                    inputs.state.diagnostics.append(("frame \(name) on the \(axis) axis is NaN and is ignored", nil))
                    return nil
                }
                let mn0 = clean(mn, "min"), id0 = clean(id, "ideal"), mx0 = clean(mx, "max")
                let mn1 = mn0.map { max($0, 0) }
                let id1 = id0.map { max(mn1 ?? 0, $0) }
                let mx1 = mx0.map { max(id1 ?? mn1 ?? 0, $0) }
                if (mn0 != nil && mn0! < 0) || (id0 != nil && id1 != id0) || (mx0 != nil && mx1 != mx0) {
                    inputs.state.diagnostics.append(("Contradictory frame constraints specified on the \(axis) axis (min \(mn0.map(formatLength) ?? "nil"), ideal \(id0.map(formatLength) ?? "nil"), max \(mx0.map(formatLength) ?? "nil")); they were made non-decreasing", nil))
                }
                return (mn1, id1, mx1)
            }
            let (minW, idealW, maxW) = normalise(minWidth, idealWidth, maxWidth, "horizontal")
            let (minH, idealH, maxH) = normalise(minHeight, idealHeight, maxHeight, "vertical")
            let f = FlexibleFrame(minWidth: minW, idealWidth: idealW, maxWidth: maxW,
                                  minHeight: minH, idealHeight: idealH, maxHeight: maxH, alignment: alignment)
            let detail = describe([("minWidth", minW), ("idealWidth", idealW), ("maxWidth", maxW),
                                   ("minHeight", minH), ("idealHeight", idealH), ("maxHeight", maxH)])
            buildWrapping(content, inputs, &outputs) { LayoutNode.wrapping($0, kind: .flexFrame(f), kindNameID: ViewKindNames.frame, detail: detail) }
        }
    }

    /// Adds padding to the given edges, as in SwiftUI (16 points when `length` is nil).
    ///
    /// The child is proposed the proposal minus the insets (never below 0) and the view is the
    /// child's size plus the insets. NaN or infinite lengths count as 0, with a diagnostic.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? 16))
    }

    /// Adds the same padding to every edge.
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// Adds different padding to each edge.
    public func padding(_ insets: EdgeInsets) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            var i = insets
            if !(i.top.isFinite && i.leading.isFinite && i.bottom.isFinite && i.trailing.isFinite) {
                for kp in [\EdgeInsets.top, \.leading, \.bottom, \.trailing] where !i[keyPath: kp].isFinite {
                    inputs.state.diagnostics.append(("padding \(formatLength(i[keyPath: kp])) is not finite and is treated as 0", nil))
                    i[keyPath: kp] = 0
                }
            }
            // Its detail is derived from the insets when asked (`LayoutNode.detail`).
            buildWrapping(content, inputs, &outputs) {
                LayoutNode.wrapping($0, kind: .padding(PaddingLayout(insets: i)), kindNameID: ViewKindNames.padding)
            }
        }
    }

    /// Fixes the view at its ideal size, as in SwiftUI: it is proposed nil on both axes.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// Fixes the view at its ideal size on the given axes, as in SwiftUI.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        wrapEach(.fixedSize(FixedSizeLayout(horizontal: horizontal, vertical: vertical)), "fixedSize",
                 horizontal && vertical ? "" : "horizontal: \(horizontal), vertical: \(vertical)")
    }

    /// Sets the priority by which a parent layout apportions space to this child, as in SwiftUI.
    /// Put it outermost: frames and padding applied after it report priority 0 again.
    public func layoutPriority(_ value: Double) -> some View {
        wrapEach(.layoutPriority(LayoutPriorityLayout(value: value.isNaN ? 0 : value)), "layoutPriority", formatLength(CGFloat(value)))
    }

    /// Associates a value with a custom layout property, as in SwiftUI. Read it in a layout with
    /// `subview[Key.self]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        changeEach { n, _ in n.traits.setLayoutValue(K.self, value) }
    }

    /// Sets the view's horizontal alignment guide to a computed value, as in SwiftUI. The closure
    /// receives the view's dimensions (its own guides included) and may run many times.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        wrapEach(.alignmentGuide(AlignmentGuideComputer(key: g.key, compute: computeValue)), "alignmentGuide", g.key.name)
    }

    /// Sets the view's vertical alignment guide to a computed value, as in SwiftUI.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        wrapEach(.alignmentGuide(AlignmentGuideComputer(key: g.key, compute: computeValue)), "alignmentGuide", g.key.name)
    }

    /// Offsets the view when drawn, as in SwiftUI; its layout (and its siblings') is unchanged.
    public func offset(_ offset: CGSize) -> some View {
        wrapEach(.offset(OffsetLayout(offset: offset)), "offset", "(\(formatLength(offset.width)), \(formatLength(offset.height)))")
    }
    /// Offsets the view when drawn by `x` and `y`; its layout (and its siblings') is unchanged.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { offset(CGSize(width: x, height: y)) }

    /// Positions the view's centre at a point in its parent, as in SwiftUI; the view takes the whole proposal.
    public func position(_ position: CGPoint) -> some View {
        wrapEach(.position(PositionLayout(position: position)), "position", "(\(formatLength(position.x)), \(formatLength(position.y)))")
    }
    /// Positions the view's centre at (`x`, `y`) in its parent; the view takes the whole proposal.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }

    /// Constrains the view's dimensions to an aspect ratio, as in SwiftUI (nil: the child's ideal ratio).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        wrapEach(.aspectRatio(AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode)), "aspectRatio",
                 "\(aspectRatio.map(formatLength) ?? "ideal"), \(contentMode == .fit ? ".fit" : ".fill")")
    }
    /// Constrains the view to the ratio `width / height` of `aspectRatio` (a zero height means the child's ideal ratio).
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.height != 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }
    /// Scales the view to fit the proposal, keeping its ideal aspect ratio: `aspectRatio(nil, contentMode: .fit)`.
    public func scaledToFit() -> some View { aspectRatio(nil, contentMode: .fit) }
    /// Scales the view to fill the proposal, keeping its ideal aspect ratio: `aspectRatio(nil, contentMode: .fill)`.
    public func scaledToFill() -> some View { aspectRatio(nil, contentMode: .fill) }

    /// Layers a view behind this one, as in SwiftUI: it is proposed this view's size and aligned
    /// to it, and never changes this view's size.
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        layered(background, alignment: alignment, overlay: false)
    }
    /// One view in `content` is aligned to this view by its own guides; several are grouped in an
    /// implicit ZStack (centred inside) that `alignment` positions, as SwiftUI documents ("If you
    /// specify more than one view in the content closure, the modifier collects all of the views
    /// in the closure into an implicit ZStack").
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        layered(content(), alignment: alignment, overlay: false)
    }
    /// Fills a rectangle behind the view with `style`; it takes the view's size, and
    /// reaches into the safe area on `edges` where the view reaches its edge, as SwiftUI's
    /// `background(_:ignoresSafeAreaEdges:)` (iOS 15: "By default, the background ignores safe area
    /// insets on all edges").
    @_disfavoredOverload
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        safeAreaFill(style, edges: edges, overlay: false)
    }
    /// Fills `shape` behind the view with `style`, at the view's size.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        layered(shape.fill(style), alignment: .center, overlay: false)
    }
    /// Fills `shape` behind the view with the regular material, at the view's size.
    public func background<T: Shape>(in shape: T) -> some View {
        layered(shape.fill(Material.regularMaterial), alignment: .center, overlay: false)
    }

    /// Layers a view in front of this one, as in SwiftUI.
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        layered(overlay, alignment: alignment, overlay: true)
    }
    /// One view in `content` is aligned to this view by its own guides; several are grouped in an
    /// implicit ZStack (centred inside) that `alignment` positions, as SwiftUI documents ("If you
    /// specify more than one view in the content closure, the modifier collects all of the views
    /// in the closure into an implicit ZStack").
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        layered(content(), alignment: alignment, overlay: true)
    }
    /// Fills a rectangle in front of the view with `style`; it takes the view's size, and
    /// reaches into the safe area on `edges` where the view reaches its edge, as SwiftUI's
    /// `overlay(_:ignoresSafeAreaEdges:)` (iOS 15: "By default, the overlay ignores safe area
    /// insets on all edges").
    @_disfavoredOverload
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        safeAreaFill(style, edges: edges, overlay: true)
    }
    /// Fills `shape` in front of the view with `style`, at the view's size.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        layered(shape.fill(style), alignment: .center, overlay: true)
    }

    /// A rectangle filled with `style` behind or in front of the view, reaching into the safe
    /// area on `edges` (the shape-style and `Color` forms of `background` and `overlay`).
    func safeAreaFill<S: ShapeStyle>(_ style: S, edges: Edge.Set, overlay: Bool) -> _ModifiedView<Self> {
        layeredNodes(Rectangle().fill(style), kind: overlay ? .overlay(LayeredLayout(alignment: .center)) : .background(LayeredLayout(alignment: .center)),
                     kindName: overlay ? "overlay" : "background", key: overlay ? 0x6f76 : 0x6267) { _, fill in
            fill.ignoreSafeArea(.all, edges: edges)
        }
    }

    private func layered<V: View>(_ secondary: V, alignment: Alignment, overlay: Bool) -> _ModifiedView<Self> {
        layeredNodes(secondary, kind: overlay ? .overlay(LayeredLayout(alignment: alignment)) : .background(LayeredLayout(alignment: alignment)),
                     kindName: overlay ? "overlay" : "background", key: overlay ? 0x6f76 : 0x6267) { _, _ in }
    }

    /// Pairs each view of this one with the nodes of `secondary` under a background/overlay node
    /// of `kind` (several secondary views are laid out together like a ZStack); `finish` gets the
    /// wrapper and the secondary node (`mask` marks them for drawing).
    func layeredNodes<V: View>(_ secondary: V, kind: NodeKind, kindName: String, key: UInt64,
                               finish: @escaping (_ wrapper: LayoutNode, _ secondary: LayoutNode) -> Void) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            for n in buildNodes(content, inputs) {
                let secondaryNodes = buildNodes(secondary, inputs.containerContent().child(key))
                let second: LayoutNode
                if secondaryNodes.count == 1 {
                    second = secondaryNodes[0]
                } else {
                    // Several (or no) views: laid out together like a ZStack.
                    second = LayoutNode(kind: .layout(makeLayoutStorage(ZStackLayout(), typeName: "ZStack")),
                                        children: secondaryNodes, kindName: "ZStack")
                }
                let w = LayoutNode(kind: kind, children: [n, second], kindName: kindName)
                w.traits = n.traits
                w.traits.explicitID = nil
                w.structuralKey = n.structuralKey
                finish(w, second)
                outputs.nodes.append(w)
            }
        }
    }
}

extension View {
    /// Sets the view's z-order among its siblings, as in SwiftUI (higher draws on top).
    public func zIndex(_ value: Double) -> some View { changeEach { n, _ in n.traits.zIndex = value.isNaN ? 0 : value } }

    /// Binds the view's identity to a value, as in SwiftUI. Layout results find the view by it
    /// (`LayoutResult.frame(of:)`); a changed id is a different view for animations.
    /// A changed id is a new view for state too: its content's state starts over.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            let key = hashKey(id)
            var inner = inputs
            inner.identity = mixKey(inputs.identity, key)
            let start = outputs.nodes.count
            buildView(content, inner, &outputs)
            for n in outputs.nodes[start...] {
                n.traits.setExplicitID(id)
                n.structuralKey = mixKey(n.structuralKey, key)
            }
            // One view outside a live preview can be replaced later where it stands.
            if outputs.nodes.count == start + 1, inputs.state.graph == nil {
                IdentifiedBuildPoint.record(on: outputs.nodes[start], id: id, key: key, inputs: inner)
            }
        }
    }

    /// Spans the cell across columns in a Grid, as in SwiftUI. A count below 1 acts as 1; a count
    /// over `GridLayout.maximumSpan` (10,000) is clamped to it with a diagnostic, so that a huge
    /// span (`Int.max`) neither overflows nor makes columns (and memory) in proportion to it.
    public func gridCellColumns(_ count: Int) -> some View {
        changeEach { n, inputs in
            if count > GridLayout.maximumSpan {
                inputs.state.diagnostics.append(("gridCellColumns(\(count)) spans more than \(GridLayout.maximumSpan) columns; it spans \(GridLayout.maximumSpan)", n))
            }
            n.traits.gridCellColumns = min(max(1, count), GridLayout.maximumSpan)
        }
    }
    /// Overrides the horizontal alignment of the cell's whole Grid column, as in SwiftUI. When
    /// chained, the inner (first applied) value wins, as measured (native probe GL15).
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        changeEach { n, _ in if n.traits.gridColumnAlignment == nil { n.traits.gridColumnAlignment = guide } }
    }
    /// Aligns the view in its Grid cell by a unit point, as in SwiftUI. When chained, the inner
    /// (first applied) value wins, as measured (native probe GL16).
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        changeEach { n, _ in if n.traits.gridCellAnchor == nil { n.traits.gridCellAnchor = anchor } }
    }
    /// Keeps the cell from sizing its Grid column or row on these axes, as in SwiftUI.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { changeEach { n, _ in n.traits.gridCellUnsizedAxes = axes } }
}

/// `frame(width:height:alignment:)`: a view with the frame's numbers stored, not a closure, as
/// it is the commonest modifier of all (a `Color` or an image given a size, in every row).
public struct _FixedFrameView<Content: View>: PrimitiveView {
    let content: Content
    let width: CGFloat?, height: CGFloat?
    let alignment: Alignment
    @usableFromInline init(content: Content, width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.content = content; self.width = width; self.height = height; self.alignment = alignment
    }
    /// Builds the content and wraps each of its views in the frame (engine-internal).
    // (Inlined into the conformance's witness, which is given this type's metadata: not inlined,
    // it looked the metadata up for every frame built, to find the numbers after the content.)
    @inline(__always) public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let f = FixedFrame(width: validFrameLength(view.width, "width", inputs.state),
                           height: validFrameLength(view.height, "height", inputs.state), alignment: view.alignment)
        // Its detail is derived from the frame when asked (`LayoutNode.detail`).
        buildWrapping(view.content, inputs, &outputs) { LayoutNode.wrapping($0, kind: .frame(f), kindNameID: ViewKindNames.frame) }
    }
}
