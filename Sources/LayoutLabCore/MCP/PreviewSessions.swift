import Foundation
import PreviewHost
import PreviewProtocol

/// The person's files the MCP server has built, each kept running between tool calls: a model
/// asks for several renders of one file, and building it again for each would cost seconds.
///
/// A file that changed on disk since its build is built again before it answers; a build that
/// failed is remembered, so asking again about an unchanged broken file gives the same compiler
/// messages without compiling again. At most `capacity` projects run at once (each is a process);
/// the one used longest ago is stopped to make room.
final class PreviewSessions {
    /// One built project and what its files were when it was built.
    final class Session {
        let path: String
        var service: PreviewService
        /// The watched files' (and a package's folders') modification times and sizes at the last build.
        var stamps: [String: FileStamp]
        /// The last build's failure, while the files are unchanged.
        var failure: String?
        var lastUse: UInt64 = 0

        init(path: String, service: PreviewService, stamps: [String: FileStamp]) {
            self.path = path; self.service = service; self.stamps = stamps
        }
    }

    /// What tells a file changed: its modification time and size.
    struct FileStamp: Equatable {
        var modified: Date
        var size: UInt64
    }

    /// The limits each preview runs under (the command's options over the environment's).
    let limits: AgentLimits
    let capacity: Int
    /// The folder agents are built in (nil: the user's cache).
    let cacheDirectory: String?
    private var sessions: [String: Session] = [:]
    private var clock: UInt64 = 0

    init(limits: AgentLimits, capacity: Int = 4, cacheDirectory: String? = nil) {
        self.limits = limits
        self.capacity = capacity
        self.cacheDirectory = cacheDirectory
    }

    /// The running project at `path` with its catalog, built (again) if it is new or its files
    /// changed. Throws a message for the model: a missing path, the compiler's messages, a
    /// preview that crashed while starting.
    func open(_ rawPath: String) throws(ToolFailure) -> (Session, PreviewCatalog) {
        let path = Self.absolute(rawPath)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolFailure("no file or folder at \(path) (give an absolute path to a .swift file or a Swift package folder)")
        }
        clock += 1
        if let session = sessions[path] {
            session.lastUse = clock
            let now = Self.stamps(of: session.service.project)
            if now != session.stamps {
                try rebuild(session, stamps: now)
            } else if let failure = session.failure {
                throw ToolFailure(failure)
            } else if session.service.connection?.isRunning != true {
                // The preview crashed or was stopped at a limit during an earlier call: start it again.
                session.service.dropFailedAgent()
                try build(session)
            }
            guard let catalog = session.service.catalog else { throw ToolFailure(session.failure ?? "the preview is not running") }
            return (session, catalog)
        }
        evictIfFull()
        let service: PreviewService
        do { service = try PreviewService(path: path, cacheDirectory: cacheDirectory, limits: limits) } catch {
            throw ToolFailure(error.message)
        }
        Self.prepare(service)
        let session = Session(path: path, service: service, stamps: Self.stamps(of: service.project))
        session.lastUse = clock
        sessions[path] = session
        try build(session)
        guard let catalog = service.catalog else { throw ToolFailure("the preview is not running") }
        return (session, catalog)
    }

    /// Stops every running preview (the server is ending).
    func stopAll() {
        for session in sessions.values { session.service.connection?.stop() }
        sessions.removeAll()
    }

    private func rebuild(_ session: Session, stamps: [String: FileStamp]) throws(ToolFailure) {
        // A package whose folders changed may have gained or lost files: read its manifest again.
        let folders = Set(session.service.project.isPackage ? Self.folders(of: session.service.project) : [])
        let foldersChanged = folders.contains { stamps[$0] != session.stamps[$0] }
        if foldersChanged {
            session.service.connection?.stop()
            do { session.service = try PreviewService(path: session.path, cacheDirectory: cacheDirectory, limits: limits) } catch {
                session.failure = error.message
                session.stamps = stamps
                throw ToolFailure(error.message)
            }
            Self.prepare(session.service)
        }
        session.stamps = Self.stamps(of: session.service.project)
        try build(session)
    }

    /// Builds the session's code and starts its agent, remembering a compile failure.
    private func build(_ session: Session) throws(ToolFailure) {
        let service = session.service
        switch service.reload() {
        case .ready:
            session.failure = nil
            if let warning = service.sandboxWarning { Diagnostics.warn(warning) }
        case .compileFailed(let errors, let log):
            let lines = errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n")
            let message = "\(service.project.displayName) did not compile:\n\(lines)"
            session.failure = message
            throw ToolFailure(message)
        case .agentFailed(let failure):
            // Not remembered: a preview stopped at a limit on a busy machine may start next time.
            throw ToolFailure("\(service.project.displayName) compiled, but its previews could not start: \(failure)")
        }
    }

    private func evictIfFull() {
        while sessions.count >= capacity, let oldest = sessions.values.min(by: { $0.lastUse < $1.lastUse }) {
            oldest.service.connection?.stop()
            sessions[oldest.path] = nil
        }
    }

    /// What the preview prints and how the build goes are logged to standard error: standard
    /// output carries the protocol alone.
    private static func prepare(_ service: PreviewService) {
        for note in service.project.notes { Diagnostics.report("note: \(note)") }
        service.consoleHandler = { FileHandle.standardError.write($0) }
        service.builder.progress = { step in Diagnostics.report("\(step)…") }
    }

    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return (absolute as NSString).standardizingPath
    }

    private static func folders(of project: PreviewProject) -> [String] {
        Set(project.watchedFiles.map { ($0 as NSString).deletingLastPathComponent }).sorted()
    }

    /// The stamps of the project's files, and of a package's folders (a file added or removed
    /// changes its folder).
    static func stamps(of project: PreviewProject) -> [String: FileStamp] {
        var paths = project.watchedFiles
        if project.isPackage { paths += folders(of: project) }
        var out: [String: FileStamp] = [:]
        for p in paths {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: p) else { continue }
            out[p] = FileStamp(modified: attributes[.modificationDate] as? Date ?? .distantPast,
                               size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0)
        }
        return out
    }
}

/// A tool call that failed for a reason the model can act on; it becomes a result with
/// `isError: true` and this message.
struct ToolFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
