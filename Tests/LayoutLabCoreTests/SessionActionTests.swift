import Foundation
import SwiftUI
import Testing
@testable import LayoutLabCore

/// The session without a window: every change is an action performed on it, and the state
/// after it is what the window would show. Runs without a display (the core links no GTK).
@Suite("Session actions")
@MainActor
struct SessionActionTests {
    /// A session on the built-in layouts and scenes, laid out at 600×400.
    func session(layout: String = "Flow", scene: String = "Capsules", count: Int = 6) -> LabSession {
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        session.perform(.selectScene(session.sceneIndex(named: scene)!), at: 0)
        session.perform(.selectLayout(session.layoutIndex(named: layout)!), at: 0)
        session.perform(.setCount(count), at: 0)
        session.perform(.setCanvasSize(CGSize(width: 600, height: 400)), at: 0)
        session.update(animated: false, now: 0)
        return session
    }

    @Test func layoutAndSceneSwitches() {
        let s = session()
        s.perform(.selectLayout(s.layoutIndex(named: "vstack")!), at: 1)
        #expect(s.layout.name == "VStack")
        s.perform(.selectScene(s.sceneIndex(named: "pets")!), at: 2)
        #expect(s.scene.name == "Pets")
        #expect(s.state.items.count == s.scene.defaultCount, "a new scene starts with its own items")
        // Out of range: nothing changes.
        s.perform(.selectLayout(99), at: 3)
        #expect(s.layout.name == "VStack")
    }

    @Test func itemsAreAddedRemovedCountedAndShuffled() {
        let s = session(count: 4)
        s.perform(.addItem, at: 1)
        #expect(s.state.items.count == 5)
        #expect(s.itemViews.count == 5, "the layout follows the state")
        s.perform(.removeItem, at: 2)
        s.perform(.removeItem, at: 2)
        #expect(s.state.items.count == 3)
        s.perform(.setCount(1_000_000), at: 3)
        #expect(s.state.items.count == LabState.maximumItemCount, "counts are clamped")
        s.perform(.setCount(5), at: 4)
        let order = s.state.items.map(\.id)
        s.perform(.shuffle, at: 5)
        #expect(Set(s.state.items.map(\.id)) == Set(order))
        #expect(s.state.items.map(\.id) != order)
    }

    @Test func proposalDimensionsLeaveFollowingTheWindow() {
        let s = session()
        #expect(s.state.followsWindow)
        s.perform(.setDimension(isWidth: true, mode: .fixed, value: 250), at: 1)
        #expect(!s.state.followsWindow)
        #expect(s.state.width == 250)
        #expect(s.state.height == 400, "the other dimension keeps what the canvas proposed")
        #expect(s.result.proposal.width == 250)
        s.perform(.setDimension(isWidth: false, mode: .infinity, value: nil), at: 2)
        #expect(s.state.heightMode == .infinity)
        #expect(s.result.proposal.height == .infinity)
        s.perform(.setProposal(width: 1e12, height: -5, animated: false), at: 3)
        #expect(s.state.width == LabState.maximumProposal && s.state.height == 0, "proposals are clamped")
        s.perform(.setFollowsWindow(true), at: 4)
        #expect(s.result.proposal.width == 600 && s.result.proposal.height == 400)
    }

    @Test func spacingAlignmentOverlaysAndAnimationSettings() {
        let s = session()
        s.perform(.setSpacing(20), at: 1)
        #expect(s.state.spacing == 20 && !s.state.spacingIsDefault)
        s.perform(.setSpacing(nil), at: 2)
        #expect(s.state.spacingIsDefault && s.state.spacing == 20, "nil keeps the last number for the slider")
        s.perform(.setAlignment(LabAlignment(rawValue: "leading")!), at: 3)
        #expect(s.state.alignment == LabAlignment(rawValue: "leading"))
        for overlay in LabOverlay.allCases { s.perform(.setOverlay(overlay, true)) }
        #expect(s.state.showsProposal && s.state.showsSizes && s.state.showsRanges && s.state.showsAllFrames)
        s.perform(.setCurve(.linear))
        s.perform(.setSlowMotion(true))
        s.perform(.setShowsStats(true))
        s.perform(.setColorScheme(.dark))
        #expect(s.state.curve == .linear && s.state.slowMotion && s.state.showsStats && s.state.colorScheme == .dark)
    }

    @Test func rotationTurnsTheNearWayFromTheDial() {
        let s = session(layout: "Radial")
        s.perform(.rotate(by: 90), at: 1)
        s.perform(.rotate(by: 90), at: 1)
        s.perform(.rotate(by: 90), at: 1)
        s.perform(.rotate(by: 90), at: 1)
        #expect(s.state.rotationDegrees == 360, "+90° always turns forward")
        s.perform(.setRotationFromDial(10), at: 2)
        #expect(s.state.rotationDegrees == 370, "the dial's 10° is the nearest equivalent angle")
        s.perform(.setRotation(45, animated: false), at: 3)
        #expect(s.state.rotationDegrees == 45)
    }

    @Test func undoRedoAndReset() {
        let s = session(count: 4)
        #expect(!s.canUndo)
        s.recordUndo(coalescing: false)
        s.perform(.addItem, at: 1)
        s.recordUndo(coalescing: false)
        s.perform(.setSpacing(30), at: 2)
        s.perform(.setColorScheme(.dark))
        s.perform(.undo, at: 3)
        #expect(s.state.spacingIsDefault && s.state.items.count == 5)
        #expect(s.state.colorScheme == .dark, "the desktop's appearance is not part of the history")
        s.perform(.undo, at: 4)
        #expect(s.state.items.count == 4 && !s.canUndo)
        s.perform(.redo, at: 5)
        #expect(s.state.items.count == 5 && s.canRedo)
        s.perform(.setOverlay(.sizes, true))
        s.perform(.setFollowsWindow(false), at: 6)
        s.perform(.resetScene, at: 7)
        #expect(s.state.items.count == s.scene.defaultCount && s.state.followsWindow && !s.state.showsSizes)
        #expect(!s.canRedo, "a reset is a new step")
        s.perform(.undo, at: 8)
        #expect(s.state.items.count == 5 && s.state.showsSizes)
    }

    @Test func settingsApplyByName() {
        let s = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        var settings = LabSettings()
        settings.layout = "grid"
        settings.scene = "Pets"
        settings.proposalWidth = 1e9
        settings.widthMode = "nil"
        settings.followsWindow = false
        settings.curve = "linear"
        settings.layout = "no such layout"
        s.perform(.applySettings(settings))
        #expect(s.scene.name == "Pets")
        #expect(s.state.width == LabState.maximumProposal && s.state.widthMode == .unspecified && !s.state.followsWindow)
        #expect(s.state.curve == .linear)
        #expect(s.layout.name == LabLayout.builtIn[LabState().layoutIndex].name, "an unknown name changes nothing")
    }

    @Test func selectionFollowsClicksAndClearsWithTheScene() throws {
        let s = session()
        let first = try #require(s.itemViews.first)
        s.perform(.select(s.result.views[first].identity))
        #expect(s.selectedIndex == first)
        #expect(!s.selectionPath().isEmpty)
        s.perform(.selectScene(s.sceneIndex(named: "mixed")!), at: 1)
        #expect(s.selection == nil)
    }

    @Test func taps() throws {
        let s = session(layout: "VStack", scene: "Pets")
        let before = try #require(s.result.frame(of: "avatar-Goldfish"))
        for _ in 0..<17 { s.perform(.tap("Goldfish"), at: 0) }
        #expect(s.state.taps["Goldfish"] == 17)
        #expect(try #require(s.result.frame(of: "avatar-Goldfish")) != before)
    }

    @Test func mirrorTakesTheStateWithItsOwnLayoutAndProposal() {
        let main = session(count: 3)
        main.perform(.setSpacing(12), at: 1)
        let other = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        other.perform(.setCanvasSize(CGSize(width: 300, height: 400)), at: 0)
        let hstack = other.layoutIndex(named: "hstack")!
        other.perform(.mirror(main.state, layoutIndex: hstack, ownProposal: CGSize(width: 320, height: 480)), at: 2)
        #expect(other.layout.name == "HStack" && other.state.items == main.state.items && other.state.spacing == 12)
        #expect(!other.state.followsWindow && other.result.proposal.width == 320 && other.result.proposal.height == 480)
        other.perform(.mirror(main.state, layoutIndex: hstack, ownProposal: nil), at: 3)
        #expect(other.state.followsWindow && other.result.proposal.width == 300)
    }

    @Test func replacingChoicesKeepsNames() {
        let s = session(layout: "Grid", scene: "Pets")
        s.perform(.replaceChoices(layouts: Array(LabLayout.builtIn.reversed()), scenes: Array(LabScene.builtIn.reversed())))
        #expect(s.layout.name == "Grid" && s.scene.name == "Pets")
    }

    /// Observers hear of every action after the session has made it, so what they read is the
    /// state the action left.
    @Test func observersFollowEveryChange() {
        let s = session()
        var seen: [(action: String, count: Int)] = []
        s.observe { action in seen.append(("\(action)", s.state.items.count)) }
        s.perform(.addItem, at: 1)
        s.perform(.setCurve(.linear), at: 1)
        #expect(seen.count == 2)
        #expect(seen.first?.action == "addItem")
        #expect(seen.first?.count == 7, "the observer reads the state after the change")
    }
}

/// Resizing a window that the proposal follows is a change without animation: the frames
/// jump, but what is already animating goes on, as in SwiftUI (a resize mid-transition does
/// not cut a removal short).
@Suite("Session actions: resizing mid-animation")
@MainActor
struct SessionResizeTests {
    @Test func aResizeFollowingTheWindowLetsARunningRemovalFinish() {
        let s = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        s.perform(.selectScene(s.sceneIndex(named: "Capsules")!), at: 0)
        s.perform(.selectLayout(s.layoutIndex(named: "Flow")!), at: 0)
        s.perform(.setCount(6), at: 0)
        s.perform(.setCanvasSize(CGSize(width: 600, height: 400)), at: 0)
        s.update(animated: false, now: 0)
        #expect(s.state.followsWindow)
        let before = s.result.views.count
        s.perform(.removeItem, at: 10)
        let after = s.result.views.count
        #expect(after < before)
        #expect(s.presentation(at: 10.01).frames.count == before && s.isAnimating(at: 10.01), "the removed capsule is drawn leaving")
        s.perform(.setCanvasSize(CGSize(width: 500, height: 400)), at: 10.02)
        #expect(s.result.proposal.width == 500, "the new proposal is laid out at once")
        #expect(s.presentation(at: 10.03).frames.count == before && s.isAnimating(at: 10.03), "the removal goes on after the resize")
        #expect(s.presentation(at: 20).frames.count == after && !s.isAnimating(at: 20))
    }
}
