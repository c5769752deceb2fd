import Testing
import PreviewProtocol
@testable import LayoutLabApp

/// The window's queue of live events: what waits while the agent works goes as one batch, with
/// steps that continue each other merged (a fast drag is one request per reply, not per motion).
@MainActor
struct LiveChannelTests {
    @Test func dragStepsThatContinueEachOtherMerge() throws {
        var channel = LiveChannel()
        channel.append(.drag(x: 10, y: 20, dx: 5, dy: 0), for: 0)
        channel.append(.drag(x: 15, y: 20, dx: 3, dy: 4), for: 0)
        // Starts elsewhere: a new drag, kept apart.
        channel.append(.drag(x: 100, y: 100, dx: 1, dy: 1), for: 0)
        let takenbatch = channel.takeBatch()
        let batch = try #require(takenbatch)
        #expect(batch.events == [.drag(x: 10, y: 20, dx: 8, dy: 4), .drag(x: 100, y: 100, dx: 1, dy: 1)])
        #expect(!batch.isReset && batch.target == 0)
        let none = channel.takeBatch()
        #expect(none == nil, "the batch took every event")
    }

    @Test func typingAndScrollingMergeButTapsDoNot() throws {
        var channel = LiveChannel()
        channel.append(.tap(x: 1, y: 2, count: 1), for: 3)
        channel.append(.tap(x: 1, y: 2, count: 1), for: 3)
        channel.append(.type(text: "a"), for: 3)
        channel.append(.type(text: "b"), for: 3)
        channel.append(.key(name: "return"), for: 3)
        channel.append(.scroll(x: 5, y: 5, dx: 0, dy: 40), for: 3)
        channel.append(.scroll(x: 5, y: 5, dx: 0, dy: 40), for: 3)
        channel.append(.scroll(x: 6, y: 5, dx: 0, dy: 40), for: 3)
        let takenbatch = channel.takeBatch()
        let batch = try #require(takenbatch)
        #expect(batch.events == [.tap(x: 1, y: 2, count: 1), .tap(x: 1, y: 2, count: 1), .type(text: "ab"), .key(name: "return"),
                                 .scroll(x: 5, y: 5, dx: 0, dy: 80), .scroll(x: 6, y: 5, dx: 0, dy: 40)])
        #expect(batch.target == 3)
    }

    @Test func aResetGoesFirstAndDropsWhatCameBeforeIt() throws {
        var channel = LiveChannel()
        channel.append(.tap(x: 1, y: 1, count: 1), for: 0)
        channel.appendReset(for: 0)
        channel.append(.tap(x: 2, y: 2, count: 1), for: 0)
        let takenreset = channel.takeBatch()
        let reset = try #require(takenreset)
        #expect(reset.isReset && reset.events.isEmpty)
        let takenafter = channel.takeBatch()
        let after = try #require(takenafter)
        #expect(!after.isReset && after.events == [.tap(x: 2, y: 2, count: 1)])
    }

    @Test func eventsForAnotherPreviewReplaceTheQueue() throws {
        var channel = LiveChannel()
        channel.append(.tap(x: 1, y: 1, count: 1), for: 0)
        channel.append(.tap(x: 2, y: 2, count: 1), for: 1)
        let takenbatch = channel.takeBatch()
        let batch = try #require(takenbatch)
        #expect(batch.target == 1 && batch.events == [.tap(x: 2, y: 2, count: 1)])
        // What a failed batch did not reach goes first, for its own preview only.
        channel.append(.type(text: "x"), for: 1)
        channel.prepend([.key(name: "tab")], for: 1)
        channel.prepend([.key(name: "escape")], for: 0)
        let retried = channel.takeBatch()
        #expect(try #require(retried).events == [.key(name: "tab"), .type(text: "x")])
        channel.append(.tap(x: 0, y: 0, count: 1), for: 1)
        channel.dropAll()
        let dropped = channel.takeBatch()
        #expect(dropped == nil && !channel.hasWork)
    }
}
