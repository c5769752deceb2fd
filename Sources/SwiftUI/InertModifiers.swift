import Foundation
import LayoutCore

// Modifiers with no layout effect: they compile with SwiftUI's signatures and are accepted
// without effect (a layout is a snapshot: nothing is presented, tapped, animated or announced).
// Each says so in its documentation. Those that change drawing or text are elsewhere.

// Gestures: Gestures.swift (they run in a live preview).

// MARK: - Presentations, toolbars and navigation bits

// ToolbarItemPlacement, ToolbarItem and ToolbarItemGroup: Containers/NavigationChrome.swift.

/// Bars a toolbar modifier can address, as SwiftUI's `ToolbarPlacement`.
public struct ToolbarPlacement: Sendable {
    let code: Int
    /// The platform's choice.
    public static let automatic = ToolbarPlacement(code: 0)
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(code: 1)
    /// The tab bar.
    public static let tabBar = ToolbarPlacement(code: 2)
    /// The bottom bar.
    public static let bottomBar = ToolbarPlacement(code: 3)
}

/// Whether something is visible, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable { case automatic, visible, hidden }

/// How a navigation title is shown, as SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    /// How a navigation title is shown.
    public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}

/// The height a sheet may take, as SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
    let code: Double
    /// The full height.
    public static let large = PresentationDetent(code: -1)
    /// About half the height.
    public static let medium = PresentationDetent(code: -2)
    /// A fraction of the height.
    public static func fraction(_ f: CGFloat) -> PresentationDetent { PresentationDetent(code: Double(f)) }
    /// A height in points.
    public static func height(_ h: CGFloat) -> PresentationDetent { PresentationDetent(code: 1000 + Double(h)) }
}

/// The visibility of a drag indicator etc., kept for `presentationDragIndicator`.
public typealias PresentationDragIndicatorVisibility = Visibility

/// The style of an alert's button roles etc. are `ButtonRole`; a title visibility, as SwiftUI's.
public typealias ConfirmationDialogTitleVisibility = Visibility


/// Where a search field goes, as SwiftUI's `SearchFieldPlacement`.
public struct SearchFieldPlacement: Sendable {
    /// The platform's choice.
    public static let automatic = SearchFieldPlacement()
    /// In the navigation bar drawer.
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode = .automatic) -> SearchFieldPlacement { SearchFieldPlacement() }
    /// In the toolbar.
    public static let toolbar = SearchFieldPlacement()
    /// In the sidebar.
    public static let sidebar = SearchFieldPlacement()
    /// How the drawer shows.
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}
/// The drawer display mode of a search field.
public typealias NavigationBarDrawerDisplayMode = SearchFieldPlacement.NavigationBarDrawerDisplayMode

/// Accessibility traits, as SwiftUI's `AccessibilityTraits` (recorded only).
public struct AccessibilityTraits: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt64
    /// Creates traits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// A button.
    public static let isButton = AccessibilityTraits(rawValue: 1)
    /// A header.
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    /// Selected.
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    /// A link.
    public static let isLink = AccessibilityTraits(rawValue: 8)
    /// An image.
    public static let isImage = AccessibilityTraits(rawValue: 16)
    /// Static text.
    public static let isStaticText = AccessibilityTraits(rawValue: 32)
    /// A search field.
    public static let isSearchField = AccessibilityTraits(rawValue: 64)
    /// Updates often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 128)
    /// A toggle (iOS 17).
    public static let isToggle = AccessibilityTraits(rawValue: 256)
    /// Modal.
    public static let isModal = AccessibilityTraits(rawValue: 512)
}

/// How an accessibility element is made from children, as SwiftUI's `AccessibilityChildBehavior`.
public struct AccessibilityChildBehavior: Sendable {
    /// Children are ignored.
    public static let ignore = AccessibilityChildBehavior()
    /// Children are contained.
    public static let contain = AccessibilityChildBehavior()
    /// Children are combined.
    public static let combine = AccessibilityChildBehavior()
}

/// The kind of keyboard, as UIKit's `UIKeyboardType` (accepted: no keyboard in a layout).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The autocapitalization of text input, as SwiftUI's `TextInputAutocapitalization`.
public struct TextInputAutocapitalization: Sendable {
    /// Never.
    public static let never = TextInputAutocapitalization()
    /// Each word.
    public static let words = TextInputAutocapitalization()
    /// Each sentence.
    public static let sentences = TextInputAutocapitalization()
    /// Every character.
    public static let characters = TextInputAutocapitalization()
}

/// The content type of a text field, as UIKit's `UITextContentType` (accepted).
public struct UITextContentType: Hashable, Sendable {
    let name: String
    /// A user name.
    public static let username = UITextContentType(name: "username")
    /// A password.
    public static let password = UITextContentType(name: "password")
    /// A new password.
    public static let newPassword = UITextContentType(name: "newPassword")
    /// An email address.
    public static let emailAddress = UITextContentType(name: "emailAddress")
    /// A name.
    public static let name = UITextContentType(name: "name")
    /// A telephone number.
    public static let telephoneNumber = UITextContentType(name: "telephoneNumber")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(name: "oneTimeCode")
    /// A URL.
    public static let URL = UITextContentType(name: "URL")
}

/// The label of the return key, as SwiftUI's `SubmitLabel`.
public struct SubmitLabel: Sendable {
    /// Done.
    public static let done = SubmitLabel()
    /// Go.
    public static let go = SubmitLabel()
    /// Send.
    public static let send = SubmitLabel()
    /// Join.
    public static let join = SubmitLabel()
    /// Route.
    public static let route = SubmitLabel()
    /// Search.
    public static let search = SubmitLabel()
    /// Return.
    public static let `return` = SubmitLabel()
    /// Next.
    public static let next = SubmitLabel()
    /// Continue.
    public static let `continue` = SubmitLabel()
}

/// What triggers `onSubmit`, as SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates triggers.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Text fields.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Search fields.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// Why content is redacted, as SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates reasons.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A placeholder.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// Private data.
    public static let privacy = RedactionReasons(rawValue: 2)
    /// Invalidated.
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// A key on a keyboard, as SwiftUI's `KeyEquivalent`.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character.
    public let character: Character
    /// Creates a key.
    public init(_ character: Character) { self.character = character }
    /// Creates a key from a literal.
    public init(extendedGraphemeClusterLiteral value: Character) { character = value }
    /// Return.
    public static let `return` = KeyEquivalent("\r")
    /// Escape.
    public static let escape = KeyEquivalent("\u{1B}")
    /// Delete.
    public static let delete = KeyEquivalent("\u{8}")
    /// Space.
    public static let space = KeyEquivalent(" ")
    /// Tab.
    public static let tab = KeyEquivalent("\t")
}

/// Modifier keys, as SwiftUI's `EventModifiers`.
public struct EventModifiers: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates modifiers.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Command.
    public static let command = EventModifiers(rawValue: 1)
    /// Shift.
    public static let shift = EventModifiers(rawValue: 2)
    /// Option.
    public static let option = EventModifiers(rawValue: 4)
    /// Control.
    public static let control = EventModifiers(rawValue: 8)
}

/// The shape content is hit-tested with, as SwiftUI's `ContentShapeKinds`.
public struct ContentShapeKinds: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates kinds.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Hit testing.
    public static let interaction = ContentShapeKinds(rawValue: 1)
    /// Drag previews.
    public static let dragPreview = ContentShapeKinds(rawValue: 2)
    /// Context menu previews.
    public static let contextMenuPreview = ContentShapeKinds(rawValue: 4)
    /// Hover effects.
    public static let hoverEffect = ContentShapeKinds(rawValue: 8)
}

/// What `matchedGeometryEffect` matches, as SwiftUI's `MatchedGeometryProperties`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates properties.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The position.
    public static let position = MatchedGeometryProperties(rawValue: 1)
    /// The size.
    public static let size = MatchedGeometryProperties(rawValue: 2)
    /// Both.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// A publisher of timer ticks, standing in for Foundation's Combine `Timer.publish` (never fires).
public struct TimerTickPublisher: Publisher {
    /// The tick's date.
    public typealias Output = Date
    /// Never fails.
    public typealias Failure = Never
    /// Starts on subscription (nothing to start).
    public func autoconnect() -> TimerTickPublisher { self }
}

extension Timer {
    /// A publisher of ticks every `interval`, as Combine's `Timer.publish` (never fires in a layout).
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode) -> TimerTickPublisher { TimerTickPublisher() }
}

// MARK: - The modifiers

extension View {
    // Events (`onAppear`, `onChange`, `task`: Graph/Lifecycle.swift).

    /// Runs `action` for each value a publisher emits (never, in a layout).
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never { self }
    /// Runs `action` when a text field inside is submitted (Return in a live preview), as in
    /// SwiftUI: every `onSubmit` around the field runs, innermost first.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        withEnvironment { $0.submitActions.append(action) }
    }
    /// Runs `action` when the view is tapped `count` times, as in SwiftUI (in a live preview;
    /// never in a one-off layout). Taps land on what the view draws (`LivePreview`); a disabled
    /// view's gestures do not run, as in SwiftUI.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        interactive(.tap(count: max(1, count), action: action))
    }
    /// Runs `action` with the location of a tap in `coordinateSpace` (iOS 17; in a live preview).
    public func onTapGesture<C: _GestureCoordinateSpace>(count: Int = 1, coordinateSpace: C, perform action: @escaping (CGPoint) -> Void) -> some View {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }
    // onLongPressGesture, gesture, simultaneousGesture, highPriorityGesture: Gestures.swift.
    /// Runs `action` when the pointer enters or leaves (never, in a layout).
    public func onHover(perform action: @escaping (Bool) -> Void) -> some View { self }
    /// Runs `action` when URLs are opened (never, in a layout).
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

    // Interaction: accepted without effect on layout.

    /// Disables controls inside when `disabled`, as in SwiftUI: sets `isEnabled` (controls draw dimmed); no layout effect.
    public func disabled(_ disabled: Bool) -> some View { withEnvironment { if disabled { $0.isEnabled = false } } }
    /// Whether the view and its content take part in hit testing, as in SwiftUI: with false,
    /// taps in a live preview pass through it to what is behind.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            let start = outputs.nodes.count
            buildView(content, inputs, &outputs)
            if !enabled, let graph = inputs.state.graph {
                for node in outputs.nodes[start...] { graph.excludeFromHitTesting(node) }
            }
        }
    }
    /// The shape used for hit testing (accepted without effect).
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    /// The shape used for a kind of interaction (accepted without effect).
    public func contentShape<S: Shape>(_ kind: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> some View { self }
    /// A keyboard shortcut (accepted without effect).
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View { self }
    /// A help tag (accepted without effect).
    public func help<S: StringProtocol>(_ text: S) -> some View { self }
    /// Whether the view can take focus (accepted without effect).
    public func focusable(_ isFocusable: Bool = true) -> some View { self }

    // Text input: accepted without effect (no keyboard in a layout).

    /// The keyboard type (accepted without effect).
    public func keyboardType(_ type: UIKeyboardType) -> some View { self }
    /// The autocapitalization (accepted without effect).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    /// The autocapitalization, older spelling (accepted without effect).
    public func autocapitalization(_ style: TextInputAutocapitalization) -> some View { self }
    /// Whether autocorrection is off (accepted without effect).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    /// Whether autocorrection is off, older spelling (accepted without effect).
    public func disableAutocorrection(_ disable: Bool?) -> some View { self }
    /// The return key's label (accepted without effect).
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
    /// The content type of text fields (accepted without effect).
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
    /// Whether the keyboard is dismissed on scroll (accepted without effect).

    // Accessibility: recorded nowhere, no layout effect.

    /// An accessibility label (accepted without effect).
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    /// An accessibility label as text (accepted without effect).
    public func accessibilityLabel(_ label: Text) -> some View { self }
    /// An accessibility hint (accepted without effect).
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { self }
    /// An accessibility hint as text (accepted without effect).
    public func accessibilityHint(_ hint: Text) -> some View { self }
    /// An accessibility value (accepted without effect).
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { self }
    /// An accessibility value as text (accepted without effect).
    public func accessibilityValue(_ value: Text) -> some View { self }
    /// Hides the view from accessibility (accepted without effect).
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// Adds accessibility traits (accepted without effect).
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Removes accessibility traits (accepted without effect).
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Makes an accessibility element of the view (accepted without effect).
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    /// An accessibility identifier (accepted without effect).
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
    /// The accessibility sort priority (accepted without effect).
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }
    /// An accessibility action (accepted without effect).
    public func accessibilityAction(named name: String, _ handler: @escaping () -> Void) -> some View { self }

    // Animation: `transition` and `matchedGeometryEffect` are in Transitions.swift.

    /// Applies an animation to all changes (the deprecated form; accepted without effect).
    public func animation(_ animation: Animation?) -> some View { self }

    // Presentations (sheets, covers, alerts, dialogs): Graph/LivePresentations.swift.

    /// A context menu (never shown in a layout).
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View { self }
    /// A context menu with a preview (never shown in a layout).
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View { self }
    /// The heights a sheet may take (accepted without effect).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }
    /// The heights a sheet may take, with a selection (accepted without effect).
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View { self }
    /// The sheet's drag indicator (accepted without effect).
    public func presentationDragIndicator(_ visibility: Visibility) -> some View { self }
    /// The sheet's corner radius (accepted without effect).
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View { self }
    /// Whether interactive dismissal is off (accepted without effect).
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }

    // Navigation chrome (navigationTitle, toolbar, searchable, …): Containers/NavigationChrome.swift.

    /// Pull to refresh (accepted without effect).
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
    /// A destination for an optional item (iOS 17; accepted without effect).
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    // `badge` is in Containers/TabView.swift: the tab bar draws it.
    /// Swipe actions of a list row (accepted without effect).
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View { self }

    // Appearance of the window and system: no effect on layout.

    /// The preferred color scheme (accepted without effect: the environment's scheme is unchanged).
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }
    /// Hides the status bar (accepted without effect).
    public func statusBarHidden(_ hidden: Bool = true) -> some View { self }
    /// Hides the home indicator (accepted without effect).
    public func persistentSystemOverlays(_ visibility: Visibility) -> some View { self }
    /// Redacts content (accepted without effect: content is drawn as is).
    public func redacted(reason: RedactionReasons) -> some View { self }
    /// Removes redaction (accepted without effect).
    public func unredacted() -> some View { self }
    /// Marks private content (accepted without effect).
    public func privacySensitive(_ sensitive: Bool = true) -> some View { self }
    /// A symbol effect (accepted without effect).
    public func symbolEffect<E>(_ effect: E, options: SymbolEffectOptions = .default, value: some Equatable) -> some View { self }
    /// Sensory feedback (accepted without effect).
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
    /// Draws the view's content in one pass (accepted without effect).
    public func drawingGroup(opaque: Bool = false) -> some View { self }
    /// Hover effects (accepted without effect).
    public func hoverEffect(_ effect: HoverEffect = .automatic) -> some View { self }
}

extension View {
    /// Limits the Dynamic Type sizes the views inside see to `range`, as in SwiftUI: a size
    /// outside it becomes the nearest size inside (an empty range changes nothing).
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        let allowed = DynamicTypeSize.allCases.filter { range.contains($0) }
        return withEnvironment { env in
            guard let low = allowed.first, let high = allowed.last else { return }
            env.dynamicTypeSize = min(max(env.dynamicTypeSize, low), high)
        }
    }
    /// Sets the Dynamic Type size of the views inside, as in SwiftUI.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { withEnvironment { $0.dynamicTypeSize = size } }
}

/// Options of a symbol effect (accepted without effect).
public struct SymbolEffectOptions: Sendable {
    /// The default options.
    public static let `default` = SymbolEffectOptions()
    /// Repeats.
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
}
/// Sensory feedback (accepted without effect).
public struct SensoryFeedback: Sendable {
    /// Success.
    public static let success = SensoryFeedback()
    /// Warning.
    public static let warning = SensoryFeedback()
    /// Error.
    public static let error = SensoryFeedback()
    /// Selection.
    public static let selection = SensoryFeedback()
    /// Increase.
    public static let increase = SensoryFeedback()
    /// Decrease.
    public static let decrease = SensoryFeedback()
    /// An impact.
    public static let impact = SensoryFeedback()
}
/// A hover effect (accepted without effect).
public struct HoverEffect: Sendable {
    /// The platform's choice.
    public static let automatic = HoverEffect()
    /// Highlight.
    public static let highlight = HoverEffect()
    /// Lift.
    public static let lift = HoverEffect()
}

/// An alert value, as SwiftUI's older `Alert` (never shown in a layout).
public struct Alert {
    /// A button of an alert.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?
        /// A default button.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: nil, action: action) }
        /// A cancel button.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .cancel, action: action) }
        /// The standard cancel button.
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button(label: Text("Cancel"), role: .cancel, action: action) }
        /// A destructive button.
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .destructive, action: action) }
    }
    let title: Text
    let message: Text?
    let buttons: [Button]
    /// An alert with one button (OK when none is given).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title; self.message = message; buttons = [dismissButton ?? .default(Text("OK"))]
    }
    /// An alert with two buttons.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title; self.message = message; buttons = [primaryButton, secondaryButton]
    }
}

// NavigationLink, navigationDestination(for:) / (isPresented:) and tabItem: Containers/Navigation.swift.
