import Foundation
import LayoutCore

// Previews, as in Xcode: `#Preview { … }` and `PreviewProvider` compile unchanged. In a plain
// build they only register the preview; `layoutlab preview FILE` shows them in the window and
// `layoutlab render --source FILE --preview NAME` renders them headlessly.

/// Creates a preview of a view, as SwiftUI's `#Preview`.
///
/// ```swift
/// #Preview { ContentView() }
/// #Preview("Dark", traits: .sizeThatFitsLayout) { Badge(count: 3) }
/// ```
/// Without a name the window calls it "Preview" (numbered when a file has several, as Xcode
/// does); `traits` choose how it is proposed a size (`.fixedLayout`, `.sizeThatFitsLayout`).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait..., @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "LayoutLabMacros", type: "PreviewMacro")

/// Marks a property declared inside a `#Preview` body (`@Previewable @State var on = true`), as
/// SwiftUI's `@Previewable`.
@attached(peer)
public macro Previewable() = #externalMacro(module: "LayoutLabMacros", type: "PreviewableMacro")

/// A characteristic of a preview: how it is proposed a size, or its orientation, as SwiftUI's
/// `PreviewTrait`.
public struct PreviewTrait: Hashable, Sendable {
    /// What a trait says.
    public enum Kind: Hashable, Sendable {
        /// The preview is proposed the window's size (SwiftUI: the device's screen).
        case defaultLayout
        /// The preview is proposed its ideal size (nil × nil) and the canvas fits it.
        case sizeThatFitsLayout
        /// The preview is proposed exactly `width` × `height`.
        case fixedLayout(width: CGFloat, height: CGFloat)
        /// A device orientation; layout is unaffected on the desktop (recorded only).
        case orientation(InterfaceOrientation)
    }
    /// What the trait says.
    public let kind: Kind

    /// Proposes the window's size, as on a device.
    public static var defaultLayout: PreviewTrait { PreviewTrait(kind: .defaultLayout) }
    /// Proposes the preview its ideal size.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(kind: .sizeThatFitsLayout) }
    /// Proposes exactly `width` × `height` points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait(kind: .fixedLayout(width: width, height: height))
    }
    /// Portrait orientation.
    public static var portrait: PreviewTrait { PreviewTrait(kind: .orientation(.portrait)) }
    /// Upside-down portrait orientation.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(kind: .orientation(.portraitUpsideDown)) }
    /// Landscape, home button (or camera) on the left.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(kind: .orientation(.landscapeLeft)) }
    /// Landscape, home button (or camera) on the right.
    public static var landscapeRight: PreviewTrait { PreviewTrait(kind: .orientation(.landscapeRight)) }
}

/// A device orientation, as SwiftUI's `InterfaceOrientation`.
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

/// How a `PreviewProvider`'s preview is proposed a size, as SwiftUI's `PreviewLayout`.
public enum PreviewLayout: Hashable, Sendable {
    /// The window's size (SwiftUI: the device's screen).
    case device
    /// The preview's ideal size.
    case sizeThatFits
    /// Exactly `width` × `height` points.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown on, as SwiftUI's `PreviewDevice` (recorded; the window's size
/// is the proposal).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The device's name, such as "iPhone 15".
    public let rawValue: String
    /// A device named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A device named by a string literal.
    public init(stringLiteral value: String) { rawValue = value }
}

/// The platform a `PreviewProvider` targets, as SwiftUI's `PreviewPlatform`.
public enum PreviewPlatform: Hashable, Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// A type that produces previews, as SwiftUI's `PreviewProvider`.
///
/// Each top-level view of `previews` is a preview of its own (a `Group` of three views is three
/// previews), named by `.previewDisplayName(_:)` or, as Xcode does, after the provider's type.
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of the previews.
    associatedtype Previews: View
    /// The previews.
    @ViewBuilder static var previews: Previews { get }
    /// The platform to preview on; nil means the default.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    /// The default platform (nil).
    public static var platform: PreviewPlatform? { nil }
}

/// What the preview modifiers say about a view.
public struct PreviewAttributes: Hashable, Sendable {
    /// From `.previewDisplayName(_:)`.
    public var displayName: String?
    /// From `.previewLayout(_:)`.
    public var layout: PreviewLayout?
    /// From `.previewDevice(_:)`.
    public var device: PreviewDevice?
    /// From `.previewInterfaceOrientation(_:)`.
    public var orientation: InterfaceOrientation?
    /// No attributes.
    public init() {}
}

/// A view carrying preview attributes; it lays out exactly as its content.
public struct PreviewAttributedView<Content: View>: View {
    /// The content.
    public let content: Content
    /// The attributes set on it (outer modifiers win, as SwiftUI applies the outermost one).
    public let attributes: PreviewAttributes
    /// The content itself.
    public var body: Content { content }
}

/// Reads preview attributes off a view without knowing its type.
protocol PreviewAttributeCarrying {
    var previewAttributes: PreviewAttributes { get }
    var previewContent: any View { get }
}

extension PreviewAttributedView: PreviewAttributeCarrying {
    var previewAttributes: PreviewAttributes { attributes }
    var previewContent: any View { content }
}

extension View {
    /// Sets how a `PreviewProvider`'s preview is proposed a size (no effect on layout).
    public func previewLayout(_ value: PreviewLayout) -> PreviewAttributedView<Self> {
        withPreviewAttribute { if $0.layout == nil { $0.layout = value } }
    }
    /// Names a `PreviewProvider`'s preview (no effect on layout).
    public func previewDisplayName(_ name: String?) -> PreviewAttributedView<Self> {
        withPreviewAttribute { if $0.displayName == nil { $0.displayName = name } }
    }
    /// Sets a preview's device (recorded; no effect on layout).
    public func previewDevice(_ device: PreviewDevice?) -> PreviewAttributedView<Self> {
        withPreviewAttribute { if $0.device == nil { $0.device = device } }
    }
    /// Sets a preview's orientation (recorded; no effect on layout).
    public func previewInterfaceOrientation(_ orientation: InterfaceOrientation) -> PreviewAttributedView<Self> {
        withPreviewAttribute { if $0.orientation == nil { $0.orientation = orientation } }
    }

    private func withPreviewAttribute(_ set: (inout PreviewAttributes) -> Void) -> PreviewAttributedView<Self> {
        // Modifiers apply outside in: inner attributes are kept unless an outer one is set later.
        var attributes = PreviewAttributes()
        set(&attributes)
        return PreviewAttributedView(content: self, attributes: attributes)
    }
}

/// One preview: what `#Preview` registers, or one view of a `PreviewProvider`.
public struct PreviewRegistration {
    /// The name given to `#Preview("Name")`, or the display name of a provider's preview.
    public let name: String?
    /// The traits given to `#Preview`.
    public let traits: [PreviewTrait]
    /// The source file (as the compiler was given it), line and column of the preview.
    public let file: String, line: Int, column: Int
    /// Makes the preview's view.
    public let makeView: @MainActor () -> AnyView
    /// The device a provider's `.previewDevice(_:)` names ("iPhone 15"); nil: none.
    public var device: String? = nil

    /// Creates a registration (the `#Preview` macro's expansion calls this).
    public init(name: String?, traits: [PreviewTrait], file: String, line: Int, column: Int,
                makeView: @escaping @MainActor () -> AnyView) {
        self.name = name; self.traits = traits
        self.file = file; self.line = line; self.column = column
        self.makeView = makeView
    }

    /// Builds a preview body as a view builder (the `#Preview` macro's expansion calls this).
    @MainActor
    public static func makeView<V: View>(@ViewBuilder _ body: @MainActor () -> V) -> AnyView { AnyView(body()) }

    /// The previews of a `PreviewProvider`: one per top-level view of `previews`, each with the
    /// attributes its modifiers set.
    @MainActor
    public static func previews<P: PreviewProvider>(of provider: P.Type, file: String = "", line: Int = 0) -> [PreviewRegistration] {
        parts(of: provider.previews, outer: PreviewAttributes()).map { attributes, part in
            var traits: [PreviewTrait] = []
            switch attributes.layout {
            case .sizeThatFits?: traits.append(.sizeThatFitsLayout)
            case .fixed(let w, let h)?: traits.append(.fixedLayout(width: w, height: h))
            case .device?, nil: break
            }
            if let o = attributes.orientation { traits.append(PreviewTrait(kind: .orientation(o))) }
            var registration = PreviewRegistration(name: attributes.displayName, traits: traits, file: file, line: line, column: 0) {
                AnyView(erasing: part)
            }
            registration.device = attributes.device?.rawValue
            return registration
        }
    }

    /// The top-level views of `view` with their attributes: a part's own attributes win over
    /// those set around the group it is in.
    private static func parts(of view: any View, outer: PreviewAttributes) -> [(PreviewAttributes, any View)] {
        let (own, inner) = previewAttributes(of: view)
        var attributes = own
        if attributes.displayName == nil { attributes.displayName = outer.displayName }
        if attributes.layout == nil { attributes.layout = outer.layout }
        if attributes.device == nil { attributes.device = outer.device }
        if attributes.orientation == nil { attributes.orientation = outer.orientation }
        let split = _topLevelViews(of: inner)
        if split.count == 1, (split[0] as? any PreviewAttributeCarrying) == nil { return [(attributes, split[0])] }
        return split.flatMap { parts(of: $0, outer: attributes) }
    }

    /// The attributes the preview modifiers set on `view`, and the view inside them.
    public static func previewAttributes(of view: any View) -> (PreviewAttributes, any View) {
        var attributes = PreviewAttributes()
        var current = view
        while let carrier = current as? any PreviewAttributeCarrying {
            let inner = carrier.previewAttributes
            // The outermost modifier of each kind wins.
            if attributes.displayName == nil { attributes.displayName = inner.displayName }
            if attributes.layout == nil { attributes.layout = inner.layout }
            if attributes.device == nil { attributes.device = inner.device }
            if attributes.orientation == nil { attributes.orientation = inner.orientation }
            current = carrier.previewContent
        }
        return (attributes, current)
    }
}

extension PreviewRegistration {
    /// The registration placed at `file`, `line` and `column`: where the person wrote the
    /// preview, when the preview build compiled a rewritten copy of their file (the literal
    /// fast path), whose place the `#Preview` macro sees.
    public func located(file: String, line: Int, column: Int) -> PreviewRegistration {
        PreviewRegistration(name: name, traits: traits, file: file, line: line, column: column, makeView: makeView)
    }
}
