import Foundation
import Testing
import PreviewHost
import PreviewProtocol
import LayoutTestSupport

/// Previews that misbehave, on purpose or by accident: each is stopped or contained with a
/// message that says what happened, and `layoutlab` itself never hangs, crashes or is confused.
@Suite(.serialized)
struct HostilePreviewTests {
    /// The texts of views with ids in `layoutlab render --json` output (a Text's detail is its
    /// string in quotes).
    func texts(_ url: URL) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var out: [String: String] = [:]
        for v in object["views"] as? [[String: Any]] ?? [] {
            guard let id = v["id"] as? String, let detail = v["detail"] as? String, out[id] == nil else { continue }
            out[id] = detail.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return out
    }

    @Test func standardInputIsEmptyAndPrintsGoToTheConsoleNotIntoReplies() throws {
        let ws = try Workspace("streams")
        let file = try ws.write("Streams.swift", """
            import SwiftUI
            import Foundation
            func poke() -> String {
                // Before the channel had its own socket, this read the window's requests.
                let line = readLine()
                print("a line for the console")
                FileHandle.standardOutput.write(Data("{\\"id\\":1,\\"error\\":\\"forged\\"}\\n".utf8))
                // The descriptors a careless program might guess at.
                for fd in Int32(3)...Int32(12) { _ = write(fd, "garbage\\n", 8) }
                return line == nil ? "eof" : "read"
            }
            #Preview("Streams") { Text(poke()).id("stdin") }
            """)
        let out = try runLayoutlab(["render", "--source", file.path, "--json", ws.url("s.json").path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try texts(ws.url("s.json"))["stdin"] == "eof")
        // What the preview printed is shown on standard error (the window: its console).
        #expect(out.stderr.contains("a line for the console"))
        #expect(out.stderr.contains("forged"))
    }

    @Test func aStuckPreviewIsStoppedSoonAndASlowOneThatKeepsBuildingIsNot() throws {
        let ws = try Workspace("stuck")
        let file = try ws.write("Slow.swift", """
            import SwiftUI
            import Foundation
            nonisolated(unsafe) var spinning = true
            struct SlowRow: View {
                var n: Int
                var body: some View {
                    let _ = usleep(40_000)
                    Text("row \\(n)")
                }
            }
            #Preview("Slow") { VStack { ForEach(0..<60) { SlowRow(n: $0) } } }
            #Preview("Stuck") {
                let _ = { while spinning {} }()
                Text("never")
            }
            """)
        // 2.4 s of building with a 1 s limit for being stuck: progress keeps it going.
        let slow = try runLayoutlab(["render", "--source", file.path, "--preview", "Slow", "--stuck-limit", "1",
                                     "--json", ws.url("slow.json").path], in: ws)
        #expect(slow.status == 0, "\(slow.stderr)")
        let start = Date()
        let stuck = try runLayoutlab(["render", "--source", file.path, "--preview", "Stuck", "--stuck-limit", "1",
                                      "--json", ws.url("stuck.json").path], in: ws)
        #expect(stuck.status == 1)
        #expect(stuck.stderr.contains("The preview made no progress for 1 s and was stopped"), "\(stuck.stderr)")
        // Stopped at its limit, not at the longer one (60 s).
        #expect(Date().timeIntervalSince(start) < 30)
        // The longer limit stops even a preview that keeps building.
        let long = try runLayoutlab(["render", "--source", file.path, "--preview", "Slow", "--stuck-limit", "1", "--time-limit", "1.5",
                                     "--json", ws.url("long.json").path], in: ws)
        #expect(long.status == 1)
        #expect(long.stderr.contains("The preview was still building views after 1.5 s and was stopped"), "\(long.stderr)")
    }

    @Test func memoryAndProcessorLimitsAreNamedWhenAPreviewGoesOverThem() throws {
        let ws = try Workspace("limits")
        let file = try ws.write("Greedy.swift", """
            import SwiftUI
            nonisolated(unsafe) var hoard: [[UInt8]] = []
            nonisolated(unsafe) var spinning = true
            #Preview("Hoard") {
                let _ = { while true { hoard.append([UInt8](repeating: 1, count: 64 << 20)) } }()
                Text("never")
            }
            #Preview("Spin") {
                let _ = { while spinning {} }()
                Text("never")
            }
            """)
        // Hoarding builds no views: on a loaded machine that swaps, filling 1 GiB can take longer
        // than the 5 s stuck limit, so that limit is raised here as it is for the processor test.
        let memory = try runLayoutlab(["render", "--source", file.path, "--preview", "Hoard", "--memory-limit", "1G", "--stuck-limit", "60",
                                       "--json", ws.url("m.json").path], in: ws)
        #expect(memory.status == 1)
        #expect(memory.stderr.contains("The preview used more than 1 GiB of memory and was stopped"), "\(memory.stderr.suffix(600))")
        let cpu = try runLayoutlab(["render", "--source", file.path, "--preview", "Spin", "--cpu-limit", "1", "--stuck-limit", "60",
                                    "--json", ws.url("c.json").path], in: ws)
        #expect(cpu.status == 1)
        #expect(cpu.stderr.contains("The preview used more than 1 s of processor time and was stopped"), "\(cpu.stderr)")
    }

    @Test func aPreviewThatStartsProcessesIsStoppedWithAllOfThem() throws {
        let ws = try Workspace("procs")
        // A marker no other process carries, to find survivors by.
        let marker = "\(Int.random(in: 100_000...999_999)).25"
        let file = try ws.write("Forks.swift", """
            import SwiftUI
            import Foundation
            nonisolated(unsafe) var spinning = true
            func spawnSleepers() {
                for _ in 0..<12 {
                    let p = Process()
                    p.executableURL = URL(fileURLWithPath: "/bin/sleep")
                    p.arguments = ["\(marker)"]
                    try? p.run()
                }
                while spinning {}
            }
            #Preview("Forks") { let _ = spawnSleepers(); Text("never") }
            """)
        let out = try runLayoutlab(["render", "--source", file.path, "--process-limit", "8", "--stuck-limit", "20",
                                    "--json", ws.url("p.json").path], in: ws)
        #expect(out.status == 1)
        #expect(out.stderr.contains("The preview started more than 8 processes and was stopped with them"), "\(out.stderr)")
        // None of the sleepers outlives the preview.
        usleep(200_000)
        let survivors = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
            guard Int32(entry) != nil, let cmd = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8) else { return false }
            return cmd.contains(marker)
        }
        #expect(survivors.isEmpty, "processes left behind: \(survivors)")
    }

    /// In the sandbox: no network, nothing written outside the scratch directory. Where this
    /// machine cannot make a sandbox, the render says so.
    @Test func theSandboxKeepsAPreviewOffTheNetworkAndOutOfYourFiles() throws {
        let ws = try Workspace("sandbox")
        // A listener on this machine that the preview tries to reach.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try #require(bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0)
            }
        }
        let port = UInt16(bigEndian: address.sin_port)
        let home = ws.url("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let file = try ws.write("Nosy.swift", """
            import SwiftUI
            import Foundation
            func reach() -> String {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var a = sockaddr_in()
                a.sin_family = sa_family_t(AF_INET)
                a.sin_port = in_port_t(UInt16(\(port)).bigEndian)
                a.sin_addr.s_addr = inet_addr("127.0.0.1")
                let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                return r == 0 ? "connected" : "refused"
            }
            func scribble() -> String {
                let a = FileManager.default.createFile(atPath: "\(home.path)/from-preview", contents: Data("x".utf8))
                let b = FileManager.default.createFile(atPath: "\(ws.root.path)/beside-the-source", contents: Data("x".utf8))
                return a || b ? "wrote" : "denied"
            }
            #Preview("Nosy") { VStack { Text(reach()).id("net"); Text(scribble()).id("files") } }
            """)
        var env = ws.environment
        env["HOME"] = home.path
        let out = try runProcess(try layoutlabBinary(), ["render", "--source", file.path, "--json", ws.url("n.json").path],
                                 environment: env, timeout: 240, outputDirectory: ws.root)
        #expect(out.status == 0, "\(out.stderr)")
        switch AgentSandbox.available {
        case .success:
            let texts = try texts(ws.url("n.json"))
            #expect(texts["net"] == "refused")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("from-preview").path))
            #expect(!FileManager.default.fileExists(atPath: ws.url("beside-the-source").path))
            #expect(!out.stderr.contains("without a sandbox"))
        case .failure(let why):
            #expect(out.stderr.contains("the preview runs without a sandbox: \(why.message)"), "\(out.stderr)")
        }
        // Started from a folder the sandbox hides (a CI checkout under /tmp), the agent starts
        // in its scratch folder instead of failing to enter it.
        let elsewhere = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let fromTmp = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", "cd \"$0\" && exec \"$1\" render --source \"$2\" --json \"$3\"",
                                      elsewhere.path, try layoutlabBinary().path, file.path, ws.url("t.json").path],
                                     environment: env, timeout: 240, outputDirectory: ws.root)
        #expect(fromTmp.status == 0, "\(fromTmp.stderr)")
        // Asked for, no sandbox is a warning on every render.
        let unconfined = try runProcess(try layoutlabBinary(), ["render", "--source", file.path, "--no-sandbox", "--json", ws.url("u.json").path],
                                        environment: env, timeout: 240, outputDirectory: ws.root)
        #expect(unconfined.stderr.contains("the preview runs without a sandbox (--no-sandbox)"))
    }

    /// Ways a preview ends or floods: each is reported for what it is, and `layoutlab` lives on.
    @Test func exitsOverflowsFloodsAndThreadsAreContained() throws {
        let ws = try Workspace("ends")
        let file = try ws.write("Ends.swift", """
            import SwiftUI
            import Foundation
            func deeper(_ n: Int) -> Int { n == Int.min ? 0 : deeper(n + 1) + 1 }
            nonisolated(unsafe) var spinning = true
            func startSpinners() {
                for _ in 0..<40 { Thread.detachNewThread { while spinning {} } }
            }
            #Preview("Exit") { let _ = exit(3); Text("never") }
            #Preview("Overflow") { Text("\\(deeper(0))") }
            #Preview("Loud") {
                let _ = { for i in 0..<200_000 { print("line \\(i) of a preview that prints too much") } }()
                Text("done").id("done")
            }
            #Preview("Threads") { let _ = startSpinners(); Text("still here").id("here") }
            """)
        func render(_ preview: String) throws -> ProcessOutput {
            try runLayoutlab(["render", "--source", file.path, "--preview", preview, "--json", ws.url("\(preview).json").path], in: ws)
        }
        let exited = try render("Exit")
        #expect(exited.status == 1)
        #expect(exited.stderr.contains("The preview crashed: it exited with status 3"), "\(exited.stderr)")
        let overflow = try render("Overflow")
        #expect(overflow.status == 1)
        #expect(overflow.stderr.contains("The preview crashed: it was stopped by SIGSEGV (a stack overflow or a bad memory access)"), "\(overflow.stderr.suffix(500))")
        // 10 MB of output: shown on standard error, the reply intact.
        let loud = try render("Loud")
        #expect(loud.status == 0, "\(loud.stderr.suffix(500))")
        #expect(loud.stderr.contains("line 199999 of a preview that prints too much"))
        #expect(try texts(ws.url("Loud.json"))["done"] == "done")
        // Forty threads spinning beside the main one: the reply still comes, and the threads end
        // with the agent.
        let threads = try render("Threads")
        #expect(threads.status == 0, "\(threads.stderr)")
        #expect(try texts(ws.url("Threads.json"))["here"] == "still here")
    }

    @Test func somethingOnTheChannelThatIsNotAReplyIsNamed() throws {
        let ws = try Workspace("garbage")
        let agent = try ws.write("agent.sh", "#!/bin/sh\nread line <&3\necho 'Hello, world' >&3\nsleep 30\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: agent.path)
        let connection = try AgentConnection(executable: agent.path, limits: AgentLimits(stuckSeconds: 3, sandboxed: false), readablePaths: [])
        defer { connection.stop() }
        #expect(throws: AgentFailure.broken("the channel carried something that is not a reply: “Hello, world” (12 bytes)")) {
            _ = try connection.requestAndWait(AgentRequest(operation: .catalog, id: 0))
        }
    }

    @Test func aReplyOfManyMegabytesIsReadWhole() throws {
        let ws = try Workspace("big-reply")
        // 8 MB in one line, as a layout of 10,000 views is.
        let agent = try ws.write("agent.sh", """
            #!/bin/sh
            read line <&3
            { printf '{"id":1,"error":"'; head -c 8000000 /dev/zero | tr '\\0' a; printf '"}\\n'; } >&3
            sleep 30
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: agent.path)
        let connection = try AgentConnection(executable: agent.path, limits: AgentLimits(stuckSeconds: 20, sandboxed: false), readablePaths: [])
        defer { connection.stop() }
        let reply = try connection.requestAndWait(AgentRequest(operation: .catalog, id: 0))
        #expect(reply.error?.count == 8_000_000)
    }

    @Test func progressLinesAreTellableFromReplies() {
        #expect(AgentProgress.viewsBuilt(in: Array(AgentProgress.line(viewsBuilt: 1234).dropLast())) == 1234)
        #expect(AgentProgress.viewsBuilt(in: Array(#"{"progress":12x}"#.utf8)) == nil)
        #expect(AgentProgress.viewsBuilt(in: Array(#"{"id":1}"#.utf8)) == nil)
        #expect(AgentLimits.parseBytes("4G") == 4 << 30)
        #expect(AgentLimits.parseBytes("512MiB") == 512 << 20)
        #expect(AgentLimits.parseBytes("none") == 0)
        #expect(AgentLimits.parseBytes("lots") == nil)
        #expect(AgentLimits.parseBytes("-1G") == nil)
        let limits = AgentLimits.configured(["LAYOUTLAB_STUCK_LIMIT": "2", "LAYOUTLAB_MEMORY_LIMIT": "\(3 << 30)", "LAYOUTLAB_NO_SANDBOX": "1"])
        #expect(limits.stuckSeconds == 2 && limits.memoryBytes == 3 << 30 && !limits.sandboxed)
    }
}
