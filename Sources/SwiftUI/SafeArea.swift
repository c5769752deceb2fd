import Foundation
import LayoutCore

/// Kinds of safe area, as in SwiftUI.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The safe area of the container: the status bar, the sensor housing, the home indicator, bars.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The area the software keyboard covers while a text field has focus.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Every safe area region.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Lets the view reach into the safe area on `edges`, as SwiftUI's `ignoresSafeArea(_:edges:)`.
    ///
    /// SwiftUI's rule: where the view's frame reaches the safe area's edge, it grows to the edge
    /// of the `regions` it ignores (the screen, or the top of the keyboard), and its content is
    /// laid out in the grown frame; its parent's layout is unchanged. Without a safe area (a
    /// desktop window, a layout without a device) there is nothing to reach. The engine's
    /// `LayoutHost.safeAreaInsets` gives a layout its safe area.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        changeEach { n, _ in n.ignoreSafeArea(regions, edges: edges) }
    }
    /// Lets the view reach into the container safe area on `edges` (SwiftUI's deprecated form of
    /// `ignoresSafeArea(.container, edges:)`; the keyboard region is kept, as there).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
        changeEach { n, _ in n.ignoreSafeArea(.container, edges: edges) }
    }

    /// Adds `length` (16 points when nil) to the safe area on `edges`, as SwiftUI's
    /// `safeAreaPadding(_:_:)` (iOS 17).
    ///
    /// The content is inset as by `padding`, and the padded band counts as outside the safe
    /// area for it: a background or a view inside that ignores the safe area reaches through
    /// the band (and beyond it, to the screen's edge, where this view reaches the safe area's
    /// edge itself). A scroll view's content is inset by it in SwiftUI while the scroll view
    /// itself fills the band; here a scroll view is laid out like any view in it.
    public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        safeAreaPadding(EdgeInsets(edges, length ?? 16))
    }
    /// Adds `length` to the safe area on every edge (iOS 17).
    public func safeAreaPadding(_ length: CGFloat) -> some View { safeAreaPadding(.all, length) }
    /// Adds `insets` to the safe area (iOS 17).
    public func safeAreaPadding(_ insets: EdgeInsets) -> some View {
        padding(insets).changeEach { n, _ in
            guard case .padding(let p) = n.kind else { return }
            var behavior = n.safeAreaBehavior ?? SafeAreaBehavior()
            behavior.addedInsets = p.insets
            n.safeAreaBehavior = behavior
            n.kindName = "safeAreaPadding"
        }
    }

    /// Fills a rectangle behind the view with `color`, reaching into the safe area on `edges`
    /// where the view reaches its edge. SwiftUI resolves `.background(Color.red)` to
    /// `background(_:ignoresSafeAreaEdges:)` since iOS 15 (a colour is a shape style), so a
    /// full-screen view's coloured background covers the status bar and the home indicator.
    public func background(_ color: Color, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        safeAreaFill(color, edges: edges, overlay: false)
    }
    /// Fills a rectangle in front of the view with `color`, reaching into the safe area on
    /// `edges` as `background(_:ignoresSafeAreaEdges:)` does.
    public func overlay(_ color: Color, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        safeAreaFill(color, edges: edges, overlay: true)
    }
}

extension LayoutNode {
    /// Marks the view as reaching into `regions` on `edges` (added to what it already ignores).
    func ignoreSafeArea(_ regions: SafeAreaRegions, edges: Edge.Set) {
        let behavior = safeAreaBehavior ?? SafeAreaBehavior()
        safeAreaBehavior = behavior.adding(containerEdges: regions.contains(.container) ? edges : [],
                                           keyboardEdges: regions.contains(.keyboard) ? edges : [])
    }
}
