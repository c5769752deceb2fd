import Foundation

/// A person's source file as the inspector edits it: the text last read or written, the undo
/// and redo steps, and atomic writes that never overwrite what the person's editor saved
/// meanwhile.
///
/// Each write is one undo step (the inspector writes a slider's drag once, when it ends). A
/// write first compares the file on disk with the text last read or written (content, not only
/// the modification time, which has one-second resolution on some file systems): when another
/// program changed it, nothing is written, the new text is read and the caller is told, so the
/// person's own edit wins and the view is located again in it.
public final class EditedSourceFile {
    public let path: String
    /// The text as last read from or written to disk.
    public private(set) var text: String
    /// The file's modification time when `text` was read or written.
    public private(set) var modificationDate: Date?
    private var undoStack: [String] = []
    private var redoStack: [String] = []
    /// The most undo steps kept (the oldest go first).
    public static let undoLimit = 200

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// What a write did.
    public enum WriteOutcome: Equatable {
        /// The text is on disk.
        case written
        /// The file had changed on disk since it was read: nothing was written; `text` is now
        /// what is on disk.
        case changedOnDisk
        /// The file could not be written (the message says why); nothing changed.
        case failed(String)
    }

    public init(path: String) throws {
        self.path = path
        text = try String(contentsOfFile: path, encoding: .utf8)
        modificationDate = Self.modificationDate(of: path)
    }

    /// Whether the file on disk still holds `text`; when not, reads it (`text` becomes what is
    /// on disk) and returns true. The undo steps stay: undoing writes an older text back, which
    /// is the person's choice.
    @discardableResult
    public func refresh() -> Bool {
        let date = Self.modificationDate(of: path)
        guard let disk = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        modificationDate = date
        guard disk != text else { return false }
        text = disk
        return true
    }

    /// Writes `newText` as one undo step.
    public func write(_ newText: String) -> WriteOutcome {
        let before = text
        let outcome = replace(with: newText)
        if outcome == .written, newText != before {
            undoStack.append(before)
            if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
            redoStack = []
        }
        return outcome
    }

    /// Writes the text before the last step back; nil when there is none.
    public func undo() -> WriteOutcome? { step(from: &undoStack, to: &redoStack) }

    /// Writes the text of the last undone step again; nil when there is none.
    public func redo() -> WriteOutcome? { step(from: &redoStack, to: &undoStack) }

    /// Writes the last text of `from` back, moving the current one to `to`.
    private func step(from: inout [String], to: inout [String]) -> WriteOutcome? {
        guard let target = from.last else { return nil }
        let current = text
        let outcome = replace(with: target)
        if outcome == .written {
            from.removeLast()
            to.append(current)
        }
        return outcome
    }

    /// Writes `newText` unless the disk no longer holds `text`.
    private func replace(with newText: String) -> WriteOutcome {
        if refresh() { return .changedOnDisk }
        guard newText != text else { return .written }
        do {
            try Self.writeAtomically(newText, to: path)
        } catch {
            return .failed("\(error)")
        }
        text = newText
        modificationDate = Self.modificationDate(of: path)
        return .written
    }

    /// Writes `text` to a temporary file beside `path` and renames it over `path`, so a reader
    /// (the person's editor, the preview's watcher) sees the old file or the new one, never
    /// half of one. The file keeps its permissions; a symbolic link is followed (its target is
    /// replaced, the link kept).
    public static func writeAtomically(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(".\(name).layoutlab-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let attributes = try? FileManager.default.attributesOfItem(atPath: target)
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8),
                                             attributes: attributes.flatMap { a in a[.posixPermissions].map { [.posixPermissions: $0] } }) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
        }
        if rename(temporary, target) != 0 {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
