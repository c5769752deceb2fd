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

    /// A feed in a lazy stack: its rows appear as they scroll into view (the last one loading
    /// more), disappear as they scroll out, and their tasks run only while they are shown.
    struct LazyFeed: View {
        @State var rows = Array(0..<20)
        @State var appeared: [Int] = []
        @State var disappeared: [Int] = []
        var body: some View {
            VStack(spacing: 0) {
                // The last few entries (a long text's detail is shortened).
                Text(appeared.suffix(6).map(String.init).joined(separator: ",")).id("appeared").frame(height: 20)
                Text("\(appeared.count) appeared, \(appeared.contains(13) ? "13 too" : "not 13")").id("count").frame(height: 20)
                Text(disappeared.suffix(6).map(String.init).joined(separator: ",")).id("disappeared").frame(height: 20)
                ScrollView {
                    LazyVStack(spacing: 0) {
                        ForEach(rows, id: \.self) { row in
                            Text("Row \(row)")
                                .frame(height: 50)
                                .id("row-\(row)")
                                .onAppear {
                                    appeared.append(row)
                                    if row == rows.last { rows.append(contentsOf: rows.count..<(rows.count + 10)) }
                                }
                                .onDisappear { disappeared.append(row) }
                                .task { try? await Task.sleep(nanoseconds: 60_000_000_000) }
                        }
                    }
                }
                .id("feed")
            }
        }
    }

    @Test func lazyStackRowsAppearAsTheyScrollIntoView() throws {
        let live = LivePreview(LazyFeed())
        // 60 points of log, a 300-point scroll view: rows 0 to 5 are on screen.
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 360))
        #expect(detail(live.lastResult!, id: "appeared") == "\"0,1,2,3,4,5\"")
        #expect(live.graph.lifecycle.runningTaskCount == 6, "only the shown rows' tasks run")
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: 300)))
        #expect(detail(live.lastResult!, id: "appeared") == "\"6,7,8,9,10,11\"")
        #expect(detail(live.lastResult!, id: "count") == "\"12 appeared, not 13\"")
        #expect(detail(live.lastResult!, id: "disappeared") == "\"0,1,2,3,4,5\"")
        #expect(live.graph.lifecycle.runningTaskCount == 6)
        // Scrolled to the end, the last row appears and loads ten more rows.
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: 10_000)))
        // Row 29 stands as a placeholder (with its element's id) until it is shown.
        #expect(live.lastResult!.views.contains { $0.explicitID?.base as? Int == 29 })
        #expect(detail(live.lastResult!, id: "appeared") == "\"14,15,16,17,18,19\"")
        // Rows scrolled past without a layout showing them never appeared.
        #expect(detail(live.lastResult!, id: "count") == "\"18 appeared, not 13\"")
        // Back to the top: the first rows appear again.
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: -20_000)))
        #expect(detail(live.lastResult!, id: "appeared") == "\"0,1,2,3,4,5\"")
        #expect(detail(live.lastResult!, id: "disappeared") == "\"14,15,16,17,18,19\"")
    }

    @Test func aViewOutsideALazyStackAppearsWhenBuiltAndALazyRowOffscreenNever() throws {
        struct Screen: View {
            @State var log: [String] = []
            var body: some View {
                VStack(spacing: 0) {
                    Text(log.joined(separator: ",")).id("log").frame(height: 20)
                    // Far below the canvas, but not in a lazy stack: appears as it is built.
                    Color.red.frame(height: 20).offset(y: 5_000).onAppear { log.append("plain") }
                    LazyVStack {
                        ForEach(0..<2, id: \.self) { i in
                            Color.blue.frame(height: i == 0 ? 300 : 40).onAppear { log.append("lazy \(i)") }
                        }
                    }
                }
                .frame(width: 300, height: 200, alignment: .top)
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 200))
        let log = detail(live.lastResult!, id: "log") ?? ""
        // A lazy stack outside a scroll view: its rows appear when they are on the canvas.
        #expect(log.contains("plain") && log.contains("lazy 0") && !log.contains("lazy 1"), "\(log)")
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
