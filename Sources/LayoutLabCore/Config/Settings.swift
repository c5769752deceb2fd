import Foundation

/// What the app remembers between runs, in `$XDG_CONFIG_HOME/layoutlab/settings.json`
/// (`~/.config/layoutlab/settings.json` when `XDG_CONFIG_HOME` is unset).
///
/// Every field is optional so that an older or hand-edited file still loads; a missing file
/// gives the defaults, a corrupt one gives the defaults and a warning on stderr.
public struct LabSettings: Codable, Equatable, Sendable {
    public var layout: String?
    public var scene: String?
    public var proposalWidth: Double?
    public var proposalHeight: Double?
    /// "fixed", "nil" or "infinity".
    public var widthMode: String?
    public var heightMode: String?
    public var followsWindow: Bool?
    public var windowWidth: Int?
    public var windowHeight: Int?
    public var curve: String?
    public var slowMotion: Bool?
    /// Whether the inspector sidebar is shown (F9).
    public var inspectorVisible: Bool?
    /// The command Open in Editor (Ctrl+E) runs (`EditorCommand`); nil or empty: found from
    /// `LAYOUTLAB_EDITOR`, `VISUAL`, `EDITOR` and the editors installed.
    public var editorCommand: String?

    public init() {}

    /// The largest settings file that is read (64 KiB); larger ones are ignored with a warning.
    public static let maximumFileSize: Int64 = 64 << 10

    /// The settings file's location for an environment.
    public static func fileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return base.appendingPathComponent("layoutlab", isDirectory: true).appendingPathComponent("settings.json")
    }

    /// Loads the settings at `url`. A missing file gives the defaults silently; an unreadable,
    /// oversized or corrupt one gives the defaults and a warning through `warn` (stderr by
    /// default), and is moved aside (see `loadReporting`).
    public static func load(from url: URL = fileURL(), warn: (String) -> Void = Diagnostics.warn) -> LabSettings {
        let (settings, problem) = loadReporting(from: url)
        if let problem { warn(problem) }
        return settings
    }

    /// Loads the settings at `url`, and says what went wrong if they could not be used. A file
    /// that cannot be used is moved aside to `settings.json.unreadable` (`-2`, `-3`, … when
    /// that exists), so that saving on exit never overwrites what the person may want back.
    public static func loadReporting(from url: URL = fileURL()) -> (settings: LabSettings, problem: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (LabSettings(), nil) }
        let reason: String
        // A settings file is a few hundred bytes; a huge one is not ours and would take minutes
        // and gigabytes to decode, so no more than one byte past the limit is read. What is
        // read is what counts: the size of the path's entry is a symlink's, not its target's.
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: Int(maximumFileSize) + 1) ?? Data()
            if data.count > Int(maximumFileSize) {
                reason = "it is more than the \(maximumFileSize) bytes a settings file may have"
            } else {
                return (try JSONDecoder().decode(LabSettings.self, from: data), nil)
            }
        } catch {
            reason = describe(error)
        }
        let kept = moveAside(url)
        let where_ = kept.map { "; it was kept as \($0.lastPathComponent)" } ?? ""
        return (LabSettings(), "ignoring settings file \(url.path): \(reason)\(where_)")
    }

    /// Renames an unusable settings file so that it is kept; returns its new location.
    package static func moveAside(_ url: URL) -> URL? {
        let fm = FileManager.default
        for n in 1...99 {
            let candidate = url.deletingLastPathComponent()
                .appendingPathComponent(url.lastPathComponent + ".unreadable" + (n == 1 ? "" : "-\(n)"))
            guard !fm.fileExists(atPath: candidate.path) else { continue }
            return (try? fm.moveItem(at: url, to: candidate)) != nil ? candidate : nil
        }
        return nil
    }

    /// Saves the settings to `url`, creating its directory. Failures are reported through
    /// `warn`, never thrown: losing preferences must not lose the session.
    ///
    /// When `url` is a symbolic link (settings kept with a person's dotfiles), the file it points
    /// to is replaced, atomically, and the link stays.
    @discardableResult
    public func save(to url: URL = fileURL(), warn: (String) -> Void = Diagnostics.warn) -> Bool {
        let target = Self.linkTarget(of: url)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(self).write(to: target, options: .atomic)
            return true
        } catch {
            warn("could not save settings to \(target.path): \(Self.describe(error))")
            return false
        }
    }

    /// The file `url` names after following symbolic links (each relative to its own folder),
    /// or `url` when it is not a link.
    static func linkTarget(of url: URL) -> URL {
        var current = url
        // A loop of links ends somewhere: the system gives up after 40, so does this.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
            current = destination.hasPrefix("/") ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return current
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return "corrupt JSON (\(context.debugDescription))"
        case DecodingError.typeMismatch(_, let context): return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return String(describing: error)
        }
    }
}
