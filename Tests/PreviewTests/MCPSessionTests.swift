import Foundation
import LayoutTestSupport
import Testing

/// A screen as a person writes one: a card with a coloured swatch, and a counter whose button
/// changes its label, each a `#Preview`.
private let mcpScreen = """
    import SwiftUI

    struct Card: View {
        var body: some View {
            HStack(spacing: 0) {
                Color.red.frame(width: 80, height: 40).id("swatch")
                Spacer()
            }
            .padding(PADDING)
        }
    }

    struct Counter: View {
        @State private var count = 0
        var body: some View {
            VStack(spacing: 8) {
                Text("Count \\(count)").id("label")
                Button("Add") { count += 1 }.id("add")
            }
        }
    }

    #Preview("Card") { Card() }

    #Preview("Counter") { Counter() }
    """

/// `layoutlab mcp` run as a client runs it: a process spoken to in JSON-RPC lines on its standard
/// input, answering on its standard output.
private final class MCPClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(in workspace: Workspace) throws {
        process.executableURL = try layoutlabBinary()
        process.arguments = ["mcp"]
        process.environment = workspace.environment
        process.standardInput = input
        process.standardOutput = output
        let log = workspace.url("mcp-stderr.txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes one line.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends a request and returns its answer (as parsed JSON); the id is checked.
    func request(_ method: String, _ params: String = "{}", timeout: Double = 240,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        let answer = try readMessage(timeout: timeout, sourceLocation: sourceLocation)
        #expect(answer["id"] as? Int == id, "the answer is to another request: \(answer)", sourceLocation: sourceLocation)
        #expect(answer["jsonrpc"] as? String == "2.0", sourceLocation: sourceLocation)
        return answer
    }

    /// Calls a tool and returns its result.
    func callTool(_ name: String, _ arguments: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let params = try JSONSerialization.data(withJSONObject: ["name": name, "arguments": arguments])
        let answer = try request("tools/call", String(decoding: params, as: UTF8.self), sourceLocation: sourceLocation)
        let result = try #require(answer["result"] as? [String: Any], "no result: \(answer)", sourceLocation: sourceLocation)
        return ToolResult(result)
    }

    /// The next line on standard output, parsed; fails after `timeout` seconds.
    func readMessage(timeout: Double, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let line = try #require(readLine(timeout: timeout), "no answer within \(timeout) s", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
    }

    /// The next line, or nil at the end of the output or after `timeout` seconds.
    func readLine(timeout: Double) -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// The processes the server started (its previews' agents, in their sandbox), by id.
    func children() -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// Whether the process `pid` still runs (a zombie waiting to be reaped does not).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }

    /// Waits up to `timeout` seconds for every process of `pids` to end; true when they did.
    static func ended(_ pids: [Int32], timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while pids.contains(where: isRunning) && Date() < deadline { usleep(50_000) }
        return !pids.contains(where: isRunning)
    }

    /// Closes standard input (the end of the session) and waits for the process to end.
    func finish(timeout: Double) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// A `tools/call` result.
private struct ToolResult {
    let isError: Bool
    let content: [[String: Any]]

    init(_ result: [String: Any]) {
        isError = result["isError"] as? Bool ?? false
        content = result["content"] as? [[String: Any]] ?? []
    }

    /// The text items, in order.
    var texts: [String] { content.filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String } }

    /// The image items' bytes and media types.
    var images: [(data: Data, mimeType: String)] {
        content.filter { $0["type"] as? String == "image" }.compactMap { item in
            guard let text = item["data"] as? String, let data = Data(base64Encoded: text) else { return nil }
            return (data, item["mimeType"] as? String ?? "")
        }
    }

    /// The frames text item (the one with `views`), parsed.
    func frames(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let text = try #require(texts.first { $0.contains("\"views\"") }, "no frames in \(texts)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The frame [x, y, width, height] of the view with the id `id`.
    func frame(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Double] {
        let views = try frames(sourceLocation: sourceLocation)["views"] as? [[String: Any]] ?? []
        let view = try #require(views.first { $0["id"] as? String == id }, "no view '\(id)'", sourceLocation: sourceLocation)
        return (view["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    /// The detail (a Text's quoted string) of the Text with the id `id`.
    func detail(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let views = try frames(sourceLocation: sourceLocation)["views"] as? [[String: Any]] ?? []
        return try #require(views.first { $0["id"] as? String == id }?["detail"] as? String, sourceLocation: sourceLocation)
    }
}

/// A PNG decoded to 8-bit RGBA pixels: chunks checked by their CRCs, the image data inflated by
/// Python's zlib (Foundation on Linux has no inflate), and each row's filter undone here.
private struct DecodedPNG {
    let width: Int
    let height: Int
    private let pixels: [UInt8]
    private let channels: Int

    init(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = [UInt8](data)
        try #require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG", sourceLocation: sourceLocation)
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8, header: [UInt8] = [], compressed: [UInt8] = [], ended = false
        while at + 12 <= bytes.count, !ended {
            let length = be32(at)
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            try #require(at + 12 + length <= bytes.count, "a \(type) chunk runs past the end", sourceLocation: sourceLocation)
            let body = Array(bytes[at + 8..<at + 8 + length])
            #expect(UInt32(be32(at + 8 + length)) == Self.crc(Array(bytes[at + 4..<at + 8]) + body), "\(type)'s CRC", sourceLocation: sourceLocation)
            switch type {
            case "IHDR": header = body
            case "IDAT": compressed += body
            case "IEND": ended = true
            default: break
            }
            at += 12 + length
        }
        try #require(ended && header.count == 13, "no IHDR or IEND", sourceLocation: sourceLocation)
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        try #require(header[8] == 8 && (header[9] == 6 || header[9] == 2), "8-bit RGB(A) expected", sourceLocation: sourceLocation)
        channels = header[9] == 6 ? 4 : 3
        let raw = try Self.inflate(compressed)
        let stride = width * channels
        try #require(raw.count == height * (stride + 1), "the image data holds \(raw.count) bytes, not \(height) rows of \(stride + 1)", sourceLocation: sourceLocation)
        var out = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = Int(raw[y * (stride + 1) + 1 + x])
                let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                default:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }
                out[y * stride + x] = UInt8((value + predicted) & 0xFF)
            }
        }
        pixels = out
    }

    /// The red, green and blue of the pixel at (x, y).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * channels
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    private static func inflate(_ compressed: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: the inflated bytes fill the output pipe while it writes.
        let writer = Thread { [compressed] in
            input.fileHandleForWriting.write(Data(compressed))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3's zlib could not inflate the image data")
        return [UInt8](data)
    }
}

/// `layoutlab mcp`: a scripted session with a real server process on a real-style file.
@Suite("layoutlab mcp", .serialized)
struct MCPSessionTests {
    @Test func aScriptedSessionListsRendersAndOperatesPreviews() throws {
        let ws = try Workspace("mcp")
        let file = try ws.write("ContentView.swift", mcpScreen.replacingOccurrences(of: "PADDING", with: "20"))
        // Baselines as a CI job records them, to verify through the server below.
        let baselines = ws.url("Snapshots")
        let record = try runLayoutlab(["snapshot", "record", file.path, "--dir", baselines.path], in: ws)
        try #require(record.status == 0, "\(record.stderr)")
        let client = try MCPClient(in: ws)

        // The lifecycle: initialize (the version negotiated), then the initialized notification,
        // which is not answered: the next answer is tools/list's.
        let hello = try client.request("initialize", #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"swift-testing","version":"1"}}"#)
        let result = try #require(hello["result"] as? [String: Any], "\(hello)")
        #expect(result["protocolVersion"] as? String == "2025-06-18")
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "layoutlab")
        #expect((result["capabilities"] as? [String: Any])?["tools"] != nil)
        client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let list = try client.request("tools/list")
        let tools = (list["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
        #expect(tools.compactMap { $0["name"] as? String } == ["list_previews", "render_preview", "perform", "verify_snapshots"])

        // The previews as a model sees them first.
        let previews = try client.callTool("list_previews", ["path": file.path])
        #expect(!previews.isError, "\(previews.texts)")
        #expect(previews.texts.first?.contains(#""name":"Card""#) == true)
        #expect(previews.texts.first?.contains(#""location":"ContentView.swift:23""#) == true, "\(previews.texts)")

        // A render: the PNG at scale 2 is the 300×200 canvas in pixels, the swatch red where the
        // frames put it. The 80-point-tall row (40 + 2 × 20 padding) is centred in 200 points.
        let card = try client.callTool("render_preview", ["path": file.path, "preview": "Card", "width": 300, "height": 200, "scale": 2])
        #expect(!card.isError, "\(card.texts)")
        let image = try #require(card.images.first, "no image in \(card.content.map { $0["type"] ?? "" })")
        #expect(image.mimeType == "image/png")
        let png = try DecodedPNG(image.data)
        #expect(png.width == 600 && png.height == 400)
        #expect(try card.frame("swatch") == [20, 80, 80, 40])
        let (r, g, b) = png.rgb(2 * 60, 2 * 100)
        #expect(r > 200 && g < 100 && b < 100, "the swatch's centre is (\(r), \(g), \(b))")
        let (r2, g2, b2) = png.rgb(2 * 200, 2 * 100)
        #expect(r2 > 240 && g2 > 240 && b2 > 240, "the background right of the swatch is (\(r2), \(g2), \(b2))")

        // The code is as recorded: every snapshot matches.
        let same = try client.callTool("verify_snapshots", ["path": file.path, "dir": baselines.path])
        #expect(!same.isError, "\(same.texts)")
        let sameReport = try #require(try JSONSerialization.jsonObject(with: Data((same.texts.first ?? "").utf8)) as? [String: Any])
        #expect(sameReport["passed"] as? Bool == true, "\(same.texts)")
        #expect(sameReport["summary"] as? String == "2 matched")

        // A name that is no preview: a tool error naming the previews there are.
        let missing = try client.callTool("render_preview", ["path": file.path, "preview": "Cart"])
        #expect(missing.isError)
        #expect(missing.texts.joined().contains("'Card', 'Counter'"), "\(missing.texts)")

        // Protocol errors: a method there is not, and a line that is not JSON.
        let unknown = try client.request("prompts/list")
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        client.send(#"{"jsonrpc": "2.0", "id": 99, "method": "#)
        let garbled = try client.readMessage(timeout: 30)
        #expect((garbled["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(garbled["id"] is NSNull)

        // Operating the counter: two taps count to two, and each step says it changed state.
        let twice = try client.callTool("perform", ["path": file.path, "preview": "Counter", "steps": ["tap:add", "tap:add"], "format": "json"])
        #expect(!twice.isError, "\(twice.texts)")
        #expect(try twice.detail("label") == "\"Count 2\"")
        let steps = try #require(try JSONSerialization.jsonObject(with: Data((twice.texts.first ?? "").utf8)) as? [String: Any])
        let stepList = steps["steps"] as? [[String: Any]] ?? []
        #expect(stepList.map { $0["step"] as? String } == ["tap:add", "tap:add"])
        #expect(stepList.allSatisfy { $0["changed"] as? Bool == true })
        // The live state stays for a render; perform starts over unless told to continue.
        #expect(try client.callTool("render_preview", ["path": file.path, "preview": "Counter", "format": "json"]).detail("label") == "\"Count 2\"")
        #expect(try client.callTool("perform", ["path": file.path, "preview": "Counter", "steps": ["tap:add"], "format": "json"]).detail("label") == "\"Count 1\"")
        #expect(try client.callTool("perform", ["path": file.path, "preview": "Counter", "steps": ["tap:add"], "continue": true, "format": "json"])
            .detail("label") == "\"Count 2\"")
        let nowhere = try client.callTool("perform", ["path": file.path, "preview": "Counter", "steps": ["tap:subtract"]])
        #expect(nowhere.isError)
        #expect(nowhere.texts.joined().contains("step 1 (tap:subtract)"), "\(nowhere.texts)")

        // The file saved with a mistake: the compiler's own lines come back.
        try ws.write("ContentView.swift", mcpScreen.replacingOccurrences(of: "PADDING", with: "undefinedPadding"))
        let broken = try client.callTool("render_preview", ["path": file.path, "preview": "Card"])
        #expect(broken.isError)
        #expect(broken.texts.joined().contains("ContentView.swift:9:"), "\(broken.texts)")
        #expect(broken.texts.joined().contains("undefinedPadding"))
        // Saved again, fixed with another padding: rebuilt, and the swatch moved.
        try ws.write("ContentView.swift", mcpScreen.replacingOccurrences(of: "PADDING", with: "30"))
        let fixed = try client.callTool("render_preview", ["path": file.path, "preview": "Card", "width": 300, "height": 200, "format": "json"])
        #expect(!fixed.isError, "\(fixed.texts)")
        #expect(fixed.images.isEmpty)
        #expect(try fixed.frame("swatch") == [30, 80, 80, 40])
        // The new padding fails the baselines: Card differs, its swatch moved, its image shown.
        let changed = try client.callTool("verify_snapshots", ["path": file.path, "dir": baselines.path])
        #expect(!changed.isError, "\(changed.texts)")
        let changedReport = try #require(try JSONSerialization.jsonObject(with: Data((changed.texts.first ?? "").utf8)) as? [String: Any])
        #expect(changedReport["passed"] as? Bool == false)
        let entries = changedReport["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["name"] as? String } == ["Card"], "\(changed.texts)")
        #expect(entries.first?["outcome"] as? String == "differs")
        let moved = (entries.first?["movedViews"] as? [[String: Any]] ?? []).compactMap { $0["view"] as? String }
        #expect(moved.contains("swatch"), "\(moved)")
        #expect(changed.images.count == 1)
        let missingBaselines = try client.callTool("verify_snapshots", ["path": file.path, "dir": ws.url("Nowhere").path])
        #expect(missingBaselines.isError)
        #expect(missingBaselines.texts.joined().contains("snapshot record"), "\(missingBaselines.texts)")

        // The end of input ends the server, and the preview it kept running.
        let agents = client.children()
        #expect(!agents.isEmpty, "the server keeps the preview running between calls")
        #expect(client.finish(timeout: 30) == 0)
        #expect(MCPClient.ended(agents, timeout: 10), "agents \(agents) outlived the server")
    }

    /// SIGTERM, as a client stopping its servers sends it, ends the server and its previews at once.
    @Test func sigtermStopsTheServerAndItsPreviews() throws {
        let ws = try Workspace("mcp-sigterm")
        let file = try ws.write("ContentView.swift", mcpScreen.replacingOccurrences(of: "PADDING", with: "20"))
        let client = try MCPClient(in: ws)
        _ = try client.request("initialize", #"{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"swift-testing","version":"1"}}"#)
        client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        let listed = try client.callTool("list_previews", ["path": file.path])
        #expect(!listed.isError, "\(listed.texts)")
        let agents = client.children()
        #expect(!agents.isEmpty)
        client.process.terminate()
        client.process.waitUntilExit()
        #expect(client.process.terminationReason == .exit && client.process.terminationStatus == 0)
        #expect(MCPClient.ended(agents, timeout: 10), "agents \(agents) outlived the server")
    }
}
