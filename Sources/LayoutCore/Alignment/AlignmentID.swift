import Foundation

/// A type that you use to create custom alignment guides, as in SwiftUI.
///
/// ```swift
/// struct FirstThirdAlignment: AlignmentID {
///     static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
/// }
/// extension VerticalAlignment { static let firstThird = VerticalAlignment(FirstThirdAlignment.self) }
/// ```
public protocol AlignmentID {
    /// The value of the guide for a view that has no explicit value for it.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
    /// Combines the explicit values of a container's children into the container's value.
    ///
    /// SwiftUI's default is the mean of the children's values; `firstTextBaseline` takes the
    /// minimum and `lastTextBaseline` the maximum. The edge and centre guides combine nothing, so
    /// a multi-child container never reports them explicitly (the choice for the open question
    /// in <doc:OpenQuestions>, following the iOS 18-era implementation).
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?)
}

extension AlignmentID {
    /// The default combine step: a running mean of the children's explicit values, as SwiftUI does.
    public static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        // A running mean: after n values, parent = mean(values[0...n]).
        if let p = parentValue { parentValue = (p * CGFloat(n) + childValue) / CGFloat(n + 1) } else { parentValue = childValue }
    }
}

/// The identity of an alignment guide: the `AlignmentID` type and the axis it belongs to.
@usableFromInline package struct AlignmentKey: Hashable, @unchecked Sendable {
    @usableFromInline let id: any AlignmentID.Type
    @usableFromInline let identifier: ObjectIdentifier
    @usableFromInline let axis: Axis
    /// True for the edge and centre guides, whose combine step does nothing: a multi-child
    /// container never has an explicit value for them.
    @usableFromInline let isFrameAlignment: Bool
    /// For the edge and centre guides: the guide's position as a fraction of the view's length
    /// (0, ½ or 1), so their default values need no dynamic call.
    @usableFromInline let frameFraction: CGFloat

    init(_ id: any AlignmentID.Type, axis: Axis) {
        self.id = id
        self.identifier = ObjectIdentifier(id)
        self.axis = axis
        let frameIDs: [any AlignmentID.Type] = [
            LeadingAlignmentID.self, HorizontalCenterAlignmentID.self, TrailingAlignmentID.self,
            TopAlignmentID.self, VerticalCenterAlignmentID.self, BottomAlignmentID.self]
        self.isFrameAlignment = frameIDs.contains { ObjectIdentifier($0) == ObjectIdentifier(id) }
        self.frameFraction = isFrameAlignment ? id.defaultValue(in: ViewDimensions(width: 1, height: 1)) : .nan
    }
    @usableFromInline package static func == (l: AlignmentKey, r: AlignmentKey) -> Bool { l.identifier == r.identifier && l.axis == r.axis }
    @usableFromInline package func hash(into h: inout Hasher) { h.combine(identifier) }

    @usableFromInline @inline(__always) package func defaultValue(in d: ViewDimensions) -> CGFloat {
        if isFrameAlignment {
            // Leading and top are exactly 0, as SwiftUI's defaults are, even for a view of
            // infinite length (0 × ∞ would be NaN and drop the view from a stack's extent).
            if frameFraction == 0 { return 0 }
            return frameFraction * (axis == .horizontal ? d.width : d.height)
        }
        return id.defaultValue(in: d)
    }

    /// The guide's position as a fraction of a 1×1 view: how Grid converts guides to unit points.
    var fraction: CGFloat { id.defaultValue(in: ViewDimensions(width: 1, height: 1)) }

    package var name: String { String(describing: id) }
}

// The built-in guides. Edge and centre guides are "frame alignments": their combine step does nothing.
enum LeadingAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
enum HorizontalCenterAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
enum TrailingAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
enum TopAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
enum VerticalCenterAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
enum BottomAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {}
}
/// "Aligns with the bottom of a view that contains no text"; containers take the minimum.
enum FirstTextBaselineAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        parentValue = Swift.min(parentValue ?? childValue, childValue)
    }
}
/// Containers take the maximum (the documented behaviour; OpenSwiftUI's min is not followed).
enum LastTextBaselineAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        parentValue = Swift.max(parentValue ?? childValue, childValue)
    }
}

/// The default of `HorizontalAlignment.listRowSeparatorLeading`: the leading edge.
enum ListRowSeparatorLeadingAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 }
}
/// The default of `HorizontalAlignment.listRowSeparatorTrailing`: the trailing edge.
enum ListRowSeparatorTrailingAlignmentID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width }
}

extension HorizontalAlignment {
    /// The guide a List row's separator starts at, as in SwiftUI (iOS 16); leading by default.
    ///
    /// The engine has no List, so nothing draws a separator, but the guide is an ordinary
    /// explicit guide: `.alignmentGuide(.listRowSeparatorLeading) { $0[.leading] + 20 }` compiles,
    /// and stacks aligned on it (or custom layouts reading it) see the value, as any custom guide.
    public static let listRowSeparatorLeading = HorizontalAlignment(ListRowSeparatorLeadingAlignmentID.self)
    /// The guide a List row's separator ends at, as in SwiftUI (iOS 16); trailing by default.
    public static let listRowSeparatorTrailing = HorizontalAlignment(ListRowSeparatorTrailingAlignmentID.self)
}
