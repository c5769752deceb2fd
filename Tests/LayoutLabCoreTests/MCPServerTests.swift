import Foundation
import PreviewHost
import Testing
@testable import LayoutLabCore

/// The MCP server's protocol, in process: the lifecycle, version negotiation, JSON-RPC errors and
/// the tools' argument checks, none of which builds a preview.
@Suite("MCP server protocol")
struct MCPServerTests {
    private func server() -> MCPServer {
        let toolbox = PreviewToolbox(sessions: PreviewSessions(limits: AgentLimits(stuckSeconds: 5)))
        return MCPServer(toolbox: toolbox, name: "layoutlab", version: layoutLabVersion, instructions: "Look at SwiftUI.")
    }

    /// Sends `message` and parses the one line it answers.
    private func exchange(_ server: MCPServer, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let line = try #require(server.respond(to: message), "no answer to \(message)", sourceLocation: sourceLocation)
        #expect(!line.contains("\n"), "an answer is one line", sourceLocation: sourceLocation)
        return try #require(JSONValue.parse(line), sourceLocation: sourceLocation)
    }

    private func initialized(_ version: String = "2025-06-18") throws -> MCPServer {
        let s = server()
        _ = try exchange(s, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#)
        #expect(s.respond(to: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        return s
    }

    @Test func initializeEchoesASupportedVersionAndOffersTools() throws {
        let s = server()
        let answer = try exchange(s, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#)
        #expect(answer["id"] == 1)
        #expect(answer["result"]?["protocolVersion"] == "2025-03-26")
        #expect(answer["result"]?["capabilities"]?["tools"] == [:])
        #expect(answer["result"]?["serverInfo"]?["name"] == "layoutlab")
        #expect(answer["result"]?["serverInfo"]?["version"] == .string(layoutLabVersion))
        #expect(s.phase == .initialized(protocolVersion: "2025-03-26"))
        #expect(!s.clientReady)
        #expect(s.respond(to: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(s.clientReady)
        // Only once.
        let again = try exchange(s, #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#)
        #expect(again["error"]?["code"] == -32600)
    }

    @Test func anUnknownVersionIsAnsweredWithTheNewest() throws {
        let answer = try exchange(server(), #"{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"1999-01-01"}}"#)
        #expect(answer["id"] == "a")
        #expect(answer["result"]?["protocolVersion"] == .string(MCPServer.supportedProtocolVersions[0]))
        let missing = try exchange(server(), #"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#)
        #expect(missing["error"]?["code"] == -32602)
    }

    @Test func onlyPingAndInitializeComeBeforeInitialize() throws {
        let s = server()
        let ping = try exchange(s, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        #expect(ping["result"] == [:])
        let list = try exchange(s, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
        #expect(list["error"]?["code"] == -32600)
        #expect(list["id"] == 2)
    }

    @Test func malformedMessagesGetJSONRPCErrors() throws {
        let s = try initialized()
        let notJSON = try exchange(s, #"{"jsonrpc":"2.0","id":1,"method":"#)
        #expect(notJSON["error"]?["code"] == -32700)
        #expect(notJSON["id"] == .null)
        let noVersion = try exchange(s, #"{"id":2,"method":"ping"}"#)
        #expect(noVersion["error"]?["code"] == -32600)
        #expect(noVersion["id"] == 2)
        let notObject = try exchange(s, "42")
        #expect(notObject["error"]?["code"] == -32600)
        let badID = try exchange(s, #"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#)
        #expect(badID["error"]?["code"] == -32600)
        let unknown = try exchange(s, #"{"jsonrpc":"2.0","id":3,"method":"resources/list"}"#)
        #expect(unknown["error"]?["code"] == -32601)
        #expect(unknown["error"]?["message"]?.stringValue?.contains("resources/list") == true)
        // Notifications are never answered, even unknown ones; blank lines are not messages.
        #expect(s.respond(to: #"{"jsonrpc":"2.0","method":"notifications/whatever"}"#) == nil)
        #expect(s.respond(to: "   ") == nil)
    }

    @Test func aBatchIsAnsweredAsABatchWithoutItsNotifications() throws {
        let s = try initialized()
        let answer = try exchange(s, #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#)
        let items = try #require(answer.arrayValue)
        #expect(items.count == 2)
        #expect(items[0]["result"] == [:])
        #expect(items[1]["error"]?["code"] == -32601)
        #expect(try exchange(s, "[]")["error"]?["code"] == -32600)
    }

    @Test func toolsListDescribesEveryToolWithAnObjectSchema() throws {
        let answer = try exchange(try initialized(), #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let tools = try #require(answer["result"]?["tools"]?.arrayValue)
        #expect(tools.compactMap { $0["name"]?.stringValue } == ["list_previews", "render_preview", "perform", "verify_snapshots"])
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object")
            #expect(tool["inputSchema"]?["required"]?.arrayValue?.contains("path") == true)
            #expect((tool["description"]?.stringValue?.count ?? 0) > 80)
        }
        let perform = try #require(tools.first { $0["name"] == "perform" })
        #expect(perform["inputSchema"]?["properties"]?["steps"]?["type"] == "array")
        #expect(perform["inputSchema"]?["required"] == ["path", "steps"])
    }

    @Test func badArgumentsAreInvalidParamsBeforeAnythingIsBuilt() throws {
        let s = try initialized()
        func call(_ arguments: String) throws -> JSONValue {
            try exchange(s, #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"render_preview","arguments":\#(arguments)}}"#)
        }
        #expect(try call(#"{}"#)["error"]?["code"] == -32602)
        #expect(try call(#"{"path":"/x.swift","width":-3}"#)["error"]?["code"] == -32602)
        #expect(try call(#"{"path":"/x.swift","format":"gif"}"#)["error"]?["code"] == -32602)
        #expect(try call(#"{"path":"/x.swift","scale":100}"#)["error"]?["code"] == -32602)
        let scheme = try call(#"{"path":"/x.swift","colorScheme":"sepia"}"#)
        #expect(scheme["error"]?["code"] == -32602)
        #expect(scheme["error"]?["message"]?.stringValue?.contains("sepia") == true)
        #expect(try call(#"{"path":"/x.swift","widht":300}"#)["error"]?["message"]?.stringValue?.contains("widht") == true)
        let unknownTool = try exchange(s, #"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"draw","arguments":{}}}"#)
        #expect(unknownTool["error"]?["code"] == -32602)
    }

    @Test func aPathThatIsNotThereIsAToolErrorSayingSo() throws {
        let s = try initialized()
        let answer = try exchange(s, #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_previews","arguments":{"path":"/nonexistent/Nowhere.swift"}}}"#)
        #expect(answer["result"]?["isError"] == true)
        let text = answer["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.contains("/nonexistent/Nowhere.swift"))
    }

    @Test func badStepsAreAToolErrorInTheStepLanguage() throws {
        let s = try initialized()
        let answer = try exchange(s, #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"perform","arguments":{"path":"/x.swift","steps":["tap:go","poke:it"]}}}"#)
        #expect(answer["result"]?["isError"] == true)
        let text = answer["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.contains("step 2 (poke:it)"))
        #expect(!text.contains("render:"))
    }

    @Test func integerIDsAndNumbersRoundTrip() throws {
        #expect(JSONValue.parse("7") == .integer(7))
        #expect(JSONValue.parse("7.5") == .number(7.5))
        #expect(JSONValue.parse("true") == .bool(true))
        #expect(JSONValue.number(of: 12) == .integer(12))
        #expect(JSONValue.number(of: .infinity) == "inf")
        #expect(JSONValue.object(["b": 1, "a": "x/y"]).compactText() == #"{"a":"x/y","b":1}"#)
    }
}
