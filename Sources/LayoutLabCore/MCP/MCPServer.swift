import Foundation

/// A JSON-RPC error: what a request that cannot be answered gets instead of a result.
///
/// MCP uses JSON-RPC's codes: a message that is not JSON, one that is not a request, a method
/// the server does not have, and parameters it cannot use are each their own code, so a client
/// can tell its own mistakes from a tool that failed (which is a result, `isError: true`).
struct JSONRPCError: Error, Equatable, Sendable {
    /// The JSON-RPC error code.
    var code: Int
    /// One sentence saying what was wrong, for the person or model reading it.
    var message: String

    init(code: Int, message: String) { self.code = code; self.message = message }

    /// -32700: the line is not JSON.
    static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32700, message: message) }
    /// -32600: JSON, but not a JSON-RPC request (or one the session's state does not allow).
    static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: -32600, message: message) }
    /// -32601: no such method.
    static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "Method not found: \(method)")
    }
    /// -32602: the method exists but its parameters are wrong (an unknown tool, a missing argument).
    static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: -32602, message: message) }
    /// -32603: the server failed on its own account.
    static func internalError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32603, message: message) }
}

/// A tool as `tools/list` describes it: its name, what it does, and the JSON Schema of its
/// arguments, which is all a model has to decide when and how to call it.
struct MCPTool: Sendable {
    var name: String
    /// A short name for people (a client's tool list).
    var title: String
    /// What the tool does and returns, and when to use it.
    var description: String
    /// A JSON Schema object for the `arguments` of `tools/call`.
    var inputSchema: JSONValue

    init(name: String, title: String, description: String, inputSchema: JSONValue) {
        self.name = name; self.title = title; self.description = description; self.inputSchema = inputSchema
    }

    /// The tool as a `tools/list` entry.
    var listing: JSONValue {
        ["name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": inputSchema]
    }
}

/// What a tool call returns: content items (text, images) and whether the tool failed.
///
/// A failure the model can act on (a preview name that does not exist, code that does not
/// compile) is a result with `isError`, not a JSON-RPC error, so the model sees the message.
struct MCPToolResult: Sendable, Equatable {
    var content: [JSONValue]
    var isError: Bool

    init(content: [JSONValue], isError: Bool = false) { self.content = content; self.isError = isError }

    /// A text content item.
    static func text(_ text: String) -> JSONValue { ["type": "text", "text": .string(text)] }
    /// An image content item: the bytes in base64 and their media type.
    static func image(_ data: Data, mimeType: String) -> JSONValue {
        ["type": "image", "data": .string(data.base64EncodedString()), "mimeType": .string(mimeType)]
    }
    /// A failed call that says why.
    static func failure(_ message: String) -> MCPToolResult { MCPToolResult(content: [text(message)], isError: true) }

    var json: JSONValue { ["content": .array(content), "isError": .bool(isError)] }
}

/// The tools a server offers and runs.
protocol MCPToolbox: AnyObject {
    /// Every tool, in the order `tools/list` gives them.
    var tools: [MCPTool] { get }
    /// Runs the tool `name` (one of `tools`) with `arguments`; throws `invalidParams` for
    /// arguments its schema does not allow.
    func call(_ name: String, arguments: [String: JSONValue]) throws(JSONRPCError) -> MCPToolResult
}

/// The Model Context Protocol's server side, over newline-delimited JSON-RPC 2.0: one message a
/// line in, one line out per request.
///
/// It keeps the lifecycle the protocol prescribes — `initialize` first (its protocol version
/// negotiated), then `notifications/initialized`, `ping` at any time — and answers `tools/list`
/// and `tools/call` from its toolbox. Transport-free: `respond(to:)` takes a line and returns
/// the line to write, so tests run a session without a process.
final class MCPServer {
    /// The protocol revisions this server speaks, newest first.
    static let supportedProtocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]

    /// Where the session is in the lifecycle.
    enum Phase: Equatable, Sendable {
        /// No `initialize` yet: only `initialize` and `ping` are answered.
        case waitingForInitialize
        /// `initialize` answered, in this protocol version.
        case initialized(protocolVersion: String)
    }

    private(set) var phase = Phase.waitingForInitialize
    /// Whether the client sent `notifications/initialized`.
    private(set) var clientReady = false
    private let toolbox: any MCPToolbox
    private let name: String
    private let version: String
    private let instructions: String

    /// A server named `name` (`serverInfo`) at `version`, running `toolbox`'s tools;
    /// `instructions` tell a model what the server is for.
    init(toolbox: any MCPToolbox, name: String, version: String, instructions: String) {
        self.toolbox = toolbox
        self.name = name
        self.version = version
        self.instructions = instructions
    }

    /// The line to write for `line` (one JSON-RPC message or batch), or nil when nothing is
    /// answered (a notification, a response, a blank line).
    func respond(to line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard let message = JSONValue.parse(trimmed) else {
            return Self.errorResponse(id: .null, .parseError("Parse error: the line is not JSON")).compactText()
        }
        if case .array(let batch) = message {
            guard !batch.isEmpty else {
                return Self.errorResponse(id: .null, .invalidRequest("Invalid Request: an empty batch")).compactText()
            }
            let answers = batch.compactMap(answer)
            return answers.isEmpty ? nil : JSONValue.array(answers).compactText()
        }
        return answer(message)?.compactText()
    }

    /// The response to one message, or nil for notifications and responses.
    private func answer(_ message: JSONValue) -> JSONValue? {
        guard case .object(let fields) = message else {
            return Self.errorResponse(id: .null, .invalidRequest("Invalid Request: a message must be a JSON object"))
        }
        let id = fields["id"]
        // A request's id is a string or an integer (MCP rules out null); a malformed one cannot be echoed.
        let echoedID: JSONValue
        switch id {
        case .string?, .integer?: echoedID = id!
        case nil: echoedID = .null
        default:
            return Self.errorResponse(id: .null, .invalidRequest("Invalid Request: the id must be a string or an integer"))
        }
        guard fields["jsonrpc"] == "2.0" else {
            return Self.errorResponse(id: echoedID, .invalidRequest("Invalid Request: \"jsonrpc\" must be \"2.0\""))
        }
        guard let methodValue = fields["method"] else {
            // A response to a request of ours; this server sends none, so there is nothing to match.
            if id != nil, fields["result"] != nil || fields["error"] != nil { return nil }
            return Self.errorResponse(id: echoedID, .invalidRequest("Invalid Request: no \"method\""))
        }
        guard let method = methodValue.stringValue else {
            return Self.errorResponse(id: echoedID, .invalidRequest("Invalid Request: \"method\" must be a string"))
        }
        let params = fields["params"]
        if let params, params.objectValue == nil {
            return id == nil ? nil : Self.errorResponse(id: echoedID, .invalidParams("Invalid params: \"params\" must be an object"))
        }
        guard id != nil else {
            notify(method, params: params?.objectValue ?? [:])
            return nil
        }
        do {
            let result = try call(method, params: params?.objectValue ?? [:])
            return ["jsonrpc": "2.0", "id": echoedID, "result": result]
        } catch {
            return Self.errorResponse(id: echoedID, error)
        }
    }

    /// Notifications change state and are never answered, not even when unknown.
    private func notify(_ method: String, params: [String: JSONValue]) {
        if method == "notifications/initialized", case .initialized = phase { clientReady = true }
        // `notifications/cancelled` names a request that has already been answered: requests
        // are run one at a time, so a cancellation always comes after the request ended.
    }

    private func call(_ method: String, params: [String: JSONValue]) throws(JSONRPCError) -> JSONValue {
        switch method {
        case "initialize":
            return try initialize(params)
        case "ping":
            return [:]
        default:
            break
        }
        guard case .initialized = phase else {
            throw .invalidRequest("Invalid Request: the session is not initialized; send initialize first")
        }
        switch method {
        case "tools/list":
            return ["tools": .array(toolbox.tools.map(\.listing))]
        case "tools/call":
            guard let name = params["name"]?.stringValue else {
                throw .invalidParams("Invalid params: tools/call needs \"name\", the tool's name (a string)")
            }
            guard toolbox.tools.contains(where: { $0.name == name }) else {
                throw .invalidParams("Unknown tool: \(name) (tools: \(toolbox.tools.map(\.name).joined(separator: ", ")))")
            }
            let arguments: [String: JSONValue]
            switch params["arguments"] {
            case nil, .null?: arguments = [:]
            case .object(let o)?: arguments = o
            default: throw .invalidParams("Invalid params: \"arguments\" must be an object")
            }
            return try toolbox.call(name, arguments: arguments).json
        default:
            throw .methodNotFound(method)
        }
    }

    /// Answers `initialize`: the client's protocol version when this server speaks it, else the
    /// newest this server speaks (the client then decides whether to go on).
    private func initialize(_ params: [String: JSONValue]) throws(JSONRPCError) -> JSONValue {
        guard case .waitingForInitialize = phase else {
            throw .invalidRequest("Invalid Request: the session is already initialized")
        }
        guard let requested = params["protocolVersion"]?.stringValue else {
            throw .invalidParams("Invalid params: initialize needs \"protocolVersion\" (a string such as \"\(Self.supportedProtocolVersions[0])\")")
        }
        let agreed = Self.supportedProtocolVersions.contains(requested) ? requested : Self.supportedProtocolVersions[0]
        phase = .initialized(protocolVersion: agreed)
        return [
            "protocolVersion": .string(agreed),
            "capabilities": ["tools": [:]],
            "serverInfo": ["name": .string(name), "title": "LayoutLab", "version": .string(version)],
            "instructions": .string(instructions),
        ]
    }

    static func errorResponse(id: JSONValue, _ error: JSONRPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(error.code), "message": .string(error.message)]]
    }
}
