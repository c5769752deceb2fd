import Foundation
import LayoutCore

// Picker in iOS 17's styles. An option's tag (`tag(_:)`, else its `ForEach` id) is matched
// against the selection to find the selected option (the first when none matches).

/// The tag of an option (`tag(_:)`), kept as a layout value of the view.
struct TagKey: LayoutValueKey { static var defaultValue: AnyHashable? { nil } }

/// The tag of a built option or tab: its `tag(_:)`, else its `ForEach` id.
func optionTag(of node: LayoutNode) -> AnyHashable? { node.traits.layoutValue(TagKey.self) ?? node.traits.explicitID }

extension View {
    /// Tags the view (a picker option's value), as in SwiftUI; recorded on the view.
    public func tag<V: Hashable>(_ tag: V) -> some View { layoutValue(key: TagKey.self, value: AnyHashable(tag)) }
    /// Tags the view, as in SwiftUI (iOS 17's form; the optional matching is not needed here).
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool) -> some View { self.tag(tag) }
}

/// A picker style, as SwiftUI's `PickerStyle`: `.automatic` and `.menu` (the selected option and
/// chevrons, tinted), `.segmented`, `.wheel`, `.inline` (drawn as the wheel outside a list),
/// `.navigationLink` and `.palette` (drawn segmented).
public protocol PickerStyle { var _kind: Int { get } }
/// The default picker style (the menu on iOS 17).
public struct DefaultPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 0 }
}
/// The menu style.
public struct MenuPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 1 }
}
/// The segmented style.
public struct SegmentedPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 2 }
}
/// The wheel style.
public struct WheelPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 3 }
}
/// The inline style.
public struct InlinePickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 4 }
}
/// The navigation link style.
public struct NavigationLinkPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 5 }
}
/// The palette style (drawn segmented).
public struct PalettePickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 6 }
}
extension PickerStyle where Self == DefaultPickerStyle {
    /// The default (the menu on iOS 17).
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}
extension PickerStyle where Self == MenuPickerStyle {
    /// The selected option and up/down chevrons, in the tint color.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}
extension PickerStyle where Self == SegmentedPickerStyle {
    /// The options side by side in a 32-point rounded track, the selected one raised.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
extension PickerStyle where Self == WheelPickerStyle {
    /// A 216-point wheel showing the selected option.
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}
extension PickerStyle where Self == InlinePickerStyle {
    /// Inline (outside a list: the wheel).
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}
extension PickerStyle where Self == NavigationLinkPickerStyle {
    /// The label, the selected option and a chevron.
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}
extension PickerStyle where Self == PalettePickerStyle {
    /// A palette (drawn segmented).
    public static var palette: PalettePickerStyle { PalettePickerStyle() }
}

private enum PickerStyleKey: EnvironmentKey { static var defaultValue: Int { 0 } }

extension View {
    /// Sets the style of pickers in the view, as in SwiftUI.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { withEnvironment { $0[PickerStyleKey.self] = style._kind } }
}

/// A control for selecting from a set of values, as in SwiftUI, in iOS 17's styles.
///
/// - `.segmented` (and `.palette`): the options in equal segments of a 32-point rounded track
///   (`ControlMetrics.segmentedHeight`) that fills the proposed width; labels in 13-point medium
///   text (UIKit's segment font, as reported), padded 12 on each side (choice). The selected
///   segment is drawn raised.
/// - `.menu` and `.automatic`: the selected option followed by small up/down chevrons, in the
///   tint color (an `HStack`, spacing 4: choice); outside a `List` or `Form` the label is not
///   shown, inside one the row is the label, a spacer and the selection, as iOS draws it.
/// - `.wheel` and `.inline`: 216 tall (UIKit's UIPickerView), filling the proposed width, the
///   selected option centred on a 34-point band.
/// - `.navigationLink`: the label, a spacer, the selected option (secondary) and a chevron.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let selection: Binding<SelectionValue>
    let label: Label
    /// Creates a picker over the options in `content`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.content = content(); self.label = label()
    }
    /// Creates a picker with a label view (the iOS 13 spelling).
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.selection = selection; self.content = content(); self.label = label
    }
    /// The picker in the environment's style.
    public var body: some View { _PickerBody(picker: self) }
}

extension Picker where Label == Text {
    /// Creates a picker with a `Text` label of `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { Text(verbatim: String(title)) })
    }
}

extension Picker where Label == _TitleAndIcon {
    /// Creates a picker whose label is a symbol and a title (iOS 17).
    public init<S: StringProtocol>(_ title: S, systemImage: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { _TitleAndIcon(title: String(title), systemImage: systemImage) })
    }
}

struct _PickerBody<Label: View, SelectionValue: Hashable, Content: View>: PrimitiveView {
    let picker: Picker<Label, SelectionValue, Content>
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let p = view.picker
        let selected = AnyHashable(p.selection.wrappedValue)
        let binding = p.selection
        // Live, choosing an option writes its tag (an option whose tag is of another type is
        // ignored, as SwiftUI ignores it).
        let select: (AnyHashable) -> Void = { tag in
            if let value = tag.base as? SelectionValue { binding.wrappedValue = value }
        }
        switch inputs.environment[PickerStyleKey.self] {
        case 2, 6:
            let segments = _PickerOptions(content: p.content, selection: selected, mode: .segmented, select: select)
                .font(.system(size: 13, weight: .medium))
            buildView(HStack(spacing: 0) { segments }
                .background(RoundedRectangle(cornerRadius: 9).fill(PaintStyle(paint: ControlPaint.track))), inputs, &outputs)
        case 4 where inputs.environment.containers.isInListRow:
            buildView(_PickerOptions(content: p.content, selection: selected, mode: .inlineRows, select: select), inputs, &outputs)
        case 3, 4:
            let band = wheelBandLeaf()
            buildView(_PickerOptions(content: p.content, selection: selected, mode: .wheel, select: select)
                .frame(maxWidth: .infinity).frame(height: ControlMetrics.wheelHeight)
                .background(band), inputs, &outputs)
        case 5:
            buildView(_ControlRow(label: p.label, control: HStack(spacing: 4) {
                _PickerOptions(content: p.content, selection: selected, mode: .selectedOnly).foregroundStyle(.secondary)
                Image(systemName: "chevron.right").imageScale(.small).foregroundStyle(.tertiary)
            }), inputs, &outputs)
        default:
            let menu = HStack(spacing: 4) {
                _PickerOptions(content: p.content, selection: selected, mode: .selectedOnly)
                Image(systemName: "chevron.up.chevron.down").imageScale(.small)
            }
            .foregroundStyle(PaintStyle(paint: inputs.environment.resolvedTint))
            // Live, a tap opens the options in a menu next to the picker (in a row, anywhere
            // on the row, as on iOS); choosing one selects it and closes the menu.
            let content = p.content
            let options = { (close: @escaping () -> Void) in
                _PickerMenuOptions(content: content, selection: selected, select: select, close: close)
            }
            if inputs.environment.containers.isInListRow {
                // In a List or Form row, iOS shows the label, then the selection and its
                // chevrons at the trailing edge.
                buildMenuControl(inputs: inputs, outputs: &outputs, control: { open in
                    _ControlRow(label: p.label, control: menu).interactive(.tap(count: 1, action: open))
                }, surface: options)
            } else {
                buildMenuControl(inputs: inputs, outputs: &outputs, control: { open in menu.interactive(.tap(count: 1, action: open)) },
                                 surface: options)
            }
        }
    }
}

/// Builds a picker's options: all of them as segments or as inline rows, or only the selected
/// one (alone, or on a wheel) (engine-internal).
struct _PickerOptions<Content: View>: PrimitiveView {
    enum Mode { case segmented, selectedOnly, wheel, inlineRows }
    let content: Content
    let selection: AnyHashable
    let mode: Mode
    var select: ((AnyHashable) -> Void)? = nil
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let nodes = buildNodes(view.content, inputs)
        guard !nodes.isEmpty else { return }
        let chosen = nodes.firstIndex { optionTag(of: $0) == view.selection } ?? 0
        switch view.mode {
        case .selectedOnly:
            outputs.nodes.append(nodes[chosen])
        case .wheel:
            // The neighbours are not drawn: live, a tap above the band selects the option
            // before the selected one and a tap below it the one after, as a tap on the row
            // showing there turns an iOS wheel to it.
            let tags = nodes.map(optionTag(of:))
            let step: (Int) -> Void = { delta in
                let target = chosen + delta
                if target >= 0, target < tags.count, let tag = tags[target] { view.select?(tag) }
            }
            buildView(_PrebuiltNodes(nodes: [nodes[chosen]]).frame(maxWidth: .infinity, maxHeight: .infinity)
                .interactive(.located(action: { point, size in
                    let offset = point.y - size.height / 2
                    if abs(offset) > ControlMetrics.wheelBand / 2 { step(offset < 0 ? -1 : 1) }
                })), inputs, &outputs)
        case .inlineRows:
            // In a list, iOS shows each option as a row, the selected one with a checkmark in
            // the tint colour at the trailing edge; a tap on a row selects it.
            let tint = inputs.environment.resolvedTint
            for (i, n) in nodes.enumerated() {
                let tag = optionTag(of: n)
                let select = view.select
                buildView(HStack {
                    _PrebuiltNodes(nodes: [n])
                    Spacer()
                    Checkmark().stroke(PaintStyle(paint: tint), lineWidth: 2).frame(width: 13, height: 11).opacity(i == chosen ? 1 : 0)
                }
                .interactive(.tap(count: 1, action: { if let tag { select?(tag) } })), inputs.child(UInt64(i)), &outputs)
            }
        case .segmented:
            let pad = ControlMetrics.segmentPadding
            for (i, n) in nodes.enumerated() {
                let padded = LayoutNode.wrapping(n, kind: .padding(PaddingLayout(insets: EdgeInsets(top: 0, leading: pad, bottom: 0, trailing: pad))),
                                                 kindName: "padding", detail: "horizontal: \(formatLength(pad))")
                let flexible = LayoutNode.wrapping(padded, kind: .flexFrame(FlexibleFrame(minWidth: nil, idealWidth: nil, maxWidth: .infinity,
                                                                                         minHeight: nil, idealHeight: nil, maxHeight: nil,
                                                                                         alignment: .center)),
                                                   kindName: "frame", detail: "maxWidth: ∞")
                let segment = LayoutNode.wrapping(flexible, kind: .frame(FixedFrame(width: nil, height: ControlMetrics.segmentedHeight, alignment: .center)),
                                                  kindName: "Segment", detail: i == chosen ? "selected" : "")
                if i == chosen {
                    segment.preItems = [.fill(.inset(.roundedRectangle(cornerRadius: 9), by: 2), .color(.white)),
                                        .stroke(.inset(.roundedRectangle(cornerRadius: 9), by: 2), ControlPaint.knobEdge, lineWidth: 0.5)]
                }
                if let graph = inputs.state.graph, inputs.environment.isEnabled, let select = view.select, let tag = optionTag(of: n) {
                    graph.register(.tap(count: 1, action: { select(tag) }), on: segment)
                }
                outputs.nodes.append(segment)
            }
        }
    }
}

/// The selection band of a wheel: it takes the proposal and draws a 34-point rounded band
/// across its middle, inset 8 at the sides (`ControlMetrics.wheelBand`).
func wheelBandLeaf() -> ControlLeaf {
    ControlLeaf(name: "WheelBand", sizing: { $0.replacingUnspecifiedDimensions() }, parts: [
        (path: { r in Path(roundedRect: CGRect(x: r.minX + 8, y: r.midY - ControlMetrics.wheelBand / 2, width: max(r.width - 16, 0),
                                               height: ControlMetrics.wheelBand), cornerRadius: 8) }, paint: ControlPaint.fill),
    ])
}
