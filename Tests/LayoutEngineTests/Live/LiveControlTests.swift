import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: controls operate as on iOS")
struct LiveControlTests {
    private func text(_ result: LayoutResult, id: String) -> String? {
        result.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }.map { view in
            // The Text inside the view with the id (the id may sit on a modifier around it).
            result.views.first { $0.kind == "Text" && ($0.index == view.index || $0.parent == view.index) }?.detail ?? view.detail
        }
    }
    private func frame(_ result: LayoutResult, id: String) throws -> CGRect {
        try #require(result.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }).frame
    }

    @Test func aSliderFollowsTapsAndDragsSnappedToItsStep() throws {
        struct Volume: View {
            @State var level = 0.0
            @State var edits = 0
            var body: some View {
                VStack {
                    Slider(value: $level, in: 0...10, step: 1) { Text("Level") } onEditingChanged: { if !$0 { edits += 1 } }
                        .frame(width: 228).id("slider")
                    Text("\(Int(level)) \(edits)").id("level")
                }
            }
        }
        let live = LivePreview(Volume())
        var result = live.layout(proposal: ProposedViewSize(width: 300, height: 200))
        let track = try frame(result, id: "slider")
        // The thumb (28 wide) travels 200 points: the middle of the track is 5.
        _ = try live.send(.tap(CGPoint(x: track.midX, y: track.midY)))
        result = live.lastResult!
        #expect(text(result, id: "level") == "\"5 1\"")
        _ = try live.send(.drag(from: CGPoint(x: track.midX, y: track.midY), by: CGSize(width: 62, height: 0)))
        #expect(text(live.lastResult!, id: "level") == "\"8 2\"")
        // Past the end: clamped to the upper bound.
        _ = try live.send(.drag(from: CGPoint(x: track.midX, y: track.midY), by: CGSize(width: 500, height: 0)))
        #expect(text(live.lastResult!, id: "level") == "\"10 3\"")
    }

    @Test func aStepperStepsWithinItsBounds() throws {
        struct Guests: View {
            @State var count = 1
            var body: some View {
                Stepper("Guests: \(count)", value: $count, in: 1...3).id("stepper")
            }
        }
        let live = LivePreview(Guests())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        let row = try frame(live.lastResult!, id: "stepper")
        let plus = CGPoint(x: row.maxX - 20, y: row.midY), minus = CGPoint(x: row.maxX - 94 + 20, y: row.midY)
        for _ in 0..<4 { _ = try live.send(.tap(plus)) }
        #expect(live.lastResult!.views.contains { $0.detail == "\"Guests: 3\"" })
        for _ in 0..<5 { _ = try live.send(.tap(minus)) }
        #expect(live.lastResult!.views.contains { $0.detail == "\"Guests: 1\"" })
    }

    @Test func aTextFieldTakesFocusTypingDeletionAndSubmit() throws {
        struct Search: View {
            @State var query = ""
            @State var submitted = ""
            var body: some View {
                VStack {
                    TextField("Search", text: $query).id("field").onSubmit { submitted = query }
                    Text("[\(submitted)]").id("submitted")
                }
            }
        }
        let live = LivePreview(Search())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 200))
        #expect(throws: LiveEventError.self) { try live.send(.type("x")) }  // nothing focused yet
        _ = try live.send(.tap(live.centre(ofViewWithID: "field")))
        // Focused: a caret is drawn, and the field's size does not change.
        #expect(live.lastResult!.views.contains { $0.kind == "Rectangle" && $0.frame.width == 2 })
        _ = try live.send(.type("swiftx"))
        _ = try live.send(.key(.deleteBackward))
        #expect(live.lastResult!.views.contains { $0.detail == "\"swift\"" })
        _ = try live.send(.key(.return))
        #expect(text(live.lastResult!, id: "submitted") == "\"[swift]\"")
        #expect(!live.lastResult!.views.contains { $0.kind == "Rectangle" && $0.frame.width == 2 }, "Return ends editing")
    }

    @Test func aSecureFieldShowsDotsForWhatIsTyped() throws {
        struct Login: View {
            @State var password = ""
            var body: some View { SecureField("Password", text: $password).id("pw") }
        }
        let live = LivePreview(Login())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        _ = try live.send(.tap(live.centre(ofViewWithID: "pw")))
        _ = try live.send(.type("abc"))
        #expect(live.lastResult!.views.contains { $0.detail == "\"•••\"" })
    }

    @Test func aTapGestureCountsTaps() throws {
        struct Likes: View {
            @State var likes = 0
            var body: some View {
                VStack {
                    Image(systemName: "heart").onTapGesture(count: 2) { likes += 1 }.id("heart")
                    Text("\(likes)").id("likes")
                }
            }
        }
        let live = LivePreview(Likes())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        let heart = try live.centre(ofViewWithID: "heart")
        #expect(throws: LiveEventError.self) { try live.send(.tap(heart, count: 1)) }
        _ = try live.send(.tap(heart, count: 2))
        #expect(text(live.lastResult!, id: "likes") == "\"1\"")
    }
}
