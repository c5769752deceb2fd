import Foundation
import LayoutCore

// Menus in live previews: `Menu`, the menu `Picker`, a compact `DatePicker`'s calendar and a
// `Link`'s notice open a surface over the preview, next to the control that opened it, as iOS
// opens its menus and popovers; a tap outside it closes it.

/// The metrics of an iOS 17 menu on an iPhone, with their sources.
///
/// - `width` 250: UIMenu's width in a compact size class.
/// - `rowHeight` 44 with 16-point side insets: a menu row (17-point text, as a table row).
/// - `checkColumn` 28: a selection menu's checkmark column before the titles (iOS 17 draws the
///   checkmark at the leading edge).
/// - `cornerRadius` 13, `gap` 8, `margin` 8: the surface's corners, its distance from the
///   control, and the least distance from the screen's edges (measured from screenshots).
enum MenuMetrics {
    static let width: CGFloat = 250
    static let rowHeight: CGFloat = 44
    static let inset: CGFloat = 16
    static let checkColumn: CGFloat = 28
    static let cornerRadius: CGFloat = 13
    static let gap: CGFloat = 8
    static let margin: CGFloat = 8
    /// The gap between groups of rows (a `Divider` in the menu's content): UIMenu's 8 points.
    static let groupGap: CGFloat = 8
    /// UIKit's menus are a blur that hides what is under it: the thickest material over the
    /// window's background (light: about #EDEDEF; dark: about #323234, lighter than the cards
    /// under it, as iOS's elevated menus are).
    static let material = Material.ultraThickMaterial
}

/// The rounded, opaque background of a menu surface and of a link's notice.
struct MenuBackground: View {
    var body: some View {
        RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius).fill(MenuMetrics.material)
            .background(RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius).fill(presentationSurface))
    }
}

/// One row of a menu: what it shows, and what a tap on it does before the menu closes.
struct MenuRow {
    let label: AnyView
    var role: ButtonRole? = nil
    /// Whether the row is the selection (a picker's option); nil for a row that is not a choice.
    var isChecked: Bool? = nil
    /// Whether a `Divider` comes before the row: iOS separates such groups by an 8-point gap.
    var startsGroup = false
    let action: () -> Void
}

/// Whether a control's menu is open and where the control was laid out, kept by the control's
/// identity.
final class LiveMenuState {
    var isOpen = false
    /// The control's frame in the preview, recorded by the layout while the menu is open.
    var anchor: CGRect?
}

/// Builds a control that opens a menu surface on a tap (live builds; a one-off layout builds
/// the control alone). `control` gets the action that opens the menu; `surface` gets the one
/// that closes it. While the menu is open, the surface is presented over the preview next to
/// the control, over a transparent layer that closes it on a tap outside (iOS closes a menu so,
/// and the tap does nothing else).
func buildMenuControl<Control: View, Surface: View>(inputs: _ViewInputs, outputs: inout _ViewOutputs,
                                                    control: (_ open: @escaping () -> Void) -> Control,
                                                    surface: @escaping (_ close: @escaping () -> Void) -> Surface) {
    guard let graph = inputs.state.graph else {
        buildView(control({}), inputs, &outputs)
        return
    }
    let storage = graph.builtInStorage(mixKey(inputs.identity, 0x6d65_6e75), slotCount: 1)
    let state: LiveMenuState
    if let kept = storage.slots[0] as? LiveMenuState { state = kept } else {
        state = LiveMenuState()
        storage.slots[0] = state
    }
    // A control on a screen that is not shown (under a push, in another tab) has no open menu.
    if graph.isSuppressingRegistration { state.isOpen = false }
    weak let weakGraph = graph
    let open = {
        state.isOpen = true
        weakGraph?.invalidate()
    }
    let close = {
        guard state.isOpen else { return }
        state.isOpen = false
        weakGraph?.invalidate()
    }
    guard state.isOpen else {
        buildView(control(open), inputs, &outputs)
        return
    }
    buildView(control(open).background(GeometryReader { proxy in MenuAnchorRecorder(frame: proxy.frame(in: .global), state: state) }),
              inputs, &outputs)
    graph.present(LivePresentation(kind: .menu, content: AnyView(MenuLayer(state: state, surface: AnyView(surface(close)), close: close)),
                                   dismiss: close, inputs: inputs))
}

/// Records the frame its geometry reader was laid out with as the menu's anchor (it draws nothing).
struct MenuAnchorRecorder: PrimitiveView {
    let frame: CGRect
    let state: LiveMenuState
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        // Before the first layout the reader has no geometry: the last anchor stays.
        if view.frame.width > 0 || view.frame.height > 0 { view.state.anchor = view.frame }
    }
}

/// The layer of an open menu: a transparent view over the whole preview that closes the menu
/// on a tap, and the surface placed next to the control. Its geometry reader is laid out after
/// the control's (later in the tree), so it reads the anchor of the same layout.
struct MenuLayer: View {
    let state: LiveMenuState
    let surface: AnyView
    let close: () -> Void
    var body: some View {
        GeometryReader { proxy in
            let origin = proxy.frame(in: .global).origin
            let anchor = (state.anchor ?? .zero).offsetBy(dx: -origin.x, dy: -origin.y)
            ZStack(alignment: .topLeading) {
                Color.clear.interactive(.tap(count: 1, action: close)).id("menu-dismiss")
                LayoutContainer(layout: MenuPlacementLayout(anchor: anchor), kindName: "MenuPlacement", content: surface)
            }
        }
    }
}

/// Places a menu surface as UIKit places a menu: below the control (`gap` apart), or above it
/// when it does not fit below; its trailing edge at the control's when the control is in the
/// trailing half (or is wider than half the screen), else its leading edge at the control's;
/// kept `margin` inside the screen, and
/// as tall as the screen allows (the surface scrolls past that). It takes the whole proposal.
struct MenuPlacementLayout: Layout {
    let anchor: CGRect
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let surface = subviews.first else { return }
        let m = MenuMetrics.margin
        let width = max(min(surface.sizeThatFits(ProposedViewSize(width: nil, height: nil)).width, bounds.width - 2 * m), 0)
        let available = max(bounds.height - 2 * m, 0)
        let height = min(surface.sizeThatFits(ProposedViewSize(width: width, height: nil)).height, available)
        // A control wider than half the screen (a form row) has the menu at its trailing end,
        // under the value, as iOS places a form picker's menu.
        let trailing = anchor.width > bounds.width / 2 || anchor.midX > bounds.width / 2
        var x = trailing ? anchor.maxX - width : anchor.minX
        x = min(max(x, m), max(bounds.width - m - width, m))
        var y = anchor.maxY + MenuMetrics.gap
        if y + height > bounds.height - m {
            let above = anchor.minY - MenuMetrics.gap - height
            y = above >= m ? above : max(bounds.height - m - height, m)
        }
        surface.place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), anchor: .topLeading,
                      proposal: ProposedViewSize(width: width, height: height))
    }
}

/// A menu's surface: its rows, 44 points tall, between hairlines, on a rounded blur with a soft
/// shadow, 250 points wide; a row runs its action and closes the menu. A selection menu (a
/// picker's) reserves a column for the checkmark of the selected row. Rows are
/// `.id("menu-item-N")`, counted from 0.
struct MenuSurface: View {
    let rows: [MenuRow]
    let close: () -> Void
    var body: some View {
        let checks = rows.contains { $0.isChecked != nil }
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<rows.count, id: \.self) { i in
                    if i > 0 {
                        if rows[i].startsGroup {
                            Rectangle().fill(Color.black.opacity(0.1)).frame(height: MenuMetrics.groupGap)
                        } else {
                            Rectangle().fill(Color(storage: .system(.separator))).frame(height: 0.33)
                        }
                    }
                    row(i, checks: checks).id("menu-item-\(i)")
                }
            }
        }
        .scrollIndicators(.hidden)
        .frame(width: MenuMetrics.width)
        .background(MenuBackground())
        .clipShape(RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius))
        .shadow(color: Color.black.opacity(0.18), radius: 24, y: 8)
        .id("menu")
    }

    private func row(_ i: Int, checks: Bool) -> some View {
        let row = rows[i]
        let close = self.close
        return Button {
            row.action()
            close()
        } label: {
            HStack(spacing: 0) {
                if checks {
                    Checkmark().stroke(Color.primary, lineWidth: 2)
                        .frame(width: 13, height: 11)
                        .opacity(row.isChecked == true ? 1 : 0)
                        .frame(width: MenuMetrics.checkColumn, alignment: .leading)
                }
                row.label.lineLimit(1).withEnvironment { $0.containers.labelStyle = .menuItem }
                Spacer(minLength: 8)
            }
            .padding(.horizontal, MenuMetrics.inset)
            .frame(maxWidth: .infinity, minHeight: MenuMetrics.rowHeight)
        }
        .buttonStyle(.plain)
        .foregroundStyle(row.role == .destructive ? Color.red : Color.primary)
    }
}

/// A checkmark, as UIKit's selection mark.
struct Checkmark: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.55))
        p.addLine(to: CGPoint(x: rect.minX + rect.width * 0.36, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        return p
    }
}

// MARK: - Menu

/// The surface of a `Menu`: the buttons its content declares, in order, in groups where a
/// `Divider` separates them (other views, nested menus and pickers among them, are not listed).
struct _MenuButtons<Content: View>: PrimitiveView {
    let content: Content
    let close: () -> Void
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var rows: [MenuRow] = []
        var separated = false
        var collecting = inputs
        collecting.environment.buttonCollector = ButtonCollector(collect: { label, role, action in
            rows.append(MenuRow(label: label, role: role, startsGroup: separated && !rows.isEmpty, action: action))
            separated = false
        }, separate: { separated = true })
        _ = buildNodes(view.content, collecting)
        buildView(MenuSurface(rows: rows, close: view.close), inputs, &outputs)
    }
}

/// A `Menu`'s label, drawn as a button's; live, a tap opens its buttons in a menu surface.
struct _MenuBody<Label: View, Content: View>: PrimitiveView {
    let label: Label
    let content: Content
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if inputs.environment.buttonCollector != nil {
            // A menu inside an alert's actions or another menu is not listed.
            return
        }
        buildMenuControl(inputs: inputs, outputs: &outputs, control: { open in _ButtonBody(label: view.label, action: open) },
                         surface: { close in _MenuButtons(content: view.content, close: close) })
    }
}

// MARK: - Picker

/// The surface of a menu `Picker`: its options, the selected one checked; a tap selects.
struct _PickerMenuOptions<Content: View>: PrimitiveView {
    let content: Content
    let selection: AnyHashable
    let select: (AnyHashable) -> Void
    let close: () -> Void
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let options = buildNodes(view.content, inputs)
        let chosen = options.firstIndex { optionTag(of: $0) == view.selection } ?? 0
        let select = view.select
        let rows = options.enumerated().map { i, option in
            let tag = optionTag(of: option)
            return MenuRow(label: AnyView(_PrebuiltNodes(nodes: [option])), isChecked: i == chosen, action: { if let tag { select(tag) } })
        }
        buildView(MenuSurface(rows: rows, close: view.close), inputs, &outputs)
    }
}

// MARK: - Link

/// What a `Link` shows in a preview, which has no browser: a notice naming the URL at the top
/// of the screen, closed by a tap anywhere (`.id("link-notice")`).
struct LinkNotice: View {
    let url: URL
    let close: () -> Void
    var body: some View {
        VStack(spacing: 2) {
            Text("Would open in Safari").font(.footnote).fontWeight(.semibold)
            Text(verbatim: url.absoluteString).font(.footnote).foregroundStyle(.secondary).lineLimit(2).multilineTextAlignment(.center)
        }
        .padding(.horizontal, 16).padding(.vertical, 10)
        .frame(width: MenuMetrics.width)
        .background(MenuBackground())
        .shadow(color: Color.black.opacity(0.18), radius: 24, y: 8)
        .interactive(.tap(count: 1, action: close))
        .id("link-notice")
    }
}

/// A `Link`'s label, drawn as a button's. Live, a tap calls the environment's `openURL`; when
/// that leaves the URL to the system (the default), the preview shows a notice naming the URL
/// next to the link, in place of Safari.
struct _LinkBody<Label: View>: PrimitiveView {
    let label: Label
    let destination: URL
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let openURL = inputs.environment.openURL
        let url = view.destination
        buildMenuControl(inputs: inputs, outputs: &outputs, control: { open in
            _ButtonBody(label: view.label, action: {
                if case .systemAction = openURL.handler(url) { open() }
            })
        }, surface: { close in LinkNotice(url: url, close: close) })
    }
}
