import Foundation

/// The command that opens a file at a line in the person's editor (the window's Open in
/// Editor, Ctrl+E): a pure function of the setting, the environment and which programs exist,
/// so that every rule can be tested.
///
/// In order: the window's setting (`LabSettings.editorCommand`), `LAYOUTLAB_EDITOR`, `VISUAL`,
/// `EDITOR`, then `code -g FILE:LINE:COLUMN`, `gnome-text-editor +LINE FILE`, and the desktop's
/// default application (`gio open FILE`, else `xdg-open FILE`). A command may be a template with
/// `{file}`, `{line}` and `{column}`; without them, editors known to take a line get it their
/// way (`vim +LINE`, `code -g FILE:LINE:COLUMN`, `kate -l LINE -c COLUMN`), others the file. A
/// terminal editor (vi, vim, nvim, nano, `emacs -nw`, …) runs in `x-terminal-emulator -e`; without
/// one it is passed over, as a window cannot show it.
public enum EditorCommand {
    /// What runs: the arguments (the program first) and where the command came from, for a
    /// person reading why this editor opened.
    public struct Launch: Equatable, Sendable {
        public var arguments: [String]
        public var source: String
        public init(arguments: [String], source: String) { self.arguments = arguments; self.source = source }
    }

    /// The environment variable that names the editor when the window's setting is empty.
    public static let environmentVariable = "LAYOUTLAB_EDITOR"

    /// The command that opens `file` at `line` and `column` (1-based), or nil when nothing can.
    /// `isExecutable` says whether a program name (or path) can be run (found on `PATH`).
    public static func launch(file: String, line: Int, column: Int, setting: String?, environment: [String: String],
                              isExecutable: (String) -> Bool) -> Launch? {
        let configured: [(String?, String)] = [
            (setting, "the editor setting"), (environment[environmentVariable], environmentVariable),
            (environment["VISUAL"], "VISUAL"), (environment["EDITOR"], "EDITOR"),
        ]
        for (command, source) in configured {
            guard let command, !command.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let words = split(command)
            guard let program = words.first, isExecutable(program) else { continue }
            if let arguments = arguments(words, file: file, line: line, column: column, isExecutable: isExecutable) {
                return Launch(arguments: arguments, source: source)
            }
        }
        if isExecutable("code") { return Launch(arguments: ["code", "-g", "\(file):\(line):\(column)"], source: "VS Code") }
        if isExecutable("gnome-text-editor") {
            return Launch(arguments: ["gnome-text-editor", "+\(line)", file], source: "GNOME Text Editor")
        }
        if isExecutable("gio") { return Launch(arguments: ["gio", "open", file], source: "the desktop's default application") }
        if isExecutable("xdg-open") { return Launch(arguments: ["xdg-open", file], source: "the desktop's default application") }
        return nil
    }

    /// Editors that run in a terminal (by program name): they need one to show.
    static let terminalEditors: Set<String> = ["vi", "vim", "nvim", "nano", "micro", "hx", "helix", "kak", "joe", "ne", "ed", "mg", "jed", "pico"]

    /// The arguments of a configured command for a file and line: its template filled in, or
    /// the file and line as the editor takes them; in a terminal when it needs one (nil when it
    /// needs one and there is none).
    static func arguments(_ words: [String], file: String, line: Int, column: Int, isExecutable: (String) -> Bool) -> [String]? {
        let placeholders = ["{file}", "{line}", "{column}"]
        if words.contains(where: { w in placeholders.contains { w.contains($0) } }) {
            let filled = words.map {
                $0.replacingOccurrences(of: "{file}", with: file).replacingOccurrences(of: "{line}", with: String(line))
                    .replacingOccurrences(of: "{column}", with: String(column))
            }
            return inTerminal(filled, needed: needsTerminal(words), isExecutable: isExecutable)
        }
        let name = (words[0] as NSString).lastPathComponent
        let position: [String]
        switch name {
        case "code", "code-insiders", "codium", "vscodium", "cursor", "windsurf":
            position = ["-g", "\(file):\(line):\(column)"]
        case "subl", "sublime_text", "zed", "zeditor", "hx", "helix", "micro":
            position = ["\(file):\(line):\(column)"]
        case "kate", "kwrite":
            position = ["-l", String(line), "-c", String(column), file]
        case "nano", "pico":
            position = ["+\(line),\(column)", file]
        case "emacs", "emacsclient", "xemacs":
            position = ["+\(line):\(column)", file]
        case "vi", "vim", "nvim", "gvim", "mvim", "kak", "joe", "ne", "jed", "mg", "gedit", "gnome-text-editor", "mousepad",
             "pluma", "xed", "geany", "leafpad", "featherpad":
            position = ["+\(line)", file]
        default:
            position = [file]
        }
        return inTerminal(words + position, needed: needsTerminal(words), isExecutable: isExecutable)
    }

    /// Whether a command runs in a terminal: a terminal editor, or Emacs told not to open a
    /// window (`emacs -nw`, `emacsclient -t`).
    static func needsTerminal(_ words: [String]) -> Bool {
        let name = (words[0] as NSString).lastPathComponent
        if terminalEditors.contains(name) { return true }
        if name == "emacs" || name == "emacsclient" {
            return words.dropFirst().contains { ["-nw", "--no-window-system", "-t", "--tty"].contains($0) }
        }
        return false
    }

    private static func inTerminal(_ arguments: [String], needed: Bool, isExecutable: (String) -> Bool) -> [String]? {
        guard needed else { return arguments }
        guard isExecutable("x-terminal-emulator") else { return nil }
        return ["x-terminal-emulator", "-e"] + arguments
    }

    /// A command line split into words as a shell splits a simple command: spaces separate,
    /// single and double quotes group, a backslash escapes the next character.
    public static func split(_ command: String) -> [String] {
        var words: [String] = [], word = "", inWord = false
        var quote: Character? = nil, escaped = false
        for c in command {
            if escaped { word.append(c); escaped = false; inWord = true; continue }
            if c == "\\" && quote != "'" { escaped = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
                continue
            }
            if c == "'" || c == "\"" { quote = c; inWord = true; continue }
            if c == " " || c == "\t" {
                if inWord { words.append(word); word = ""; inWord = false }
                continue
            }
            word.append(c)
            inWord = true
        }
        if inWord { words.append(word) }
        return words
    }

    /// Whether `program` can be run: a path to an executable file, or a name found on `path`
    /// (a `PATH` value).
    public static func isExecutable(_ program: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            if FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") { return true }
        }
        return false
    }

    /// Starts `arguments` detached from this process (its own session, no standard streams),
    /// so that closing the window does not close the editor. Throws when it cannot start.
    public static func spawnDetached(_ arguments: [String]) throws {
        guard !arguments.isEmpty else { return }
        // `sh` starts the editor in the background and ends at once; the editor is then the
        // init process's child, and `setsid` (when there is one) gives it a session of its own.
        // posix_spawn and a wait for `sh` only (Foundation's Process waited for the editor too).
        let detach = isExecutable("setsid") ? "setsid " : ""
        let argv = ["/bin/sh", "-c", "\(detach)\"$@\" </dev/null >/dev/null 2>&1 &", "sh"] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(status))]) }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
    }
}
