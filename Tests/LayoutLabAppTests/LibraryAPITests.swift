import Foundation
import SwiftUI
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore

/// A layout of the kind a user package would bring: subviews on a diagonal.
struct DiagonalLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { s, v in
            let size = v.sizeThatFits(.unspecified)
            return CGSize(width: s.width + size.width, height: s.height + size.height)
        }
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var p = bounds.origin
        for v in subviews {
            let size = v.sizeThatFits(.unspecified)
            v.place(at: p, proposal: .unspecified)
            p.x += size.width
            p.y += size.height
        }
    }
}

@Suite("Library API")
@MainActor
struct LibraryAPITests {
    let diagonal = LabLayout("Diagonal", DiagonalLayout())
    let mine = LabScene("Mine") { count in
        ForEach(0..<count, id: \.self) { i in Text("\(i)").padding().background(.blue) }
    }

    @Test func customLayoutAndSceneLayOut() throws {
        var state = LabState()
        state.layoutIndex = 0
        state.sceneIndex = 0
        state.resetItems(count: 4)
        let session = LabSession(layouts: [diagonal] + LabLayout.builtIn, scenes: [mine], state: state)
        session.perform(.setCanvasSize(CGSize(width: 600, height: 400)), at: 0)
        session.update(animated: false, now: 0)
        let frames = (0..<4).compactMap { session.result.frame(of: $0) }
        #expect(frames.count == 4)
        for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(b.minX > a.minX && b.minY > a.minY, "diagonal: \(a) then \(b)")
        }
    }

    @Test func switchingLayoutsKeepsIdentities() {
        var state = LabState()
        state.layoutIndex = 0
        state.resetItems(count: 6)
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn, state: state)
        session.perform(.setCanvasSize(CGSize(width: 500, height: 400)), at: 0)
        session.update(animated: false, now: 0)
        let before = Set(session.itemViews.map { session.result.views[$0].identity })
        for i in 1..<LabLayout.builtIn.count - 1 {  // ViewThatFits nests differently
            session.perform(.selectLayout(i), at: Double(i))
            let after = Set(session.itemViews.map { session.result.views[$0].identity })
            #expect(after == before, "identities persist switching to \(session.layout.name)")
        }
    }

    @Test func itemsAddRemoveShuffle() {
        var state = LabState()
        state.resetItems(count: 5)
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn, state: state)
        session.perform(.addItem, at: 0)
        #expect(session.itemViews.count == 6)
        session.perform(.removeItem, at: 0)
        session.perform(.removeItem, at: 0)
        #expect(session.itemViews.count == 4)
        let order = session.state.items.map(\.id)
        session.perform(.shuffle, at: 0)
        #expect(Set(session.state.items.map(\.id)) == Set(order))
        #expect(session.state.items.map(\.id) != order)
    }

    @Test func votingReranksThePodium() throws {
        var state = LabState()
        state.sceneIndex = 2  // Pets
        state.layoutIndex = 1  // VStack
        state.resetItems(count: 3)
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn, state: state)
        #expect(session.scene.name == "Pets")
        session.perform(.setCanvasSize(CGSize(width: 600, height: 700)), at: 0)
        session.update(animated: false, now: 0)
        let catBefore = try #require(session.result.frame(of: "avatar-Cat"))
        let fishBefore = try #require(session.result.frame(of: "avatar-Goldfish"))
        #expect(catBefore.minY < fishBefore.minY, "Cat (25 votes) leads Goldfish (9)")
        // Click the Goldfish button through the same path as the canvas.
        let button = try #require(session.result.view(id: "tap:Goldfish#wide"))
        #expect(session.tapName(around: button.index) == "Goldfish")
        for _ in 0..<17 { session.perform(.tap("Goldfish"), at: 0) }
        let catAfter = try #require(session.result.frame(of: "avatar-Cat"))
        let fishAfter = try #require(session.result.frame(of: "avatar-Goldfish"))
        #expect(fishAfter.minY < catAfter.minY, "Goldfish (26 votes) now leads Cat (25)")
    }

    @Test func proposalModes() {
        var state = LabState()
        state.followsWindow = false
        state.width = 300
        state.widthMode = .fixed
        state.heightMode = .unspecified
        #expect(state.proposal(canvas: CGSize(width: 900, height: 700)) == ProposedViewSize(width: 300, height: nil))
        state.heightMode = .infinity
        #expect(state.proposal(canvas: .zero).height == .infinity)
        state.followsWindow = true
        #expect(state.proposal(canvas: CGSize(width: 900, height: 700)) == ProposedViewSize(width: 900, height: 700))
    }
}

/// The one-call example from the documentation must keep compiling (never called: it opens a window).
@MainActor
func documentedExample() -> Int32 {
    LayoutLab.run(
        layouts: [.init("Diagonal", DiagonalLayout())],
        scene: .init("Mine") { count in
            ForEach(0..<count, id: \.self) { i in Text("\(i)").padding().background(.blue) }
        })
}
