import Foundation
import SwiftUI
import LayoutRendering
import PreviewProtocol

/// What a snapshot's JSON says about how it was made, beside the layout: enough for `verify`
/// to lay the preview out again the same way, whatever the defaults are by then.
public struct SnapshotSettings: Codable, Hashable, Sendable {
    /// The preview's name, as the window shows it.
    public var preview: String
    /// The variant's axis and name (`color-scheme`, `dark`); nil for the default snapshot.
    public var axis: SnapshotAxis?
    public var variant: String?
    /// The size proposed to the preview (one with a fixed-size or size-that-fits trait keeps
    /// its own; the layout's `proposal` says what it got).
    public var proposal: LayoutExport.Size
    /// The environment it was laid out in; nil for SwiftUI's defaults.
    public var environment: WireEnvironment?
    /// Pixels per point of the PNG.
    public var scale: Double

    /// The settings of `preview`'s snapshot in `variant` of `axis` (both nil: the default one).
    public init(preview: String, axis: SnapshotAxis?, variant: String?, proposal: CGSize, environment: WireEnvironment?, scale: Double) {
        self.preview = preview; self.axis = axis; self.variant = variant
        self.proposal = LayoutExport.Size(proposal); self.environment = environment; self.scale = scale
    }

    /// The colour scheme the PNG is drawn in: the environment's.
    public var colorScheme: ColorScheme { environment?.colorScheme == "dark" ? .dark : .light }

    /// The proposal as the agent takes it.
    public var proposedSize: ProposedViewSize { ProposedViewSize(width: CGFloat(proposal.width), height: CGFloat(proposal.height)) }
}

/// A snapshot's JSON: `render --json`'s layout (canvas and root sizes, every view with its
/// frame) with a `snapshot` entry of the settings it was made with.
public struct SnapshotFile: Codable, Sendable {
    public var settings: SnapshotSettings
    public var layout: LayoutExport

    /// A snapshot of `layout`, made in `settings`.
    public init(settings: SnapshotSettings, layout: LayoutExport) {
        self.settings = settings; self.layout = layout
    }

    private enum Keys: String, CodingKey { case snapshot }

    /// The layout's keys at the top level (as `render --json` writes them, so the same scripts
    /// read both) and `snapshot` beside them.
    public func encode(to encoder: any Encoder) throws {
        try layout.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(settings, forKey: .snapshot)
    }

    /// Reads the layout's keys and the `snapshot` entry beside them.
    public init(from decoder: any Decoder) throws {
        layout = try LayoutExport(from: decoder)
        settings = try decoder.container(keyedBy: Keys.self).decode(SnapshotSettings.self, forKey: .snapshot)
    }

    /// Pretty-printed with sorted keys, so that a re-recorded baseline's diff in version control
    /// shows only what changed.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try e.encode(self)
    }

    /// Reads a snapshot JSON; nil for any other file (a JSON without a `snapshot` entry).
    public static func decode(_ data: Data) -> SnapshotFile? {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try? d.decode(SnapshotFile.self, from: data)
    }
}

/// A view whose frame differs between a baseline and a new layout (or that is in only one).
public struct MovedView: Hashable, Sendable, Codable {
    /// The explicit id (`.id(_:)`), if the view has one.
    public var id: String?
    /// The view's kind and what it shows (`Text "Wi-Fi"`), to tell views without an id apart.
    public var kind: String
    /// What the view shows or is set to (a text's string, a padding's insets).
    public var detail: String
    /// The structural identity, which pairs the two layouts' views.
    public var identity: String
    /// Nil when the view is new (not in the baseline) or gone (not in the new layout).
    public var old: LayoutExport.Rect?
    public var new: LayoutExport.Rect?
}

/// Comparing two layouts' frames.
public enum FrameComparison {
    /// Frames equal within this many points are the same (layout arithmetic in another order
    /// differs in the last bits, never by this much).
    public static let tolerance = 0.01

    /// The views whose frames differ by more than `tolerance` in x, y, width or height, paired by
    /// structural identity (the n-th view of an identity with the n-th), in the new layout's order,
    /// then the views only the baseline has.
    public static func movedViews(baseline: LayoutExport, new: LayoutExport) -> [MovedView] {
        func keyed(_ views: [LayoutExport.View]) -> [(key: String, view: LayoutExport.View)] {
            var seen: [String: Int] = [:]
            return views.map { v in
                let n = seen[v.identity, default: 0]
                seen[v.identity] = n + 1
                return ("\(v.identity)#\(n)", v)
            }
        }
        let old = keyed(baseline.views)
        var oldByKey: [String: LayoutExport.View] = [:]
        for (k, v) in old { oldByKey[k] = v }
        var moved: [MovedView] = []
        var matched: Set<String> = []
        for (key, v) in keyed(new.views) {
            let before = oldByKey[key]
            if before != nil { matched.insert(key) }
            if let before, same(before.frame, v.frame) { continue }
            moved.append(MovedView(id: v.id, kind: v.kind, detail: v.detail, identity: v.identity, old: before?.frame, new: v.frame))
        }
        for (key, v) in old where !matched.contains(key) {
            moved.append(MovedView(id: v.id, kind: v.kind, detail: v.detail, identity: v.identity, old: v.frame, new: nil))
        }
        return moved
    }

    /// Whether two frames are the same within `tolerance` (equal non-finite values are the same).
    public static func same(_ a: LayoutExport.Rect, _ b: LayoutExport.Rect) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool {
            if x.isFinite && y.isFinite { return abs(x - y) <= tolerance }
            return x == y || (x.isNaN && y.isNaN)
        }
        return close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }
}
