import Foundation
import LayoutCore

/// A presentation a live build found (a sheet, a cover, an alert, a dialog): shown over the
/// preview's root once the root is built.
struct LivePresentation {
    /// `menu`: a menu, a popover calendar or a notice that places itself next to its control
    /// (`MenuLayer`), with nothing dimmed.
    enum Kind { case sheet, fullScreenCover, alert, confirmationDialog, menu }
    let kind: Kind
    /// The presented content, built with the presenter's inputs.
    let content: AnyView
    /// Sets the presenting binding back (the presentation closes).
    let dismiss: () -> Void
    let inputs: _ViewInputs
    /// An alert's or dialog's `.cancel` button's action: what Escape runs before closing it,
    /// as a keyboard's Escape picks the cancel button of a UIKit alert.
    var cancel: (() -> Void)? = nil
}

/// What sheets and covers are drawn on: UIKit's systemBackground, adapting to dark mode.
let presentationSurface = Color(storage: .system(.background))
/// What alerts and dialogs group their buttons on: secondarySystemBackground, adapting too.
let presentationGroup = Color(storage: .system(.secondaryBackground))

/// The animation sheets and alerts come and go with (UIKit presents in about this long).
let presentationTransition = Animation.easeInOut(duration: 0.35)

extension ViewGraph {
    /// Registers a presentation found while building (not for screens hidden under a push).
    func present(_ presentation: LivePresentation) {
        volatileBuilds &+= 1
        guard !isSuppressingRegistration else { return }
        presentations.append(presentation)
    }

    /// Escape with no text field focused: closes the topmost presentation (an open menu, a
    /// popover, a dialog, an alert, a sheet), running an alert's or dialog's cancel action
    /// first, with the presentation animation. False when nothing is presented.
    ///
    /// A choice where SwiftUI on a phone has no Escape: iPadOS with a keyboard closes menus,
    /// popovers and sheets with it and picks an alert's cancel button, and so does this.
    func dismissTopPresentation() -> Bool {
        guard let top = presentations.last else { return false }
        withTransaction(Transaction(animation: presentationTransition)) {
            top.cancel?()
            top.dismiss()
        }
        invalidate(Transaction(animation: presentationTransition))
        return true
    }
}

/// The root of a live preview: the person's view, with what it presents on top, as iOS stacks
/// presentations over the window.
struct _LiveRoot<Content: View>: PrimitiveView {
    let content: Content
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard let graph = inputs.state.graph else {
            buildView(view.content, inputs, &outputs)
            return
        }
        graph.presentations.removeAll()
        let root = buildNodes(view.content, inputs)
        guard !graph.presentations.isEmpty else {
            outputs.nodes.append(contentsOf: root)
            return
        }
        // Each presentation's content may present again (a sheet over a sheet): the layers are
        // built in order until none is added (bounded, as a loop of presentations would not end).
        var layers: [LayoutNode] = []
        var done = 0
        while done < graph.presentations.count, done < 16 {
            let presentation = graph.presentations[done]
            var layerInputs = presentation.inputs.child(mixKey(0x7072_6573, UInt64(done)))
            let dismiss = presentation.dismiss
            weak var weakGraph = graph
            layerInputs.environment.dismiss = DismissAction {
                withTransaction(Transaction(animation: presentationTransition)) { dismiss() }
                weakGraph?.invalidate(Transaction(animation: presentationTransition))
            }
            layerInputs.environment.navigation = nil
            // A presentation is not part of the presenting screen's bars.
            layerInputs.environment.navigationChrome = nil
            layerInputs.environment.tabBarVisibility = nil
            layers.append(contentsOf: buildNodes(PresentationChrome(kind: presentation.kind, content: presentation.content), layerInputs))
            done += 1
        }
        buildView(ZStack { _PrebuiltNodes(nodes: root); _PrebuiltNodes(nodes: layers) }, inputs, &outputs)
    }
}

/// How a presentation is drawn over the preview (iOS 17 on an iPhone): a sheet is a card from
/// 10 points below the top with rounded top corners over a dimmed screen; a cover fills the
/// screen; an alert is a 270-point box in the centre; a dialog sits at the bottom.
struct PresentationChrome: View {
    let kind: LivePresentation.Kind
    let content: AnyView
    var body: some View {
        switch kind {
        case .sheet:
            ZStack(alignment: .bottom) {
                Color.black.opacity(0.2)
                content
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                    .background(UnevenRoundedRectangle(topLeadingRadius: 10, topTrailingRadius: 10).fill(presentationSurface))
                    .id("sheet")
                    .padding(.top, 10)
            }
        case .fullScreenCover:
            content
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                .background(presentationSurface)
                .id("cover")
        case .alert:
            ZStack {
                Color.black.opacity(0.2)
                content
                    .frame(width: 270)
                    .background(RoundedRectangle(cornerRadius: 14).fill(presentationGroup))
                    .id("alert")
            }
        case .menu:
            content
        case .confirmationDialog:
            ZStack(alignment: .bottom) {
                Color.black.opacity(0.2)
                content
                    .padding(8)
                    .id("dialog")
            }
        }
    }
}

/// The box of an alert: its title, message and buttons (side by side when two, stacked
/// otherwise), each button closing the alert after its action, as in SwiftUI.
struct AlertBox: View {
    let title: String
    let message: AnyView?
    let buttons: [(label: AnyView, role: ButtonRole?, action: () -> Void)]
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(spacing: 0) {
            VStack(spacing: 4) {
                Text(title).font(.headline).multilineTextAlignment(.center)
                if let message { message.font(.footnote).multilineTextAlignment(.center) }
            }
            .padding(16)
            Divider()
            if buttons.count == 2 {
                HStack(spacing: 0) {
                    button(0)
                    Divider()
                    button(1)
                }
                .frame(height: 44)
            } else {
                ForEach(0..<buttons.count, id: \.self) { i in
                    button(i).frame(height: 44)
                    if i < buttons.count - 1 { Divider() }
                }
            }
        }
    }

    private func button(_ i: Int) -> some View {
        let b = buttons[i]
        let dismiss = self.dismiss
        return Button {
            b.action()
            dismiss()
        } label: {
            b.label
                .fontWeight(b.role == .cancel ? .semibold : .regular)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .buttonStyle(.plain)
        .foregroundStyle(b.role == .destructive ? Color.red : Color.blue)
    }
}

/// The buttons of a `confirmationDialog`: a rounded group of the actions, with Cancel apart
/// below it, as iOS's action sheet.
struct DialogBox: View {
    let title: String?
    let buttons: [(label: AnyView, role: ButtonRole?, action: () -> Void)]
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        let dismiss = self.dismiss
        let actions = buttons.enumerated().filter { $0.element.role != .cancel }
        let cancel = buttons.first { $0.role == .cancel }
        VStack(spacing: 8) {
            VStack(spacing: 0) {
                if let title {
                    Text(title).font(.footnote).foregroundStyle(.secondary).padding(12)
                    Divider()
                }
                ForEach(actions.map(\.offset), id: \.self) { i in
                    let b = buttons[i]
                    Button { b.action(); dismiss() } label: {
                        b.label.frame(maxWidth: .infinity).frame(height: 56)
                    }
                    .buttonStyle(.plain)
                    .foregroundStyle(b.role == .destructive ? Color.red : Color.blue)
                    Divider()
                }
            }
            .background(RoundedRectangle(cornerRadius: 14).fill(presentationGroup))
            Button { cancel?.action(); dismiss() } label: {
                (cancel?.label ?? AnyView(Text("Cancel"))).fontWeight(.semibold).frame(maxWidth: .infinity).frame(height: 56)
            }
            .buttonStyle(.plain)
            .foregroundStyle(Color.blue)
            .background(RoundedRectangle(cornerRadius: 14).fill(presentationSurface))
        }
    }
}

/// The buttons of an alert or dialog's `actions` view builder: each `Button` it declares, in
/// order (SwiftUI reads them the same way; other views are ignored).
func presentationButtons<A: View>(_ actions: A, inputs: _ViewInputs) -> [(label: AnyView, role: ButtonRole?, action: () -> Void)] {
    var found: [(label: AnyView, role: ButtonRole?, action: () -> Void)] = []
    var collecting = inputs
    collecting.environment.buttonCollector = ButtonCollector { found.append(($0, $1, $2)) }
    _ = buildNodes(actions, collecting)
    return found
}

/// Receives the buttons of an alert's actions while they are built (and, for a menu, where a
/// `Divider` separates them).
struct ButtonCollector {
    let collect: (AnyView, ButtonRole?, @escaping () -> Void) -> Void
    var separate: (() -> Void)? = nil
}
private enum ButtonCollectorKey: EnvironmentKey { static var defaultValue: ButtonCollector? { nil } }
extension EnvironmentValues {
    var buttonCollector: ButtonCollector? {
        get { self[ButtonCollectorKey.self] }
        set { self[ButtonCollectorKey.self] = newValue }
    }
}

extension View {
    /// A sheet shown while `isPresented` is true, as in SwiftUI (live previews; a one-off
    /// layout shows the presenting view only). `@Environment(\.dismiss)` in it closes it.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        presenting(.sheet, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false; onDismiss?() }) { AnyView(content()) }
    }
    /// A sheet for an item while it is not nil, as in SwiftUI (live previews).
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        presenting(.sheet, item: item, onDismiss: onDismiss, content: content)
    }
    /// A cover over the whole screen while `isPresented` is true (live previews).
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View {
        presenting(.fullScreenCover, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false; onDismiss?() }) { AnyView(content()) }
    }
    /// A cover for an item while it is not nil (live previews).
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        presenting(.fullScreenCover, item: item, onDismiss: onDismiss, content: content)
    }
    /// A popover: on an iPhone, a sheet (live previews).
    public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: UnitPoint = .center, arrowEdge: Edge = .top,
                                       @ViewBuilder content: @escaping () -> Content) -> some View {
        sheet(isPresented: isPresented, content: content)
    }
    /// An alert with actions, shown while `isPresented` is true (live previews); every button
    /// closes it after its action, and an alert without buttons gets OK, as in SwiftUI.
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }
    /// An alert with actions and a message (live previews).
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                          @ViewBuilder message: () -> M) -> some View {
        let actions = actions(), message = message(), title = String(title)
        return presentingWithButtons(.alert, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false }, actions: actions) { buttons in
            AnyView(AlertBox(title: title, message: M.self == EmptyView.self ? nil : AnyView(message),
                             buttons: buttons.isEmpty ? [(AnyView(Text("OK")), nil, {})] : buttons))
        }
    }
    /// An alert presenting data (live previews; shown while `isPresented` and `data` is not nil).
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                             @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        let title = String(title)
        let built = data.map { (actions($0), message($0)) }
        return presentingWithButtons(.alert, when: isPresented.wrappedValue && built != nil, dismiss: { isPresented.wrappedValue = false },
                                     actions: built?.0) { buttons in
            AnyView(AlertBox(title: title, message: built.map { AnyView($0.1) },
                             buttons: buttons.isEmpty ? [(AnyView(Text("OK")), nil, {})] : buttons))
        }
    }
    /// An alert from an `Alert` value (the older form; live previews).
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let alert = content()
        return presenting(.alert, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false }) {
            AnyView(AlertBox(title: alert.title.string, message: alert.message.map { AnyView($0) },
                             buttons: alert.buttons.map { b in (AnyView(b.label), b.role, b.action ?? {}) }))
        }
    }
    /// An alert for an item while it is not nil (the older form; live previews).
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        let alert = item.wrappedValue.map(content)
        return presenting(.alert, when: alert != nil, dismiss: { item.wrappedValue = nil }) {
            guard let alert else { return AnyView(EmptyView()) }
            return AnyView(AlertBox(title: alert.title.string, message: alert.message.map { AnyView($0) },
                                    buttons: alert.buttons.map { b in (AnyView(b.label), b.role, b.action ?? {}) }))
        }
    }
    /// A confirmation dialog: the actions at the bottom of the screen, Cancel apart (live previews).
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                              titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: { EmptyView() })
    }
    /// A confirmation dialog with a message (live previews).
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
                                                                       @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        let actions = actions(), title = titleVisibility == .visible ? String(title) : nil
        return presentingWithButtons(.confirmationDialog, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false },
                                     actions: actions) { buttons in
            AnyView(DialogBox(title: title, buttons: buttons))
        }
    }

    /// The content, presenting what `make` makes while `shown` (live builds only).
    func presenting(_ kind: LivePresentation.Kind, when shown: Bool, dismiss: @escaping () -> Void,
                    _ make: @escaping () -> AnyView) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            buildView(content, inputs, &outputs)
            if shown, let graph = inputs.state.graph {
                graph.present(LivePresentation(kind: kind, content: make(), dismiss: dismiss, inputs: inputs))
            }
        }
    }

    /// `presenting` while `item` is not nil: the content is made for the item, identified by its
    /// id (another item is another presentation), and dismissing sets `item` to nil.
    func presenting<Item: Identifiable, Content: View>(_ kind: LivePresentation.Kind, item: Binding<Item?>, onDismiss: (() -> Void)?,
                                                       content: @escaping (Item) -> Content) -> _ModifiedView<Self> {
        let current = item.wrappedValue
        return presenting(kind, when: current != nil, dismiss: { item.wrappedValue = nil; onDismiss?() }) {
            AnyView(current.map { content($0).id($0.id) })
        }
    }

    /// `presenting`, for alerts and dialogs whose content is made from the buttons `actions` declares.
    func presentingWithButtons<A: View>(_ kind: LivePresentation.Kind, when shown: Bool, dismiss: @escaping () -> Void, actions: A?,
                                        _ make: @escaping ([(label: AnyView, role: ButtonRole?, action: () -> Void)]) -> AnyView) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            buildView(content, inputs, &outputs)
            if shown, let graph = inputs.state.graph {
                let buttons = actions.map { presentationButtons($0, inputs: inputs) } ?? []
                graph.present(LivePresentation(kind: kind, content: make(buttons), dismiss: dismiss, inputs: inputs,
                                               cancel: buttons.first { $0.role == .cancel }?.action))
            }
        }
    }
}
