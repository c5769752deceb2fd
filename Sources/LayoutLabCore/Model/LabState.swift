import Foundation
import SwiftUI

/// How one dimension of the proposal is given.
public enum DimensionMode: String, CaseIterable, Sendable, Codable {
    /// The slider's value.
    case fixed
    /// `nil`: "your ideal length".
    case unspecified = "nil"
    /// `.infinity`: "your maximum length".
    case infinity
}

/// The animation curve chosen in the inspector.
public enum CurveChoice: String, CaseIterable, Sendable {
    case spring = "default", easeInOut, linear, none

    public var title: String {
        switch self {
        case .spring: "Default (spring)"
        case .easeInOut: "easeInOut"
        case .linear: "linear"
        case .none: "None"
        }
    }

    /// The engine animation, or nil for none.
    public var animation: Animation? {
        switch self {
        case .spring: .default
        case .easeInOut: .easeInOut
        case .linear: .linear
        case .none: nil
        }
    }
}

/// Everything the inspector edits. Plain data; `LabSession` turns it into layouts.
public struct LabState: Sendable {
    public var layoutIndex = 3
    public var sceneIndex = 0
    public var width: Double = 480
    public var height: Double = 360
    public var widthMode = DimensionMode.fixed
    public var heightMode = DimensionMode.fixed
    /// When on, the proposal is the canvas (drawing area) size.
    public var followsWindow = true
    public var spacing: Double = 8
    /// When on, the container's spacing is nil (the subviews' preferred spacing).
    public var spacingIsDefault = true
    public var alignment = LabAlignment.center
    public var items: [LabItem] = LabParameters.items(count: 12)
    public var nextItemID = 12
    /// Clicks on tappable views (see `LabParameters.taps`).
    public var taps: [String: Int] = [:]
    public var rotationDegrees: Double = 0
    public var showsProposal = false
    public var showsSizes = false
    public var showsRanges = false
    /// Outline every view's frame, not only the selection's.
    public var showsAllFrames = false
    public var curve = CurveChoice.spring
    public var slowMotion = false
    public var showsStats = false
    public var colorScheme = ColorScheme.light

    public init() {}

    /// The parameters handed to layouts and scenes (`rotation` may be an animation's
    /// in-between value).
    package func parameters(rotationDegrees: Double? = nil) -> LabParameters {
        var p = LabParameters(spacing: spacingIsDefault ? nil : CGFloat(spacing), alignment: alignment,
                              rotation: .degrees(rotationDegrees ?? self.rotationDegrees), items: items)
        p.taps = taps
        return p
    }

    /// The proposal for a canvas of `canvas` size.
    package func proposal(canvas: CGSize) -> ProposedViewSize {
        if followsWindow { return ProposedViewSize(width: canvas.width, height: canvas.height) }
        func dim(_ mode: DimensionMode, _ value: Double) -> CGFloat? {
            switch mode {
            case .fixed: CGFloat(value)
            case .unspecified: nil
            case .infinity: .infinity
            }
        }
        return ProposedViewSize(width: dim(widthMode, width), height: dim(heightMode, height))
    }

    // MARK: Items

    /// Appends an item (rank: after the last).
    public mutating func addItem() {
        items.append(LabItem(id: nextItemID, rank: items.count + 1))
        nextItemID += 1
    }
    /// Removes the last item.
    public mutating func removeItem() { if !items.isEmpty { items.removeLast() } }
    /// The most subviews a scene can have in the app (performance scenes use up to 10,000).
    public static let maximumItemCount = 10_000
    /// The largest fixed proposal the inspector accepts (points); larger typed values are
    /// clamped. The sliders go to `sliderMaximum`; the number fields beyond it.
    public static let maximumProposal: Double = 100_000
    /// The sliders' range for width and height (points).
    public static let sliderMaximum: Double = 2_000

    /// Sets the number of items (0…`maximumItemCount`), adding or removing at the end.
    public mutating func setCount(_ n: Int) {
        let n = max(0, min(n, LabState.maximumItemCount))
        while items.count < n { addItem() }
        while items.count > n { removeItem() }
    }
    /// Reorders the items (deterministically for a given `seed`).
    public mutating func shuffleItems(seed: inout UInt64) {
        guard items.count > 1 else { return }
        let original = items.map(\.id)
        defer {
            // Always visibly change something.
            if items.map(\.id) == original { items.append(items.removeFirst()) }
        }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((seed >> 33) % UInt64(i + 1))
            items.swapAt(i, j)
        }
    }
    /// Resets the items to `count` fresh ones.
    public mutating func resetItems(count: Int) {
        items = LabParameters.items(count: count)
        nextItemID = count
        taps = [:]
    }
}
