import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

// A live preview's layouts travel to the window as what changed (`LayoutResultPatch`): applied
// to the layout before, a patch must give the layout after, exactly as the whole would.

private struct Checklist: View {
    @State private var done = [false, false, false]
    @State private var note = false
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(0..<3, id: \.self) { i in
                HStack {
                    Circle().fill(done[i] ? Color.green : Color.gray).frame(width: 20, height: 20)
                    Text("Task \(i)")
                    Spacer()
                    Button(done[i] ? "Undo" : "Done") { done[i].toggle() }.id("task-\(i)")
                }
            }
            Button("Note") { note.toggle() }.id("note")
            if note { Text("A note that appears").id("paragraph") }
        }
        .padding()
    }
}

@Suite("Layout patches: what a live update sends")
struct LayoutPatchTests {
    private let proposal = ProposedViewSize(width: 320, height: 480)

    /// The result as the wire carries it, without its trace (a patch carries none).
    private func wireForm(_ result: LayoutResult) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(result)) as? [String: Any])
        object["trace"] = nil
        return object
    }

    private func roundTrip(_ patch: LayoutResultPatch) throws -> LayoutResultPatch {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(LayoutResultPatch.self, from: encoder.encode(patch))
    }

    @Test func aPatchAppliedToTheLayoutBeforeGivesTheLayoutAfter() throws {
        let live = LivePreview(Checklist())
        let before = live.layout(proposal: proposal)
        let after = try live.send(.tap(live.centre(ofViewWithID: "task-1"))).result
        let patch = try #require(after.patch(from: before))
        // The tapped row's dot and button changed; the other rows did not travel.
        #expect(patch.changedCount > 0)
        #expect(patch.changedCount < after.views.count / 2, "\(patch.changedCount) of \(after.views.count) views and items sent")
        let applied = try before.applying(roundTrip(patch))
        #expect(NSDictionary(dictionary: try wireForm(applied)) == NSDictionary(dictionary: try wireForm(after)))
        #expect(applied.trace.events.isEmpty)
        #expect(applied.views.first { $0.explicitID == AnyHashable("task-1") }?.detail.contains("Undo") == true)
    }

    @Test func aLayoutWithMoreViewsIsNotPatched() throws {
        let live = LivePreview(Checklist())
        let before = live.layout(proposal: proposal)
        let after = try live.send(.tap(live.centre(ofViewWithID: "note"))).result
        #expect(after.views.count > before.views.count)
        #expect(after.patch(from: before) == nil)
    }

    @Test func anUnchangedLayoutPatchesNothingButItsCounters() throws {
        let live = LivePreview(Checklist())
        let before = live.layout(proposal: proposal)
        let again = live.layout(proposal: proposal)
        let patch = try #require(again.patch(from: before))
        #expect(patch.changedCount == 0)
        let applied = try before.applying(patch)
        #expect(applied.frames == again.frames)
        #expect(applied.displayList == again.displayList)
    }

    @Test func aPatchOfALayoutWithoutSizeRangesDropsTheBasesRanges() throws {
        // The agent lays a live update out without size ranges; the window's base had them.
        let live = LivePreview(Checklist())
        let before = live.layout(proposal: proposal)
        #expect(before.views.first?.minSize != nil)
        live.options = .fastest
        let after = try live.send(.tap(live.centre(ofViewWithID: "task-2"))).result
        let applied = try before.applying(roundTrip(try #require(after.patch(from: before))))
        #expect(applied.views.allSatisfy { $0.minSize == nil && $0.idealSize == nil && $0.maxSize == nil })
        #expect(applied.frames == after.frames)
    }

    @Test func aPatchForAnotherLayoutIsRefused() throws {
        let small = LayoutHost.layout(VStack { Color.red; Color.blue }, in: CGSize(width: 100, height: 100))
        let live = LivePreview(Checklist())
        let before = live.layout(proposal: proposal)
        let after = try live.send(.tap(live.centre(ofViewWithID: "task-0"))).result
        let patch = try #require(after.patch(from: before))
        #expect(throws: PatchError.self) { try small.applying(patch) }
    }

    @Test func customShapesTravelOnlyWhereTheirFrameOrShapeChanged() throws {
        // Toggles draw custom shapes; a patch resolves them only where they differ.
        struct Switches: View {
            @State private var on = [false, false, false]
            @State private var wide = false
            var body: some View {
                VStack {
                    ForEach(0..<3, id: \.self) { i in Toggle("Switch \(i)", isOn: $on[i]).labelsHidden().id("switch-\(i)") }
                    Button("Resize") { wide.toggle() }.id("resize")
                    Capsule().fill(Color.blue).frame(width: wide ? 200 : 100, height: 20)
                }
                .padding()
            }
        }
        let live = LivePreview(Switches())
        var before = live.layout(proposal: proposal)
        for id in ["switch-1", "resize", "switch-1", "resize"] {
            let after = try live.send(.tap(live.centre(ofViewWithID: id))).result
            let patch = try #require(after.patch(from: before))
            #expect(patch.changedCount > 0, "\(id)")
            let applied = try before.applying(roundTrip(patch))
            #expect(NSDictionary(dictionary: try wireForm(applied)) == NSDictionary(dictionary: try wireForm(after)), "\(id)")
            before = after
        }
        let again = live.layout(proposal: proposal)
        #expect(try #require(again.patch(from: before)).changedCount == 0)
    }

}
