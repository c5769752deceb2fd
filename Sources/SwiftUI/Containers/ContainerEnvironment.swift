import Foundation
import LayoutCore

/// The container settings that flow down the view tree (one field of `EnvironmentValues`):
/// list and label styles, scroll settings, and whether views are rows of a list.
struct ContainerEnvironment {
    /// The style `List`, `Form` and `Section` use (`.listStyle`); nil means the platform default.
    var listStyle: ListStyleKind? = nil
    /// How `Label` shows its title and icon (`.labelStyle`).
    var labelStyle: LabelStyleKind = .automatic
    /// Whether scroll views draw their indicator (`.scrollIndicators`).
    var scrollIndicators: ScrollIndicatorVisibility = .automatic
    /// The margins `.contentMargins(_:_:for:)` adds around scroll content.
    var scrollContentMargins = EdgeInsets()
    /// Set inside a `List` or `Form`: a `Section` there draws as a list section.
    var listContext: ListStyleKind? = nil
    /// True for everything inside a `List` or `Form` (sections and rows): controls there show
    /// their labels as iOS rows do (a menu picker: label, then the selection and chevrons).
    var isInListRow = false
    /// Row insets set with `.listRowInsets` (nil: the style's).
    var listRowInsets: EdgeInsets? = nil
}

/// Builds already-built layout nodes as a view: how containers wrap the rows they split out
/// (each node is appended once; the views that use it guarantee that).
struct _PrebuiltNodes: PrimitiveView {
    let nodes: [LayoutNode]
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        outputs.nodes.append(contentsOf: view.nodes)
    }
}

// MARK: - Scroll settings

/// The visibility of scroll indicators, as SwiftUI's `ScrollIndicatorVisibility`.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    let shows: Bool?
    /// The platform's choice: shown while content overflows.
    public static let automatic = ScrollIndicatorVisibility(shows: nil)
    /// Shown while content overflows.
    public static let visible = ScrollIndicatorVisibility(shows: true)
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility(shows: false)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(shows: false)
}

/// Where content margins apply, as SwiftUI's `ContentMarginPlacement` (iOS 17).
public struct ContentMarginPlacement: Hashable, Sendable {
    let name: String
    /// Both the content and the indicators.
    public static let automatic = ContentMarginPlacement(name: "automatic")
    /// The scroll content.
    public static let scrollContent = ContentMarginPlacement(name: "scrollContent")
    /// The scroll indicators (no layout effect here).
    public static let scrollIndicators = ContentMarginPlacement(name: "scrollIndicators")
}

/// How a scroll view settles after scrolling, as SwiftUI's scroll target behaviours (iOS 17).
/// Accepted for source compatibility: the preview shows the scroll origin and never scrolls.
public struct ScrollTargetBehaviorConfiguration: Hashable, Sendable {
    /// Settles on page boundaries.
    public static let paging = ScrollTargetBehaviorConfiguration()
    /// Settles on the views marked with `.scrollTargetLayout()`.
    public static let viewAligned = ScrollTargetBehaviorConfiguration()
    /// Settles on the marked views, limited as given.
    public static func viewAligned(limitBehavior: ScrollTargetLimitBehavior) -> ScrollTargetBehaviorConfiguration { .init() }
}

/// How far a view-aligned scroll may move (iOS 17); accepted for source compatibility.
public struct ScrollTargetLimitBehavior: Hashable, Sendable {
    /// The platform default.
    public static let automatic = ScrollTargetLimitBehavior()
    /// One view at a time.
    public static let always = ScrollTargetLimitBehavior()
    /// No limit.
    public static let never = ScrollTargetLimitBehavior()
}

/// How a scroll view bounces (iOS 16.4); accepted for source compatibility.
public struct ScrollBounceBehavior: Hashable, Sendable {
    /// The platform default.
    public static let automatic = ScrollBounceBehavior()
    /// Always bounces.
    public static let always = ScrollBounceBehavior()
    /// Bounces only when the content is larger than the scroll view.
    public static let basedOnSize = ScrollBounceBehavior()
}

extension View {
    /// Sets the visibility of scroll indicators in scroll views inside this view, as in SwiftUI
    /// (iOS 16). `.hidden` and `.never` leave the indicator out of the drawing; layout is unchanged.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        withEnvironment { $0.containers.scrollIndicators = visibility }
    }

    /// Adds margins around the content of scroll views inside this view, as SwiftUI's
    /// `contentMargins` (iOS 17): the content is inset by `length` (16 when nil, SwiftUI's
    /// default padding) on `edges`, inside the scrolled area. `.scrollIndicators` placement has
    /// no layout effect.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        contentMargins(edges, EdgeInsets(edges, length ?? 16), for: placement)
    }
    /// Adds the given margins around the content of scroll views inside this view (iOS 17).
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        withEnvironment { env in
            guard placement != .scrollIndicators else { return }
            let finite = { (v: CGFloat) in v.isFinite ? v : 0 }
            var m = env.containers.scrollContentMargins
            if edges.contains(.top) { m.top = finite(insets.top) }
            if edges.contains(.leading) { m.leading = finite(insets.leading) }
            if edges.contains(.bottom) { m.bottom = finite(insets.bottom) }
            if edges.contains(.trailing) { m.trailing = finite(insets.trailing) }
            env.containers.scrollContentMargins = m
        }
    }
    /// Adds `length` of margin on every edge of scroll content (iOS 17).
    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> some View {
        contentMargins(.all, length, for: placement)
    }

    /// Accepted for source compatibility (iOS 17): the preview never scrolls, so how a scroll
    /// view settles changes nothing.
    public func scrollTargetBehavior(_ behavior: ScrollTargetBehaviorConfiguration) -> some View { self }
    /// Accepted for source compatibility (iOS 17): marks the views a view-aligned scroll settles on.
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }
    /// Accepted for source compatibility (iOS 16): the preview never scrolls.
    public func scrollDisabled(_ disabled: Bool) -> some View { self }
    /// Accepted for source compatibility (iOS 16.4).
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View { self }
    /// Accepted for source compatibility (iOS 17): scroll content is clipped to the scroll view here.
    public func scrollClipDisabled(_ disabled: Bool = true) -> some View { self }
    /// Accepted for source compatibility (iOS 17): the preview shows the scroll origin.
    public func defaultScrollAnchor(_ anchor: UnitPoint?) -> some View { self }
    /// Accepted for source compatibility (iOS 16): how scrolling dismisses the keyboard.
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { self }
}

/// How scrolling dismisses the keyboard (iOS 16); accepted for source compatibility.
public struct ScrollDismissesKeyboardMode: Hashable, Sendable {
    /// The platform default.
    public static let automatic = ScrollDismissesKeyboardMode()
    /// As soon as scrolling starts.
    public static let immediately = ScrollDismissesKeyboardMode()
    /// Interactively with the drag.
    public static let interactively = ScrollDismissesKeyboardMode()
    /// Never.
    public static let never = ScrollDismissesKeyboardMode()
}
