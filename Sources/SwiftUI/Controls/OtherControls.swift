import Foundation
import LayoutCore

// DatePicker, ColorPicker, Link, Menu and ShareLink.

/// The parts of a date a `DatePicker` shows, as SwiftUI's `DatePickerComponents`.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1)
    /// The hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date picker style, as SwiftUI's `DatePickerStyle`: `.compact` / `.automatic` (iOS 17's
/// default), `.graphical` (a calendar, 320×316: choice) and `.wheel` (216 tall).
public protocol DatePickerStyle { var _kind: Int { get } }
/// The compact style.
public struct CompactDatePickerStyle: DatePickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 0 }
}
/// The graphical (calendar) style.
public struct GraphicalDatePickerStyle: DatePickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 1 }
}
/// The wheel style.
public struct WheelDatePickerStyle: DatePickerStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 2 }
}
extension DatePickerStyle where Self == CompactDatePickerStyle {
    /// The compact style (iOS's default).
    public static var compact: CompactDatePickerStyle { CompactDatePickerStyle() }
    /// The default (compact).
    public static var automatic: CompactDatePickerStyle { CompactDatePickerStyle() }
}
extension DatePickerStyle where Self == GraphicalDatePickerStyle {
    /// A calendar.
    public static var graphical: GraphicalDatePickerStyle { GraphicalDatePickerStyle() }
}
extension DatePickerStyle where Self == WheelDatePickerStyle {
    /// Wheels.
    public static var wheel: WheelDatePickerStyle { WheelDatePickerStyle() }
}
private enum DatePickerStyleKey: EnvironmentKey { static var defaultValue: Int { 0 } }
extension View {
    /// Sets the style of date pickers in the view, as in SwiftUI.
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View { withEnvironment { $0[DatePickerStyleKey.self] = style._kind } }
}

/// A control for selecting a date, as in SwiftUI.
///
/// Compact (iOS 17's default): the label at the leading edge and, at the trailing edge, the
/// date ("Nov 23, 2026") and the time ("3:04 PM") each in a gray pill (padded 11×6, radius 6,
/// spacing 6: choice), filling the proposed width. Graphical: a 320×316 calendar (choice) of the
/// selected date's month (`_CalendarMonth`).
/// Wheel: 216 tall, filling the proposed width, the formatted selection on the band.
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let components: DatePickerComponents
    let label: Label
    /// Creates a date picker with a label view.
    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.selection = selection; self.components = displayedComponents; self.label = label()
    }
    /// Creates a date picker limited to a range, with a label view.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }
    /// Creates a date picker limited to dates from a start, with a label view.
    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }
    /// Creates a date picker limited to dates up to an end, with a label view.
    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }

    /// The picker in the environment's style.
    public var body: some View { _DatePickerBody(selection: selection, components: components, label: label) }
}

extension DatePicker where Label == Text {
    /// Creates a date picker with a `Text` label.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(verbatim: String(title)) }
    }
    /// Creates a date picker limited to a range with a `Text` label.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(verbatim: String(title)) }
    }
    /// Creates a date picker limited to dates from a start with a `Text` label.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(verbatim: String(title)) }
    }
    /// Creates a date picker limited to dates up to an end with a `Text` label.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(verbatim: String(title)) }
    }
}

struct _DatePickerBody<Label: View>: PrimitiveView {
    let selection: Binding<Date>
    let components: DatePickerComponents
    let label: Label
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let date = view.selection.wrappedValue
        let dateText = date.formatted(date: .abbreviated, time: .omitted)
        let timeText = date.formatted(date: .omitted, time: .shortened)
        let showsDate = view.components.contains(.date) || view.components.isEmpty
        let showsTime = view.components.contains(.hourAndMinute)
        let selection = view.selection
        switch inputs.environment[DatePickerStyleKey.self] {
        case 1:
            buildView(_CalendarMonth(selection: selection)
                .frame(minWidth: 0, idealWidth: 320, maxWidth: .infinity).frame(height: 316), inputs, &outputs)
        case 2:
            let band = wheelBandLeaf()
            let shown = [showsDate ? dateText : nil, showsTime ? timeText : nil].compactMap { $0 }.joined(separator: "  ")
            buildView(Text(verbatim: shown).frame(maxWidth: .infinity).frame(height: ControlMetrics.wheelHeight).background(band), inputs, &outputs)
        default:
            let pill = ControlMetrics.datePillPadding
            func pillView(_ s: String) -> some View {
                Text(verbatim: s).padding(.horizontal, pill.h).padding(.vertical, pill.v)
                    .background(RoundedRectangle(cornerRadius: pill.radius).fill(PaintStyle(paint: ControlPaint.fill)))
            }
            // Live, a tap on the pills opens the month in a popover next to the picker, as iOS
            // does for the date (its time pill opens a wheel, which is not drawn: the month
            // opens there too); a tap on a day selects it, keeping the time.
            buildMenuControl(inputs: inputs, outputs: &outputs, control: { open in
                _ControlRow(label: view.label, control: HStack(spacing: 6) {
                    if showsDate { pillView(dateText) }
                    if showsTime { pillView(timeText) }
                }.interactive(.tap(count: 1, action: open)))
            }, surface: { _ in CalendarPopover(selection: selection) })
        }
    }
}

/// A control for selecting a color, as SwiftUI's `ColorPicker`: the label at the leading edge
/// and a 28×28 color well (choice) at the trailing edge, filling the proposed width.
public struct ColorPicker<Label: View>: View {
    let selection: Color
    let label: Label
    /// Creates a color picker with a label view.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection.wrappedValue; self.label = label()
    }
    /// The label, a spacer and the well.
    public var body: some View {
        let side = ControlMetrics.colorWellSide
        return _ControlRow(label: label, control: ControlLeaf(name: "ColorWell", sizing: { _ in CGSize(width: side, height: side) }, parts: [
            (path: { r in .ring(r, width: 3, from: 0, to: 360) }, paint: .angularGradient(Gradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red]),
                                                                                       center: CGPoint(x: 0.5, y: 0.5), startAngle: 0, endAngle: 2 * .pi)),
            (path: { r in .circle(CGPoint(x: r.midX, y: r.midY), r.width - 10) }, paint: .color(selection)),
        ]))
    }
}

extension ColorPicker where Label == Text {
    /// Creates a color picker with a `Text` label.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(verbatim: String(title)) }
    }
}

/// A control that opens a URL, as SwiftUI's `Link`: its label drawn like a button's (tinted,
/// `buttonStyle` applies). In a live preview a tap calls the environment's `openURL`; a URL left
/// to the system shows a notice naming it (a preview has no browser).
public struct Link<Label: View>: View {
    let label: Label
    /// The URL it opens.
    public let destination: URL
    /// Creates a link with a label view.
    public init(destination: URL, @ViewBuilder label: () -> Label) { self.destination = destination; self.label = label() }
    /// The label, styled as a button.
    public var body: some View { _LinkBody(label: label, destination: destination) }
}

extension Link where Label == Text {
    /// Creates a link with a `Text` label.
    public init<S: StringProtocol>(_ title: S, destination: URL) { self.init(destination: destination) { Text(verbatim: String(title)) } }
}

/// A control that shows a menu, as SwiftUI's `Menu`: its label, drawn like a button's (the
/// menu is closed in a layout). In a live preview a tap opens the buttons of its content in a
/// menu next to the label (`MenuSurface`); a button runs its action and closes the menu, and a
/// tap outside closes it. With a primary action, a tap runs that instead (iOS opens the menu on
/// a long press then, which a preview does not send).
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    var primaryAction: (() -> Void)? = nil
    /// Creates a menu with a label view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.label = label(); self.content = content() }
    /// Creates a menu with a label view and a primary action (iOS 15).
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label, primaryAction: @escaping () -> Void) {
        self.label = label(); self.content = content(); self.primaryAction = primaryAction
    }
    /// The label, styled as a button.
    @ViewBuilder public var body: some View {
        if let primaryAction { _ButtonBody(label: label, action: primaryAction) } else { _MenuBody(label: label, content: content) }
    }
}

extension Menu where Label == Text {
    /// Creates a menu with a `Text` label.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(verbatim: String(title)) } }
    /// Creates a menu with a `Text` label and a primary action (iOS 15).
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content, primaryAction: @escaping () -> Void) {
        self.init(content: content, label: { Text(verbatim: String(title)) }, primaryAction: primaryAction)
    }
}

extension Menu where Label == _TitleAndIcon {
    /// Creates a menu whose label is a symbol and a title.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { _TitleAndIcon(title: String(title), systemImage: systemImage) }
    }
}

/// A menu style, as SwiftUI's `MenuStyle` (accepted; menus draw as their label).
public protocol MenuStyle {}
/// The default menu style.
public struct DefaultMenuStyle: MenuStyle {
    /// Creates the style.
    public init() {}
}
/// The button menu style.
public struct ButtonMenuStyle: MenuStyle {
    /// Creates the style.
    public init() {}
}
extension MenuStyle where Self == DefaultMenuStyle {
    /// The default.
    public static var automatic: DefaultMenuStyle { DefaultMenuStyle() }
}
extension MenuStyle where Self == ButtonMenuStyle {
    /// A button.
    public static var button: ButtonMenuStyle { ButtonMenuStyle() }
}
extension View {
    /// Sets the style of menus (accepted without effect: menus draw as their label).
    public func menuStyle<S: MenuStyle>(_ style: S) -> some View { self }
}

/// A preview of what a `ShareLink` shares, as SwiftUI's `SharePreview` (recorded only).
public struct SharePreview<ImageType, IconType> {
    /// The preview's title.
    public let title: String
    /// Creates a preview with a title.
    public init<S: StringProtocol>(_ title: S) where ImageType == Never, IconType == Never { self.title = String(title) }
    /// Creates a preview with a title and an image.
    public init<S: StringProtocol>(_ title: S, image: ImageType) where IconType == Never { self.title = String(title) }
    /// Creates a preview with a title and an icon.
    public init<S: StringProtocol>(_ title: S, icon: IconType) where ImageType == Never { self.title = String(title) }
    /// Creates a preview with a title, an image and an icon.
    public init<S: StringProtocol>(_ title: S, image: ImageType, icon: IconType) { self.title = String(title) }
}

/// A control that shares an item, as SwiftUI's `ShareLink` (iOS 16): its label — by default
/// the share symbol and "Share" — drawn like a button's.
public struct ShareLink<Label: View>: View {
    let label: Label
    /// Creates a share link with a label view.
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) { self.label = label() }
    /// Creates a share link with a preview and a label view.
    public init<Item, I, C>(item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>, @ViewBuilder label: () -> Label) {
        self.label = label()
    }
    /// The label, styled as a button.
    public var body: some View { _ButtonBody(label: label) }
}

extension ShareLink where Label == _TitleAndIcon {
    /// Creates a share link labelled with the share symbol and "Share".
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil) {
        self.init(item: item) { _TitleAndIcon(title: "Share", systemImage: "square.and.arrow.up") }
    }
    /// Creates a share link with a preview, labelled with the share symbol and "Share".
    public init<Item, I, C>(item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>) {
        self.init(item: item) { _TitleAndIcon(title: "Share", systemImage: "square.and.arrow.up") }
    }
    /// Creates a share link labelled with the share symbol and `title`.
    public init<S: StringProtocol, Item>(_ title: S, item: Item, subject: Text? = nil, message: Text? = nil) {
        self.init(item: item) { _TitleAndIcon(title: String(title), systemImage: "square.and.arrow.up") }
    }
}
