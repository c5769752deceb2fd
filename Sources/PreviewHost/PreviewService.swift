import Foundation
import SwiftUI
import PreviewProtocol
import PreviewNaming

/// A person's code, built and running: the project, its builder, and the current agent with
/// the catalog it answered.
///
/// `reload()` builds the code and starts a new agent; until one succeeds the previous agent
/// (the last good preview) keeps answering, so a compile error or a crash loses nothing.
public final class PreviewService: @unchecked Sendable {
    /// The outcome of a reload.
    public enum ReloadOutcome: Sendable {
        /// A new agent is running with this catalog.
        case ready(PreviewCatalog)
        /// The code did not compile; the previous agent (if any) is kept.
        case compileFailed([CompileDiagnostic], log: String)
        /// The new agent failed before answering its catalog (the code crashed or hung while
        /// making its previews); the previous agent is kept.
        case agentFailed(AgentFailure)
    }

    public let project: PreviewProject
    public let builder: PreviewBuilder
    /// The limits each agent runs under (its stuck limit, `limits.stuckSeconds`, is `timeLimit`).
    public let limits: AgentLimits
    public var timeLimit: Double { limits.stuckSeconds }
    /// The agent answering layout requests (the last one that started successfully).
    public private(set) var connection: AgentConnection?
    /// Where what the agents print goes as it arrives (headless renders: standard error); the
    /// window reads each agent's console instead.
    public var consoleHandler: (@Sendable (Data) -> Void)?
    /// What the running agent offers.
    public private(set) var catalog: PreviewCatalog?
    /// The asset catalogs' folders and files, listed at each build (not at each poll of
    /// `watchedPaths`): a changed colour, a new image set or a replaced PNG means a reload.
    private var assetFiles: [String] = []
    private let assetFilesLock = NSLock()

    /// Opens `path` (a `.swift` file or a package directory) with the runtime next to `layoutlab`.
    public convenience init(path: String, runtime: PreviewRuntime? = nil, cacheDirectory: String? = nil,
                timeLimit: Double) throws(PreviewError) {
        try self.init(path: path, runtime: runtime, cacheDirectory: cacheDirectory, limits: AgentLimits(stuckSeconds: timeLimit))
    }

    /// Opens `path` with agents running under `limits` (by default, the ones the command line
    /// or the environment set: `AgentLimits.configured()`).
    public init(path: String, runtime: PreviewRuntime? = nil, cacheDirectory: String? = nil,
                limits: AgentLimits = .configured()) throws(PreviewError) {
        project = try PreviewProject.load(path: path)
        let located: PreviewRuntime
        if let runtime { located = runtime } else { located = try PreviewRuntime.locate() }
        builder = PreviewBuilder(project: project, runtime: located, cacheDirectory: cacheDirectory)
        self.limits = limits
        assetFiles = PreviewProject.files(inCatalogs: project.assetCatalogs)
    }

    /// Builds the code and, when it compiles, starts its agent and asks for the catalog.
    /// Safe to call from a background thread while the current agent is used elsewhere: it
    /// touches only the builder; `adopt(_:)` swaps the agent in.
    public func prepare() -> (ReloadOutcome, AgentConnection?) {
        switch builder.build() {
        case .failed(let errors, let log):
            return (.compileFailed(errors, log: log), nil)
        case .built(let agent, _, _):
            do {
                // In the sandbox the agent reads the person's files (a package's resources too)
                // and the preview runtime.
                let readable = [project.isPackage ? project.path : (project.path as NSString).deletingLastPathComponent,
                                builder.runtime.directory]
                // The asset catalogs are beside the file or in the package, both readable.
                let catalogs = project.assetCatalogs
                let files = PreviewProject.files(inCatalogs: catalogs)
                assetFilesLock.withLock { assetFiles = files }
                let connection = try AgentConnection(executable: agent, limits: limits, readablePaths: readable,
                                                     environment: catalogs.isEmpty ? [:] : [AssetCatalog.environmentVariable: catalogs.joined(separator: ":")])
                if let consoleHandler { connection.forwardConsole(to: consoleHandler) }
                connection.literals = builder.literalSnapshots
                let reply = try connection.requestAndWait(AgentRequest(operation: .catalog, id: 0))
                guard let catalog = reply.catalog else { return (.agentFailed(.broken(reply.error ?? "no catalog")), nil) }
                return (.ready(catalog), connection)
            } catch {
                return (.agentFailed(error), nil)
            }
        }
    }

    /// What a person should know about how the running agent is confined: it runs without the
    /// sandbox because they asked (`--no-sandbox`) or because this machine cannot make one.
    public var sandboxWarning: String? {
        guard let connection else { return nil }
        if !limits.sandboxed { return "the preview runs without a sandbox (--no-sandbox): it can use the network and write your files" }
        if let why = connection.sandboxUnavailable { return "the preview runs without a sandbox: \(why)" }
        return nil
    }

    /// Makes a prepared agent the current one (the previous agent is stopped).
    public func adopt(_ outcome: ReloadOutcome, _ newConnection: AgentConnection?) {
        guard case .ready(let c) = outcome, let newConnection else { return }
        connection?.stop()
        connection = newConnection
        catalog = c
    }

    /// The paths whose change means a rebuild: the sources (and a package's manifest), and for
    /// a package its source folders too, since adding or removing a file changes the folder.
    public var watchedPaths: [String] {
        let files = project.watchedFiles + assetFilesLock.withLock { assetFiles }
        guard project.isPackage else { return files }
        return files + Set(project.watchedFiles.map { ($0 as NSString).deletingLastPathComponent }).sorted()
    }

    /// The modification times of `paths` (a path that cannot be read is left out, so its
    /// disappearing or coming back is a change too).
    public static func modificationTimes(of paths: [String]) -> [String: Date] {
        var out: [String: Date] = [:]
        for p in paths {
            if let d = (try? FileManager.default.attributesOfItem(atPath: p))?[.modificationDate] as? Date { out[p] = d }
        }
        return out
    }

    /// `prepare()` then `adopt(_:_:)`, on the calling thread.
    @discardableResult
    public func reload() -> ReloadOutcome {
        let (outcome, c) = prepare()
        adopt(outcome, c)
        return outcome
    }

    /// What a save changed, when it changed only literal values that the running agent reads
    /// from its table: the literal fast path, with no compiler and no new agent.
    ///
    /// `changedPaths` are the watched paths whose modification time changed; nil when one is
    /// not a source file (a manifest, a folder, an asset), when a file's text changed in
    /// anything but those values, or when no agent is running. A file whose text did not change
    /// gives an update with no values.
    public func literalUpdate(changedPaths: [String]) -> LiteralUpdate? {
        literalUpdate(changedPaths: changedPaths) { path in
            if case .success(let text) = PreviewBuilder.read(path) { return text }
            return nil
        }
    }

    /// What the files' new texts, `texts` by path, change, when only literal values that the
    /// running agent reads from its table: the inspector's edits while a slider moves, before
    /// the file is written (see `literalUpdate(changedPaths:)`).
    public func literalUpdate(texts: [String: String]) -> LiteralUpdate? {
        literalUpdate(changedPaths: texts.keys.sorted()) { texts[$0] }
    }

    private func literalUpdate(changedPaths: [String], read: (String) -> String?) -> LiteralUpdate? {
        guard let connection, connection.isRunning, !connection.literals.isEmpty else { return nil }
        let sources = Set(project.modules.flatMap(\.files))
        guard changedPaths.allSatisfy(sources.contains), connection.literals.count == sources.count else { return nil }
        var update = LiteralUpdate(values: [:], remakesRoot: false, snapshots: connection.literals)
        for path in changedPaths {
            guard let old = connection.literals[path], let text = read(path) else { return nil }
            let new = old.keys.isEmpty ? LiteralSnapshot.verbatim(text) : DesignTimeRewriter.snapshot(source: text, path: path)
            guard let changed = DesignTimeRewriter.changedValues(from: old, to: new) else { return nil }
            update.values.merge(changed.values) { _, new in new }
            update.remakesRoot = update.remakesRoot || changed.remakesRoot
            update.snapshots[path] = new
        }
        return update
    }

    /// Notes that the running agent took `update` (its live previews showed the new values):
    /// the next save is compared with them.
    public func literalsApplied(_ update: LiteralUpdate) {
        connection?.literals = update.snapshots
    }

    /// Sends `update` to the running agent and lays out the live preview at `index` with it,
    /// its state kept; nil when the agent could not take a value (the code must be compiled).
    public func applyLiterals(_ update: LiteralUpdate, preview index: Int, proposal: ProposedViewSize,
                              environment: WireEnvironment? = nil) throws(AgentFailure) -> LayoutResult? {
        let (result, live) = try perform([update.event], preview: index, proposal: proposal, environment: environment)
        guard live.failure == nil else { return nil }
        literalsApplied(update)
        return result
    }

    /// Forgets an agent that failed (crashed or timed out): the next reload starts a new one.
    public func dropFailedAgent() {
        if let c = connection, !c.isRunning { connection = nil }
    }

    /// The catalog's preview `name` picks (`NameMatch`: exactly, else the one name equal to it
    /// ignoring case, else ignoring punctuation too); nil when none or several match.
    public func previewIndex(named name: String) -> Int? {
        guard let catalog else { return nil }
        return NameMatch.resolve(name, among: catalog.previews.map(\.name)).index
    }

    /// Lays out `target` and waits for the result (headless rendering).
    public func layout(_ target: PreviewTarget, proposal: ProposedViewSize, parameters: WireParameters? = nil,
                       detailed: Bool = true, environment: WireEnvironment? = nil) throws(AgentFailure) -> LayoutResult {
        guard let connection else { throw .broken("no preview agent is running") }
        let reply = try connection.requestAndWait(AgentRequest(operation: .layout, id: 0, target: target, proposal: proposal,
                                                               parameters: parameters, detailed: detailed, environment: environment))
        guard let result = reply.result else { throw .broken(reply.error ?? "no result") }
        return result
    }

    /// Sends `events` to the live preview at `index` (`reset`: forgets its state first) and
    /// waits for its layout afterwards and what the events did.
    public func perform(_ events: [WireEvent], preview index: Int, proposal: ProposedViewSize, reset: Bool = false,
                        detailed: Bool = true, environment: WireEnvironment? = nil) throws(AgentFailure) -> (result: LayoutResult, live: LiveReply) {
        guard let connection else { throw .broken("no preview agent is running") }
        let reply = try connection.requestAndWait(AgentRequest(operation: reset ? .reset : .event, id: 0, target: .preview(index),
                                                               proposal: proposal, detailed: detailed, events: events,
                                                               environment: environment))
        guard let result = reply.result, let live = reply.live else { throw .broken(reply.error ?? "no result") }
        return (result, live)
    }
}

/// A save that changed only literal values: the new values by key, for the running agent's table.
public struct LiteralUpdate: Sendable {
    /// The changed literals' new values, by key.
    public var values: [String: String]
    /// Whether one of them is read when a view is made (a `#Preview` body, a property's initial
    /// value): the preview's root view must be made again.
    public var remakesRoot: Bool
    /// Every file's literals once it is applied.
    var snapshots: [String: LiteralSnapshot]

    /// The message that carries it to the agent.
    public var event: WireEvent { .literals(values: values, remakesRoot: remakesRoot) }
}
