import Foundation
import SwiftUI
import PreviewHost
import PreviewProtocol

/// `layoutlab render --source F --watch …`: renders, then renders again after every save of a
/// watched file, until interrupted: for editors, scripts and people who keep the PNG open in an
/// image viewer.
///
/// - One line per render on standard output: the time, the preview, its size, how long the build
///   and the render took, and what moved since the last render (views matched by identity).
/// - A save that does not compile prints the compiler's lines on standard error and keeps the
///   last good outputs; so does a preview that crashes or is gone. The next save tries again.
/// - Outputs are replaced whole (written beside, then renamed), never seen half written.
/// - A save that changed only literal values of a preview's code takes the literal fast path:
///   the new values go to the running agent (no compiler, the state kept) and the line says
///   `literals: N changed, T ms`. Any other save rebuilds the code, and a new agent starts from
///   the preview's initial state (with `--perform`, every save rebuilds and the steps run again).
/// - SIGINT (Ctrl+C), SIGTERM and SIGHUP stop the agent and end with status 0.
enum RenderWatch {
    /// Set by the signal handlers; the loop ends at its next check.
    nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0
    /// How often the files are checked, and how long they must be still before a build
    /// (editors write in steps).
    static let pollInterval: useconds_t = 20_000
    static let settleTime = 0.03

    static func run(_ o: RenderOptions, service: PreviewService, first: PreviewService.ReloadOutcome) {
        // The handlers, and the signals unblocked: a parent may have started this process with
        // them blocked (a test runner's thread, a supervisor), and then they would never come.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for s in [SIGINT, SIGTERM, SIGHUP] {
            signal(s) { _ in RenderWatch.stopRequested = 1 }
            sigaddset(&wanted, s)
        }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        var last: LayoutResult? = nil
        var seen = PreviewService.modificationTimes(of: service.watchedPaths)
        last = render(o, service: service, outcome: first, build: nil, previous: nil) ?? last
        Diagnostics.report("watching \(service.watchedPaths.count) file\(service.watchedPaths.count == 1 ? "" : "s") of \(service.project.displayName); Ctrl+C stops")
        var changeSeenAt: Date? = nil
        var changedPaths: Set<String> = []
        while stopRequested == 0 {
            usleep(pollInterval)
            let now = PreviewService.modificationTimes(of: service.watchedPaths)
            if now != seen {
                changedPaths.formUnion(Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] })
                seen = now
                changeSeenAt = Date()
                continue
            }
            guard let changed = changeSeenAt, Date().timeIntervalSince(changed) >= settleTime, stopRequested == 0 else { continue }
            changeSeenAt = nil
            defer { changedPaths = [] }
            if let rendered = renderLiterals(o, service: service, changedPaths: changedPaths.sorted(), previous: last) {
                last = rendered
                continue
            }
            let started = Date()
            let outcome = service.reload()
            let build = Date().timeIntervalSince(started)
            last = render(o, service: service, outcome: outcome, build: build, previous: last) ?? last
            // Files may have come or gone with the build (a package's new source).
            seen = PreviewService.modificationTimes(of: service.watchedPaths)
        }
        service.connection?.stop()
        Diagnostics.report("stopped watching")
    }

    /// The literal fast path: when the save changed only literal values of the preview shown
    /// (and no `--perform` steps define its state), sends them to the running agent and writes
    /// the outputs again. Nil when the save needs a build.
    private static func renderLiterals(_ o: RenderOptions, service: PreviewService, changedPaths: [String],
                                       previous: LayoutResult?) -> LayoutResult? {
        guard o.steps.isEmpty, let previous, let catalog = service.catalog,
              let update = service.literalUpdate(changedPaths: changedPaths),
              case .preview(let index)? = try? RenderSourceCommand.target(o, service: service, catalog: catalog) else { return nil }
        let started = Date()
        do {
            let result: LayoutResult
            if update.values.isEmpty {
                result = previous
            } else {
                guard let laid = try service.applyLiterals(update, preview: index, proposal: o.proposal, environment: o.wireEnvironment) else { return nil }
                result = laid
                try RenderSourceCommand.write(o, result: result)
            }
            let ms = Int((Date().timeIntervalSince(started) * 1000).rounded())
            let n = update.values.count
            say("\(clock()) literals: \(n) changed, \(ms) ms (\"\(catalog.previews[index].name)\", no build): \(changes(from: previous, to: result))")
            return result
        } catch {
            // The agent failed or an output could not be written: a build starts over.
            return nil
        }
    }

    /// Renders after a build; nil (the last outputs kept) when it did not compile or render.
    private static func render(_ o: RenderOptions, service: PreviewService, outcome: PreviewService.ReloadOutcome,
                               build: Double?, previous: LayoutResult?) -> LayoutResult? {
        let stamp = clock()
        switch outcome {
        case .compileFailed(let errors, let log):
            Diagnostics.writeLine(errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n"))
            say("\(stamp) \(service.project.displayName) did not compile\(previous == nil ? "" : "; the last outputs are kept")")
            return nil
        case .agentFailed(let failure):
            Diagnostics.report("\(failure)")
            say("\(stamp) the preview failed\(previous == nil ? "" : "; the last outputs are kept")")
            service.dropFailedAgent()
            return nil
        case .ready(let catalog):
            let started = Date()
            do {
                let target = try RenderSourceCommand.target(o, service: service, catalog: catalog)
                let result = try RenderSourceCommand.render(o, target: target, service: service)
                let took = Date().timeIntervalSince(started)
                let name: String
                switch target {
                case .preview(let i): name = "\"\(catalog.previews[i].name)\""
                case .scene(let scene, let layout): name = "\(scene) in \(layout)"
                }
                let size = "\(formatLength(result.canvasSize.width))×\(formatLength(result.canvasSize.height))"
                let times = build.map { "build \(seconds($0)), render \(seconds(took))" } ?? "render \(seconds(took))"
                say("\(stamp) rendered \(name) \(size) (\(times)): \(changes(from: previous, to: result))")
                return result
            } catch {
                Diagnostics.report(error, during: "render")
                say("\(stamp) nothing rendered\(previous == nil ? "" : "; the last outputs are kept")")
                return nil
            }
        }
    }

    /// What moved between two renders, by identity: "first render", "no view moved", or counts.
    static func changes(from old: LayoutResult?, to new: LayoutResult) -> String {
        guard let old else { return "first render, \(new.views.count) views" }
        var before: [ViewIdentity: CGRect] = [:]
        for v in old.views { before[v.identity] = v.frame }
        var moved = 0, added = 0, same = 0
        for v in new.views {
            guard let f = before.removeValue(forKey: v.identity) else { added += 1; continue }
            let d = abs(f.minX - v.frame.minX) + abs(f.minY - v.frame.minY) + abs(f.width - v.frame.width) + abs(f.height - v.frame.height)
            if d > 0.01 || d.isNaN { moved += 1 } else { same += 1 }
        }
        let removed = before.count
        if moved == 0 && added == 0 && removed == 0 { return "no view moved (\(same) views)" }
        var parts: [String] = []
        if moved > 0 { parts.append("\(moved) view\(moved == 1 ? "" : "s") moved or resized") }
        if added > 0 { parts.append("\(added) added") }
        if removed > 0 { parts.append("\(removed) removed") }
        return parts.joined(separator: ", ")
    }

    /// A line on standard output, written at once (a script reading it waits for each).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func clock() -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm:ss"
        return f.string(from: Date())
    }

    private static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }
}
