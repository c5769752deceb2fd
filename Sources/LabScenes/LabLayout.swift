import Foundation
import SwiftUI
import LayoutGallery
import PreviewNaming

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
/// LabLayout("Flow", alignment: .horizontal) { p in AnyLayout(FlowLayout(spacing: p.spacing)) }
/// ```
public struct LabLayout {
    /// The name shown in the picker (and picked by `layoutlab render --layout` and automation
    /// scripts as `NameMatch` says: exactly, else ignoring case, else punctuation too).
    public private(set) var name: String
    /// The inspector's controls this layout reads; the others are disabled while it is shown.
    public let controls: LabControls
    /// Which parts of the inspector's alignment the layout uses (the alignment menu's choices).
    public let alignmentAxes: LabAlignmentAxes
    /// Whether the layout uses `LabParameters.rotation` (shows the rotation slider).
    public var usesRotation: Bool { controls.contains(.rotation) }
    let arrange: (LabParameters) -> LabArrangement

    /// A fixed layout, ignoring the inspector's spacing and alignment.
    public init<L: Layout>(_ name: String, _ layout: L) {
        self.name = name
        self.controls = []
        self.alignmentAxes = .none
        let any = AnyLayout(layout)
        self.arrange = { _ in .layout(any) }
    }

    /// A layout made from the inspector's parameters each time the view tree is rebuilt.
    public init(_ name: String, controls: LabControls = [.spacing, .alignment], alignment axes: LabAlignmentAxes = .both,
                _ make: @escaping (LabParameters) -> AnyLayout) {
        self.name = name
        self.controls = controls
        self.alignmentAxes = controls.contains(.alignment) ? axes : .none
        self.arrange = { .layout(make($0)) }
    }

    /// A layout with an arbitrary arrangement (such as `ViewThatFits`).
    public init(_ name: String, controls: LabControls = [.spacing, .alignment], alignment axes: LabAlignmentAxes = .both,
                arrangement: @escaping (LabParameters) -> LabArrangement) {
        self.name = name
        self.controls = controls
        self.alignmentAxes = controls.contains(.alignment) ? axes : .none
        self.arrange = arrangement
    }

    /// The arrangement for `parameters`.
    public func arrangement(_ parameters: LabParameters) -> LabArrangement { arrange(parameters) }

    /// The built-in layouts: HStack, VStack, ZStack, Flow, Radial, Grid, Equal-width HStack,
    /// Equal-width VStack, ViewThatFits (Ctrl+1…9 in this order).
    public static var builtIn: [LabLayout] {
        [
            LabLayout("HStack", alignment: .vertical) { p in AnyLayout(HStackLayout(alignment: p.alignment.vertical, spacing: p.spacing)) },
            LabLayout("VStack", alignment: .horizontal) { p in AnyLayout(VStackLayout(alignment: p.alignment.horizontal, spacing: p.spacing)) },
            LabLayout("ZStack", controls: [.alignment]) { p in AnyLayout(ZStackLayout(alignment: p.alignment.both)) },
            LabLayout("Flow", alignment: .horizontal) { p in AnyLayout(FlowLayout(alignment: p.alignment.horizontal, spacing: p.spacing, lineSpacing: p.spacing)) },
            LabLayout("Radial", controls: [.rotation, .rank]) { p in AnyLayout(RadialLayout(rotation: p.rotation)) },
            LabLayout("Grid", arrangement: { p in
                .gridRows(AnyLayout(GridLayout(alignment: p.alignment.both, horizontalSpacing: p.spacing, verticalSpacing: p.spacing)))
            }),
            LabLayout("Equal-width HStack", controls: [.spacing]) { p in AnyLayout(EqualWidthHStack(spacing: p.spacing)) },
            LabLayout("Equal-width VStack", controls: [.spacing]) { p in AnyLayout(EqualWidthVStack(spacing: p.spacing)) },
            LabLayout("ViewThatFits", arrangement: { p in
                .viewThatFits(AnyLayout(HStackLayout(alignment: p.alignment.vertical, spacing: p.spacing)),
                              AnyLayout(VStackLayout(alignment: p.alignment.horizontal, spacing: p.spacing)))
            }),
        ]
    }
}

/// The inspector controls a layout reads.
public struct LabControls: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The container's spacing.
    public static let spacing = LabControls(rawValue: 1 << 0)
    /// The container's alignment (see `LabLayout.alignmentAxes`).
    public static let alignment = LabControls(rawValue: 1 << 1)
    /// `LabParameters.rotation`.
    public static let rotation = LabControls(rawValue: 1 << 2)
    /// The subviews' radial ranks.
    public static let rank = LabControls(rawValue: 1 << 3)
}

/// A name ignoring case, spaces and punctuation ("equal-width-hstack" for "Equal-width
/// HStack"), as listed in messages; names are picked with `NameMatch`.
package func normalizedName(_ name: String) -> String { NameMatch.normalized(name) }

/// What a built-in layout or scene is called when a person's code has one of the same name:
/// the person's keeps the name, so it is never shadowed, and the built-in stays reachable.
public func builtInName(_ name: String) -> String { "\(name) (built-in)" }

/// The names to list built-ins under next to a person's `personal` names: a built-in name
/// that one of them has too (ignoring case and punctuation) becomes "NAME (built-in)".
package func builtInNames(_ names: [String], besides personal: [String]) -> [String] {
    let taken = Set(personal.map(NameMatch.normalized))
    return names.map { taken.contains(NameMatch.normalized($0)) ? builtInName($0) : $0 }
}

extension LabLayout {
    /// The built-in layouts to list with a person's layouts named `personal` (`builtInNames`).
    public static func builtIn(besides personal: [String]) -> [LabLayout] {
        zip(builtIn, builtInNames(builtIn.map(\.name), besides: personal)).map { layout, name in
            var renamed = layout
            renamed.name = name
            return renamed
        }
    }
}

extension LabLayout {
    /// A layout that another process applies (a person's `Layout`, which the preview agent runs):
    /// only its name is here; it is never applied in this process.
    public static func laidOutElsewhere(_ name: String) -> LabLayout {
        LabLayout(name, controls: [], arrangement: { _ in .layout(AnyLayout(ZStackLayout())) })
    }
}
