import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: sheets, covers, alerts and dialogs present and dismiss")
struct LivePresentationTests {
    /// A screen whose New button presents `sheet` as a sheet.
    private struct Inbox<Sheet: View>: View {
        @ViewBuilder let sheet: () -> Sheet
        @State var composing = false
        var body: some View {
            VStack {
                Text("Inbox")
                Button("New") { composing = true }.id("new")
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .sheet(isPresented: $composing) { sheet() }
        }
    }

    private func texts(_ result: LayoutResult) -> [String] {
        result.views.filter { $0.isVisible && $0.kind == "Text" }.map(\.detail)
    }

    @Test func aSheetPresentsOverTheScreenAndDismissCloses() throws {
        struct Compose: View {
            @Environment(\.dismiss) var dismiss
            @State var draft = 0
            var body: some View {
                VStack {
                    Text("Draft \(draft)")
                    Button("Edit") { draft += 1 }.id("edit")
                    Button("Done") { dismiss() }.id("done")
                }
            }
        }
        let live = LivePreview(Inbox { Compose() })
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        _ = try live.send(.tap(live.centre(ofViewWithID: "new")))
        let result = live.lastResult!
        #expect(texts(result).contains("\"Draft 0\""))
        let sheet = try #require(result.views.first { $0.explicitID.map(LivePreview.describe) == "sheet" })
        #expect(sheet.frame.minY == 10, "a sheet starts 10 points below the top")
        #expect(sheet.frame.width == 390)
        // The screen under the sheet's dimming takes no taps.
        #expect(throws: LiveEventError.self) { try live.send(.tap(CGPoint(x: 5, y: 5))) }
        _ = try live.send(.tap(live.centre(ofViewWithID: "edit")))
        #expect(texts(live.lastResult!).contains("\"Draft 1\""))
        let close = try live.send(.tap(live.centre(ofViewWithID: "done")))
        #expect(!texts(close.result).contains("\"Draft 1\""))
        #expect(close.transaction.animation == presentationTransition)
    }

    @Test func anAlertRunsTheTappedButtonAndCloses() throws {
        struct Danger: View {
            @State var asking = false
            @State var deleted = false
            var body: some View {
                VStack {
                    Text(deleted ? "Deleted" : "Kept")
                    Button("Delete") { asking = true }.id("delete")
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .alert("Delete the file?", isPresented: $asking) {
                    Button("Delete", role: .destructive) { deleted = true }
                    Button("Cancel", role: .cancel) {}
                } message: {
                    Text("This cannot be undone.")
                }
            }
        }
        let live = LivePreview(Danger())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        _ = try live.send(.tap(live.centre(ofViewWithID: "delete")))
        var result = live.lastResult!
        #expect(texts(result).contains("\"Delete the file?\""))
        #expect(texts(result).contains("\"This cannot be undone.\""))
        let box = try #require(result.views.first { $0.explicitID.map(LivePreview.describe) == "alert" })
        #expect(box.frame.width == 270)
        #expect(abs(box.frame.midY - 350) < 1, "an alert is centred")
        // The alert's Delete button: the Text "Delete" inside the box.
        let delete = try #require(result.views.first { $0.kind == "Text" && $0.detail == "\"Delete\"" && $0.index > box.index })
        _ = try live.send(.tap(CGPoint(x: delete.frame.midX, y: delete.frame.midY)))
        result = live.lastResult!
        #expect(texts(result).contains("\"Deleted\""))
        #expect(!texts(result).contains("\"Delete the file?\""))
    }

    @Test func anAlertWithoutButtonsHasOK() throws {
        struct Notice: View {
            @State var shown = true
            var body: some View { Text("Screen").alert("Saved", isPresented: $shown) {} }
        }
        let live = LivePreview(Notice())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        let ok = try #require(live.lastResult!.views.first { $0.kind == "Text" && $0.detail == "\"OK\"" })
        _ = try live.send(.tap(CGPoint(x: ok.frame.midX, y: ok.frame.midY)))
        #expect(!texts(live.lastResult!).contains("\"Saved\""))
    }

    @Test func aOneOffLayoutPresentsNothing() {
        let result = LayoutHost.layout(Text("Screen").sheet(isPresented: .constant(true)) { Text("Sheet") }, in: CGSize(width: 390, height: 700))
        #expect(texts(result) == ["\"Screen\""])
    }

    /// Escape with no field focused closes the topmost presentation: an alert through its
    /// cancel action, then the sheet under it; with nothing presented it says what it needs.
    @Test func escapeClosesTheTopmostPresentationRunningAnAlertsCancel() throws {
        struct Editor: View {
            @State var asking = false
            @State var cancelled = 0
            var body: some View {
                VStack {
                    Text("Cancelled \(cancelled)")
                    Button("Discard") { asking = true }.id("discard")
                }
                .alert("Discard the draft?", isPresented: $asking) {
                    Button("Discard", role: .destructive) {}
                    Button("Keep", role: .cancel) { cancelled += 1 }
                }
            }
        }
        let live = LivePreview(Inbox { Editor() })
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        #expect(throws: LiveEventError.self) { try live.send(.key(.escape)) }
        _ = try live.send(.tap(live.centre(ofViewWithID: "new")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "discard")))
        #expect(texts(live.lastResult!).contains("\"Discard the draft?\""))

        let alertClosed = try live.send(.key(.escape))
        #expect(!texts(alertClosed.result).contains("\"Discard the draft?\""))
        #expect(texts(alertClosed.result).contains("\"Cancelled 1\""), "the cancel button's action ran")
        #expect(alertClosed.transaction.animation == presentationTransition)
        #expect(alertClosed.result.shows(id: "sheet"), "the sheet under the alert stays")

        let sheetClosed = try live.send(.key(.escape))
        #expect(!sheetClosed.result.shows(id: "sheet"))
        #expect(texts(sheetClosed.result).contains("\"Inbox\""))
        #expect(throws: LiveEventError.self) { try live.send(.key(.escape)) }
    }
}
