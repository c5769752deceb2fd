import Foundation
import Synchronization
import Testing
@testable import SwiftUI

/// A change no graph owns (an `objectWillChange` no body read, state declared outside any view)
/// updates the previews it can concern, not every preview in the process: the test suite runs
/// many previews side by side, and one test's write must not update another test's preview.
@Suite("Live previews: changes no graph owns stay with their thread or task")
struct LiveChangeScopeTests {
    private struct Label: View {
        var body: some View { Text("x").id("x") }
    }

    /// Waits up to `seconds` for `condition`, on this thread.
    private func eventually(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    @Test func aChangeOnAnotherThreadLeavesThisThreadsPreviewAlone() {
        #expect(!Thread.isMainThread, "the test needs its preview off the main thread")
        let live = LivePreview(Label())
        _ = live.layout(proposal: ProposedViewSize(width: 200, height: 200))
        #expect(!live.graph.needsUpdate)
        // Another test's thread (no preview of its own there) announces a change nobody read.
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            ObservableObjectPublisher().send()
            done.signal()
        }
        other.start()
        done.wait()
        #expect(!live.graph.needsUpdate, "a change on a thread without previews reaches only the main thread's")
        // The same change made on the preview's own thread is its own: it updates.
        ObservableObjectPublisher().send()
        #expect(live.graph.needsUpdate)
    }

    /// Opened by the test once its preview is laid out: a task that waits for it makes its
    /// change after the layout (made sooner, the layout's own update loop would take it).
    private final class Gate: Sendable {
        private let opened = Atomic<Bool>(false)
        func open() { opened.store(true, ordering: .releasing) }
        func wait() async {
            while !opened.load(ordering: .acquiring) { try? await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    @Test func aChangeATaskMakesUpdatesTheTasksPreview() {
        struct Loader: View {
            let publisher: ObservableObjectPublisher
            let gate: Gate
            var body: some View {
                Text("x").id("x").task {
                    await gate.wait()
                    publisher.send()
                }
            }
        }
        // The task runs on the main thread, which builds no graph of this test's: the change
        // still reaches the preview whose view started the task.
        let gate = Gate()
        let live = LivePreview(Loader(publisher: ObservableObjectPublisher(), gate: gate))
        _ = live.layout(proposal: ProposedViewSize(width: 200, height: 200))
        #expect(!live.graph.needsUpdate)
        gate.open()
        // The main thread may be held by a window test that runs GTK's loop for many seconds.
        #expect(eventually(120) { live.graph.needsUpdate }, "the task's change updates its preview")
    }
}
