import Foundation
import LabScenes
import SwiftUI

/// An overlay the canvas can draw over the layout.
public enum LabOverlay: String, CaseIterable, Sendable {
    /// The proposal's box.
    case proposal
    /// Each view's size.
    case sizes
    /// Each view's min/ideal/max.
    case ranges
    /// Every view's frame, not only the selection's.
    case allFrames
}

/// A change to a `LabSession`: what a control, a shortcut, a menu item, an automation command
/// or a test asks for, handed to `LabSession.perform(_:at:)`.
///
/// Changes are values so that every way of making one goes the same way through the session
/// (and can be made and checked without a window).
public enum LabAction {
    /// Switches to the layout at this index (animated: identities persist through `AnyLayout`).
    case selectLayout(Int)
    /// Switches to the scene at this index: its items reset to the scene's default count and the
    /// selection is cleared.
    case selectScene(Int)
    /// The drawing area changed size (points).
    case setCanvasSize(CGSize)
    /// Sets one dimension of the proposal: a value, nil or ∞. Leaving "Follow the window" keeps
    /// the canvas's size as the other dimension.
    case setDimension(isWidth: Bool, mode: DimensionMode, value: Double?)
    /// Sets both dimensions to fixed values (a device preset, a drag of the proposal box).
    case setProposal(width: Double, height: Double, animated: Bool)
    /// Turns "Follow the window" on or off (off keeps the canvas's size as the proposal).
    case setFollowsWindow(Bool)
    /// The container's spacing; nil: the subviews' preferred spacing.
    case setSpacing(Double?)
    /// The container's alignment.
    case setAlignment(LabAlignment)
    /// Appends a subview.
    case addItem
    /// Removes the last subview.
    case removeItem
    /// Reorders the subviews (deterministically: the session keeps the seed).
    case shuffle
    /// Sets the number of subviews (clamped to 0…`LabState.maximumItemCount`).
    case setCount(Int)
    /// Sets the radial rank of the subview at an index.
    case setRank(Int, ofItemAt: Int)
    /// Sets the Radial rotation (degrees).
    case setRotation(Double, animated: Bool)
    /// Turns the Radial ring by this many degrees, always in that direction.
    case rotate(by: Double)
    /// Sets the rotation from a 0…360° dial: the nearest equivalent angle to the current one.
    case setRotationFromDial(Double)
    /// Counts a click on the tappable view of this name (see `LabParameters.taps`).
    case tap(String)
    /// Selects the view with this identity (nil: nothing).
    case select(ViewIdentity?)
    /// Shows or hides an overlay.
    case setOverlay(LabOverlay, Bool)
    /// The animation curve of the following changes.
    case setCurve(CurveChoice)
    /// Slow motion (a fifth of the speed) for the following changes.
    case setSlowMotion(Bool)
    /// Frame statistics over the canvas.
    case setShowsStats(Bool)
    /// Light or dark drawing (the desktop's style).
    case setColorScheme(ColorScheme)
    /// Back to the state before the last recorded step (`LabSession.recordUndo`).
    case undo
    /// The step undone last, again.
    case redo
    /// The scene as it first appears (its subviews, spacing, alignment, rotation and a proposal
    /// that follows the window), keeping the layout and the animation settings; undoable.
    case resetScene
    /// Saved settings, applied to a fresh session before its first layout.
    case applySettings(LabSettings)
    /// Another session's state with a layout of its own and, if given, a fixed proposal of its
    /// own (the second canvas when comparing).
    case mirror(LabState, layoutIndex: Int, ownProposal: CGSize?)
    /// New choices for the pickers (a preview reload), keeping the scene and layout by name.
    case replaceChoices(layouts: [LabLayout], scenes: [LabScene])
}

extension LabState {
    /// The state a window opens with: `scenes`' first scene with its default items, layout
    /// `layoutIndex`, and the appearance given.
    public static func opening(scenes: [LabScene], layoutIndex: Int, showsStats: Bool, colorScheme: ColorScheme) -> LabState {
        var state = LabState()
        state.showsStats = showsStats
        state.colorScheme = colorScheme
        state.resetItems(count: scenes.first?.defaultCount ?? 0)
        state.layoutIndex = layoutIndex
        return state
    }

    /// This state with the scene as it first appears (`LabAction.resetScene`): `count` fresh
    /// items, the default spacing and alignment, a proposal that follows the window and no
    /// overlays; the layout and the animation settings stay.
    package func reset(count: Int) -> LabState {
        var st = self
        st.resetItems(count: count)
        let fresh = LabState()
        st.spacing = fresh.spacing
        st.spacingIsDefault = fresh.spacingIsDefault
        st.alignment = fresh.alignment
        st.followsWindow = true
        st.showsProposal = false
        st.showsSizes = false
        st.showsRanges = false
        st.showsAllFrames = false
        return st
    }
}

/// Monotonic time in seconds: CLOCK_MONOTONIC, the clock of GLib's `g_get_monotonic_time` and
/// so of GDK's frame clock, which the window's animations read.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
