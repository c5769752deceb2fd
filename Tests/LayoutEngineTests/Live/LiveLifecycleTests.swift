import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: onAppear, onDisappear, onChange and task run as in SwiftUI")
struct LiveLifecycleTests {
    private func detail(_ result: LayoutResult, id: String) -> String? {
        result.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }?.detail
    }

    @Test func onAppearRunsOnceAfterTheFirstUpdateAndOnDisappearWhenTheViewGoes() throws {
        struct Screen: View {
            @State var log: [String] = []
            @State var shown = true
            var body: some View {
                VStack {
                    Text(log.joined(separator: ",")).id("log")
                    Button("Hide") { shown.toggle() }.id("hide")
                    if shown {
                        Text("Detail").onAppear { log.append("appear") }.onDisappear { log.append("disappear") }
                    }
                }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(detail(live.lastResult!, id: "log") == "\"appear\"")
        _ = try live.send(.tap(live.centre(ofViewWithID: "hide")))
        #expect(detail(live.lastResult!, id: "log") == "\"appear,disappear\"")
        _ = try live.send(.tap(live.centre(ofViewWithID: "hide")))
        #expect(detail(live.lastResult!, id: "log") == "\"appear,disappear,appear\"")
    }

    @Test func onChangeSeesTheOldAndNewValues() throws {
        struct Screen: View {
            @State var count = 0
            @State var history = "start"
            var body: some View {
                VStack {
                    Button("+") { count += 1 }.id("plus")
                    Text(history).id("history")
                }
                .onChange(of: count) { old, new in history += " \(old)→\(new)" }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "plus")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "plus")))
        #expect(detail(live.lastResult!, id: "history") == "\"start 0→1 1→2\"")
    }

    @Test func anOnChangeThatFeedsItselfIsStoppedAndReported() throws {
        struct Runaway: View {
            @State var n = 0
            var body: some View {
                Button("\(n)") { n += 1 }.id("go")
                    .onChange(of: n) { n += 1 }
            }
        }
        let live = LivePreview(Runaway())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "go")))
        #expect(live.graph.runtimeIssues.contains { $0.contains("on every update") })
    }

    @Test func aTaskRunsWhileTimePassesAndIsCancelledWithItsView() throws {
        struct Loader: View {
            @State var status = "loading"
            @State var shown = true
            var body: some View {
                VStack {
                    Button("Close") { shown = false }.id("close")
                    if shown {
                        Text(status).id("status")
                            .task {
                                try? await Task.sleep(nanoseconds: 20_000_000)
                                status = "loaded"
                            }
                    }
                }
            }
        }
        // The test's thread is not the main one: while it waits, the main thread runs the task
        // (the agent waits on the main thread's run loop instead).
        let live = LivePreview(Loader())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(live.graph.lifecycle.runningTaskCount == 1)
        // Time passes until the task has run. The main thread may be held by a window test that
        // runs GTK's loop for many seconds (the task waits for it), so the deadline is generous.
        let deadline = Date().addingTimeInterval(120)
        repeat {
            _ = try live.send(.wait(0.1))
        } while detail(live.lastResult!, id: "status") != "\"loaded\"" && Date() < deadline
        #expect(detail(live.lastResult!, id: "status") == "\"loaded\"")
        _ = try live.send(.tap(live.centre(ofViewWithID: "close")))
        #expect(live.graph.lifecycle.runningTaskCount == 0, "a task ends with its view")
    }
}
