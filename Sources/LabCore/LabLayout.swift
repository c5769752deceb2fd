import Foundation
import LayoutEngine
import LayoutGallery

/// How a layout choice arranges a scene's subviews.
public enum LabArrangement {
    /// The subviews inside `layout { … }`. Switching between `.layout` arrangements keeps every
    /// subview's identity (the container is an `AnyLayout`), so switches animate.
    case layout(AnyLayout)
    /// The subviews inside a grid layout, put into rows of ⌈√n⌉ cells without adding containers
    /// (so switches to and from other `.layout` arrangements animate too).
    case gridRows(AnyLayout)
    /// `ViewThatFits { first { … } second { … } }`.
    case viewThatFits(AnyLayout, AnyLayout)
}

/// A layout the window offers in its layout picker.
///
/// ```swift
/// LabLayout("Diagonal", DiagonalLayout())
/// LabLayout("Flow") { p in AnyLayout(FlowLayout(spacing: p.spacing)) }
/// ```
public struct LabLayout {
    /// The name shown in the picker (and accepted, case- and punctuation-insensitively, by
    /// `layoutlab render --layout` and automation scripts).
    public let name: String
    /// Whether the layout uses `LabParameters.rotation` (shows the rotation slider).
    public let usesRotation: Bool
    let arrange: (LabParameters) -> LabArrangement

    /// A fixed layout, ignoring the inspector's spacing and alignment.
    public init<L: Layout>(_ name: String, _ layout: L) {
        self.name = name
        self.usesRotation = false
        let any = AnyLayout(layout)
        self.arrange = { _ in .layout(any) }
    }

    /// A layout made from the inspector's parameters each time the view tree is rebuilt.
    public init(_ name: String, usesRotation: Bool = false, _ make: @escaping (LabParameters) -> AnyLayout) {
        self.name = name
        self.usesRotation = usesRotation
        self.arrange = { .layout(make($0)) }
    }

    /// A layout with an arbitrary arrangement (such as `ViewThatFits`).
    public init(_ name: String, usesRotation: Bool = false, arrangement: @escaping (LabParameters) -> LabArrangement) {
        self.name = name
        self.usesRotation = usesRotation
        self.arrange = arrangement
    }

    /// The arrangement for `parameters`.
    public func arrangement(_ parameters: LabParameters) -> LabArrangement { arrange(parameters) }

    /// The built-in layouts: HStack, VStack, ZStack, Flow, Radial, Grid, Equal-width HStack,
    /// Equal-width VStack, ViewThatFits (Ctrl+1…9 in this order).
    public static var builtIn: [LabLayout] {
        [
            LabLayout("HStack") { p in AnyLayout(HStackLayout(alignment: p.alignment.vertical, spacing: p.spacing)) },
            LabLayout("VStack") { p in AnyLayout(VStackLayout(alignment: p.alignment.horizontal, spacing: p.spacing)) },
            LabLayout("ZStack") { p in AnyLayout(ZStackLayout(alignment: p.alignment.both)) },
            LabLayout("Flow") { p in AnyLayout(FlowLayout(alignment: p.alignment.horizontal, spacing: p.spacing, lineSpacing: p.spacing)) },
            LabLayout("Radial", usesRotation: true) { p in AnyLayout(RadialLayout(rotation: p.rotation)) },
            LabLayout("Grid", arrangement: { p in
                .gridRows(AnyLayout(GridLayout(alignment: p.alignment.both, horizontalSpacing: p.spacing, verticalSpacing: p.spacing)))
            }),
            LabLayout("Equal-width HStack") { p in AnyLayout(EqualWidthHStack(spacing: p.spacing)) },
            LabLayout("Equal-width VStack") { p in AnyLayout(EqualWidthVStack(spacing: p.spacing)) },
            LabLayout("ViewThatFits", arrangement: { p in
                .viewThatFits(AnyLayout(HStackLayout(alignment: p.alignment.vertical, spacing: p.spacing)),
                              AnyLayout(VStackLayout(alignment: p.alignment.horizontal, spacing: p.spacing)))
            }),
        ]
    }
}

/// Compares names ignoring case, spaces and punctuation ("equal-width-hstack" matches
/// "Equal-width HStack").
package func normalizedName(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
}

extension LabLayout {
    /// A layout that another process applies (a person's `Layout`, which the preview agent runs):
    /// only its name is here; it is never applied in this process.
    public static func laidOutElsewhere(_ name: String) -> LabLayout {
        LabLayout(name, arrangement: { _ in .layout(AnyLayout(ZStackLayout())) })
    }
}
