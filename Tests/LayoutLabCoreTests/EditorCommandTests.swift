import Foundation
import Testing
@testable import LayoutLabCore

/// Open in Editor's command: the setting, `LAYOUTLAB_EDITOR`, `VISUAL`, `EDITOR`, then the
/// editors installed and the desktop's default; each editor given the line its own way, and
/// terminal editors in a terminal.
@Suite("Editor command")
struct EditorCommandTests {
    let file = "/home/p/App/Profile.swift"

    func launch(setting: String? = nil, env: [String: String] = [:], installed: Set<String>) -> EditorCommand.Launch? {
        EditorCommand.launch(file: file, line: 42, column: 9, setting: setting, environment: env,
                             isExecutable: { installed.contains($0) })
    }

    @Test func theSettingWinsThenTheEnvironmentInOrder() {
        let all: Set<String> = ["code", "gedit", "subl", "kate", "gnome-text-editor", "xdg-open"]
        let env = ["LAYOUTLAB_EDITOR": "subl", "VISUAL": "kate", "EDITOR": "gedit"]
        #expect(launch(setting: "code", env: env, installed: all)?.arguments == ["code", "-g", "\(file):42:9"])
        #expect(launch(setting: "code", env: env, installed: all)?.source == "the editor setting")
        #expect(launch(env: env, installed: all)?.arguments == ["subl", "\(file):42:9"])
        #expect(launch(env: env, installed: all)?.source == "LAYOUTLAB_EDITOR")
        #expect(launch(env: ["VISUAL": "kate", "EDITOR": "gedit"], installed: all)?.arguments == ["kate", "-l", "42", "-c", "9", file])
        #expect(launch(env: ["EDITOR": "gedit"], installed: all)?.arguments == ["gedit", "+42", file])
        // A blank setting is no setting; a configured editor that is not installed is passed over.
        #expect(launch(setting: "  ", env: ["EDITOR": "gedit"], installed: all)?.arguments.first == "gedit")
        #expect(launch(setting: "nonesuch", env: ["EDITOR": "gedit"], installed: all)?.arguments.first == "gedit")
    }

    @Test func withoutOneTheInstalledEditorsThenTheDesktopsDefault() {
        #expect(launch(installed: ["code", "gnome-text-editor", "gio"])?.arguments == ["code", "-g", "\(file):42:9"])
        #expect(launch(installed: ["gnome-text-editor", "gio"])?.arguments == ["gnome-text-editor", "+42", file])
        #expect(launch(installed: ["gio", "xdg-open"])?.arguments == ["gio", "open", file])
        #expect(launch(installed: ["xdg-open"])?.arguments == ["xdg-open", file])
        #expect(launch(installed: []) == nil)
    }

    @Test func terminalEditorsRunInATerminalOrArePassedOver() {
        let terminal: Set<String> = ["vim", "nano", "emacs", "x-terminal-emulator", "gio"]
        #expect(launch(env: ["EDITOR": "vim"], installed: terminal)?.arguments == ["x-terminal-emulator", "-e", "vim", "+42", file])
        #expect(launch(env: ["EDITOR": "nano"], installed: terminal)?.arguments == ["x-terminal-emulator", "-e", "nano", "+42,9", file])
        #expect(launch(env: ["EDITOR": "emacs -nw"], installed: terminal)?.arguments == ["x-terminal-emulator", "-e", "emacs", "-nw", "+42:9", file])
        // Emacs with a window of its own needs no terminal.
        #expect(launch(env: ["VISUAL": "emacs"], installed: terminal)?.arguments == ["emacs", "+42:9", file])
        // No terminal: vim cannot show, the desktop's default opens the file.
        #expect(launch(env: ["EDITOR": "vim"], installed: ["vim", "gio"])?.arguments == ["gio", "open", file])
    }

    @Test func templatesAndQuotedCommands() {
        let installed: Set<String> = ["/opt/My Editor/bin/ed2", "idea", "nvim", "x-terminal-emulator"]
        #expect(launch(setting: "idea --line {line} --column {column} {file}", installed: installed)?.arguments
                == ["idea", "--line", "42", "--column", "9", file])
        #expect(launch(setting: "'/opt/My Editor/bin/ed2' --goto={file}:{line}", installed: installed)?.arguments
                == ["/opt/My Editor/bin/ed2", "--goto=\(file):42"])
        // A template for a terminal editor still runs in the terminal.
        #expect(launch(setting: "nvim +{line} {file}", installed: installed)?.arguments == ["x-terminal-emulator", "-e", "nvim", "+42", file])
        // An unknown editor is given the file only (its way of taking a line is not known).
        #expect(launch(setting: "idea", installed: installed)?.arguments == ["idea", file])
        #expect(EditorCommand.split(#"a "b c" d\ e 'f "g"'"#) == ["a", "b c", "d e", #"f "g""#])
    }

    @Test func programsAreFoundOnThePath() throws {
        #expect(EditorCommand.isExecutable("sh", path: "/nonexistent:/bin"))
        #expect(!EditorCommand.isExecutable("sh", path: "/nonexistent"))
        #expect(EditorCommand.isExecutable("/bin/sh", path: ""))
        #expect(!EditorCommand.isExecutable("no-such-program-here", path: "/bin:/usr/bin"))
    }

    @Test func aDetachedCommandRunsWithoutHoldingTheCaller() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString)")
        let start = Date()
        try EditorCommand.spawnDetached(["/bin/sh", "-c", "sleep 0.3; echo opened > \"$0\"", marker.path])
        // Returned before the command finished: it runs on its own.
        #expect(Date().timeIntervalSince(start) < 0.25)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: marker.path) { usleep(100_000) }
        #expect((try? String(contentsOf: marker, encoding: .utf8)) == "opened\n")
        try? FileManager.default.removeItem(at: marker)
    }
}
