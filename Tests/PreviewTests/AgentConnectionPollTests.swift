import Foundation
import Testing
import PreviewHost
import PreviewProtocol

/// The window asks the agent without waiting (`request(_:wait: 0)`) and polls (`poll()`, no
/// wait) from its main loop; the reply must come from those polls.
struct AgentConnectionPollTests {
    @Test func aReplyIsPickedUpByPollsThatNeverWait() throws {
        let ws = try Workspace("agent-poll")
        // A stand-in agent: answers the first request a little later on its channel
        // (descriptor 3), then stays up.
        let agent = try ws.write("agent.sh", "#!/bin/sh\nread line <&3\nsleep 0.2\necho '{\"id\":1}' >&3\nsleep 30\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: agent.path)
        let connection = try AgentConnection(executable: agent.path, timeLimit: 3)
        defer { connection.stop() }
        #expect(try connection.request(AgentRequest(operation: .catalog, id: 0), wait: 0) == nil)
        let start = Date()
        var reply: AgentReply?
        while reply == nil, Date().timeIntervalSince(start) < 2.5 {
            reply = try connection.poll()
            if reply == nil { usleep(5_000) }
        }
        // Before the fix, a poll without wait returned before reading: the reply stayed unread
        // until the time limit stopped the agent.
        #expect(reply?.id == 1)
        #expect(!connection.isBusy)
    }
}
