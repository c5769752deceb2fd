import Foundation
import Synchronization
import SwiftUI
import LayoutRendering
import PreviewHost
import PreviewProtocol

/// Records and verifies snapshots of every preview of a person's code: what `layoutlab snapshot
/// record` and `verify` run, and what a tool (the MCP server) calls.
///
/// The code is built once; its previews are then laid out by as many preview agents as
/// `SnapshotOptions.jobs` says (by default one per processor), each from the same build, and
/// drawn and compared on the threads that asked for them.
public enum SnapshotRunner {
    /// Lays out and writes every preview (and, with `options.axes`, every variant) into
    /// `options.directory` as `NAME.png` and `NAME.json`, removing the snapshots of previews
    /// and variants that are gone. Throws a `LabError` with status 2 when the code does not
    /// compile or has no preview.
    public static func record(path: String, options: SnapshotOptions) throws -> SnapshotRecording {
        let fm = FileManager.default
        let directory = options.directory
        do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw LabError("snapshot record: cannot create the folder \(directory): \(RenderOptions.reason(error))", status: .usage)
        }
        let (service, catalog) = try start(path: path, options: options, command: "record")
        let jobs = plan(catalog: catalog, axes: options.axes, baselines: [:], scale: options.scale)
        let rendered = run(jobs, first: service, path: path, options: options)
        var written: [String] = [], failures: [(String, String)] = []
        for (job, outcome) in zip(jobs, rendered) {
            switch outcome {
            case .failure(let error): failures.append((job.name, error.message))
            case .success(let snapshot):
                do {
                    try snapshot.png.write(to: url(directory, job.name, "png"))
                    try snapshot.file.encoded().write(to: url(directory, job.name, "json"))
                    written.append(job.name)
                } catch {
                    failures.append((job.name, "cannot write it to \(directory): \(RenderOptions.reason(error))"))
                }
            }
        }
        // The folder holds what this recording made, so verify never meets a stale baseline.
        let kept = Set(jobs.map(\.name))
        var removed: [String] = []
        for name in baselines(in: directory).keys.sorted() where !kept.contains(name) {
            try? fm.removeItem(at: url(directory, name, "json"))
            try? fm.removeItem(at: url(directory, name, "png"))
            removed.append(name)
        }
        return SnapshotRecording(written: written, removed: removed, failures: failures)
    }

    /// Lays out every preview again in the settings its baseline in `options.directory` was
    /// recorded with and compares frames (within `FrameComparison.tolerance`) and pixels
    /// (within `options.tolerance`); writes the report when `options.reportDirectory` is set.
    /// Previews without a baseline are laid out in the default settings and listed, as are
    /// baselines without a preview. Throws a `LabError` with status 2 when the folder is
    /// missing or the code does not compile.
    public static func verify(path: String, options: SnapshotOptions) throws -> SnapshotReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw LabError("snapshot verify: no folder of baselines at \(options.directory); record them first (layoutlab snapshot record PATH --dir \(options.directory))", status: .usage)
        }
        let stored = baselines(in: options.directory)
        let (service, catalog) = try start(path: path, options: options, command: "verify")
        // The variants the baselines were recorded in are the ones every preview should have.
        let axes = Array(Set(stored.values.compactMap(\.settings.axis))).sorted()
        let jobs = plan(catalog: catalog, axes: axes, baselines: stored, scale: options.scale)
        let rendered = run(jobs, first: service, path: path, options: options) { job, snapshot in
            compare(job, snapshot, baseline: stored[job.name], directory: options.directory, tolerance: options.tolerance)
        }
        var entries: [SnapshotReport.Entry] = []
        for (job, outcome) in zip(jobs, rendered) {
            switch outcome {
            case .success(let snapshot): entries.append(snapshot.entry ?? SnapshotReport.Entry(name: job.name, preview: job.settings.preview, variant: job.settings.variant, outcome: .matched))
            case .failure(let error):
                var entry = SnapshotReport.Entry(name: job.name, preview: job.settings.preview, variant: job.settings.variant, outcome: .failed)
                entry.reasons = [error.message]
                entries.append(entry)
            }
        }
        let planned = Set(jobs.map(\.name))
        for (name, baseline) in stored.sorted(by: { $0.key < $1.key }) where !planned.contains(name) {
            var entry = SnapshotReport.Entry(name: name, preview: baseline.settings.preview, variant: baseline.settings.variant, outcome: .noPreview)
            entry.reasons = ["\(catalog.previews.contains { $0.name == baseline.settings.preview } ? "the preview is no longer recorded in this variant" : "no preview is called '\(baseline.settings.preview)' any more")"]
            entry.baselinePNG = existingPNG(options.directory, name)
            entries.append(entry)
        }
        var report = SnapshotReport(project: service.project.displayName, entries: entries, tolerance: options.tolerance,
                                    strict: options.strict, reportDirectory: options.reportDirectory)
        if let folder = options.reportDirectory {
            try SnapshotReportWriter.write(report, to: folder)
            report.reportDirectory = folder
        }
        return report
    }

    // MARK: - Planning

    /// A snapshot to make: which preview, in what settings, under what name.
    struct Job: Sendable {
        var name: String
        var previewIndex: Int
        var settings: SnapshotSettings
    }

    /// Every preview's default snapshot, then its variants of `axes`, in catalog order; each in
    /// its baseline's settings when it has one (so the defaults can change without failing old
    /// baselines), else in the variant's.
    static func plan(catalog: PreviewCatalog, axes: [SnapshotAxis], baselines: [String: SnapshotFile], scale: Double) -> [Job] {
        let fileNames = SnapshotNaming.fileNames(for: catalog.previews.map(\.name))
        var jobs: [Job] = []
        for (index, (preview, fileName)) in zip(catalog.previews, fileNames).enumerated() {
            var variants: [SnapshotVariant?] = [nil]
            variants += SnapshotVariant.variants(of: axes, for: preview.sizing).map { $0 }
            for variant in variants {
                let name = SnapshotNaming.stem(fileName, variant: variant?.name)
                var settings = SnapshotSettings(preview: preview.name, axis: variant?.axis, variant: variant?.name,
                                                proposal: variant?.proposal ?? SnapshotVariant.defaultProposal,
                                                environment: variant?.environment, scale: scale)
                if let recorded = baselines[name]?.settings {
                    settings.proposal = recorded.proposal
                    settings.environment = recorded.environment
                    settings.scale = recorded.scale
                }
                jobs.append(Job(name: name, previewIndex: index, settings: settings))
            }
        }
        return jobs
    }

    /// The snapshot JSONs in `directory`, by file name without extension (other files ignored).
    static func baselines(in directory: String) -> [String: SnapshotFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var found: [String: SnapshotFile] = [:]
        for name in names where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path), let file = SnapshotFile.decode(data) else { continue }
            found[String(name.dropLast(5))] = file
        }
        return found
    }

    static func url(_ directory: String, _ name: String, _ ext: String) -> URL {
        URL(fileURLWithPath: directory).appendingPathComponent("\(name).\(ext)")
    }

    static func existingPNG(_ directory: String, _ name: String) -> String? {
        let path = url(directory, name, "png").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    // MARK: - Building and laying out

    /// Builds the code and starts its first agent.
    static func start(path: String, options: SnapshotOptions, command: String) throws -> (PreviewService, PreviewCatalog) {
        let service: PreviewService
        do {
            service = try PreviewService(path: path, limits: .configured(overriding: options.agentEnvironment))
        } catch {
            throw LabError("snapshot \(command): \(error.message)", status: .usage)
        }
        if options.showsProgress {
            for note in service.project.notes { Diagnostics.report("note: \(note)") }
            service.builder.progress = { step in Diagnostics.report("\(step)…") }
        }
        // What the previews print goes to standard error, never into the snapshots.
        service.consoleHandler = { FileHandle.standardError.write($0) }
        switch service.reload() {
        case .compileFailed(let errors, let log):
            let lines = errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n")
            // The compiler's own lines follow, each at the start of its line as editors and CI logs read them.
            throw LabError("snapshot \(command): \(service.project.displayName) did not compile:\n\(lines.trimmingCharacters(in: .whitespacesAndNewlines))", status: .usage)
        case .agentFailed(let failure):
            throw LabError("snapshot \(command): \(failure)", status: .usage)
        case .ready(let catalog):
            if let warning = service.sandboxWarning, options.showsProgress { Diagnostics.report("warning: \(warning)") }
            guard !catalog.previews.isEmpty else {
                service.connection?.stop()
                throw LabError("snapshot \(command): \(service.project.displayName) has no #Preview or PreviewProvider to snapshot", status: .usage)
            }
            return (service, catalog)
        }
    }

    /// A laid-out, drawn snapshot, and (when verifying) how it compared.
    struct Rendered: Sendable {
        var png: Data
        var file: SnapshotFile
        var entry: SnapshotReport.Entry?
    }

    /// Makes every job's snapshot, `options.jobs` at a time, and returns them in the jobs' order.
    /// `check` runs on the rendering thread (comparing is as parallel as drawing).
    static func run(_ jobs: [Job], first: PreviewService, path: String, options: SnapshotOptions,
                    check: (@Sendable (Job, Rendered) -> SnapshotReport.Entry)? = nil) -> [Result<Rendered, LabError>] {
        let results = Mutex<[Result<Rendered, LabError>?]>(Array(repeating: nil, count: jobs.count))
        let next = Mutex(0)
        let progress = SnapshotProgress(total: jobs.count, enabled: options.showsProgress)
        let processors = ProcessInfo.processInfo.activeProcessorCount
        // One job per agent at the least: a second agent costs more than it saves on one preview.
        let workers = max(1, min(options.jobs ?? processors, jobs.count / 2, 16))
        let catalog = first.catalog
        let group = DispatchGroup()
        for worker in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let service: PreviewService
                if worker == 0 {
                    service = first
                } else {
                    // Another agent of the same build: the build finds everything compiled.
                    guard let extra = try? PreviewService(path: path, limits: .configured(overriding: options.agentEnvironment)) else { return }
                    extra.consoleHandler = { FileHandle.standardError.write($0) }
                    guard case .ready(let c) = extra.reload(), c == catalog else { extra.connection?.stop(); return }
                    service = extra
                }
                defer { service.connection?.stop() }
                while true {
                    let index: Int? = next.withLock { i in
                        guard i < jobs.count else { return nil }
                        defer { i += 1 }
                        return i
                    }
                    guard let index else { break }
                    let job = jobs[index]
                    let start = Date()
                    var outcome = render(job, service: service)
                    if case .success(var snapshot) = outcome, let check {
                        snapshot.entry = check(job, snapshot)
                        snapshot.entry?.seconds = Date().timeIntervalSince(start)
                        outcome = .success(snapshot)
                    }
                    results.withLock { $0[index] = outcome }
                    progress.finished(job.name)
                }
            }
            // Laying out a deep tree recurses; the agent does that, but drawing walks it here too.
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        progress.end()
        return results.withLock { all in
            all.map { $0 ?? .failure(LabError("no preview agent could be started to lay it out")) }
        }
    }

    /// Lays one snapshot out and draws it; an agent that died on it is started again for the next.
    static func render(_ job: Job, service: PreviewService) -> Result<Rendered, LabError> {
        let settings = job.settings
        do {
            let result: LayoutResult
            do {
                result = try service.layout(.preview(job.previewIndex), proposal: settings.proposedSize, environment: settings.environment)
            } catch {
                if let c = service.connection, !c.isRunning {
                    service.dropFailedAgent()
                    service.reload()
                }
                throw LabError("\(error)")
            }
            try RenderOptions.checkComplete(result)
            let area = ImageExporter.exportArea(for: result)
            try RenderOptions.checkPixelSize(width: Double(area.width), height: Double(area.height), scale: settings.scale,
                                             what: "the laid-out \(fmt(Double(area.width)))×\(fmt(Double(area.height)))-point area")
            let png = try ImageExporter.pngData(result: result, scale: settings.scale, scheme: settings.colorScheme)
            return .success(Rendered(png: png, file: SnapshotFile(settings: settings, layout: LayoutExport(result))))
        } catch let error as LabError {
            return .failure(error)
        } catch {
            return .failure(LabError(RenderOptions.reason(error)))
        }
    }

    // MARK: - Comparing

    /// Compares a new snapshot with its baseline (none: `noBaseline`).
    static func compare(_ job: Job, _ new: Rendered, baseline: SnapshotFile?, directory: String, tolerance: PixelTolerance) -> SnapshotReport.Entry {
        var entry = SnapshotReport.Entry(name: job.name, preview: job.settings.preview, variant: job.settings.variant, outcome: .matched)
        guard let baseline else {
            entry.outcome = .noBaseline
            entry.reasons = ["no baseline: record it with layoutlab snapshot record"]
            entry.newPNG = new.png
            return entry
        }
        entry.baselinePNG = existingPNG(directory, job.name)
        let old = baseline.layout, now = new.file.layout
        if !FrameComparison.same(LayoutExport.Rect(CGRect(x: 0, y: 0, width: old.canvasSize.width, height: old.canvasSize.height)),
                                 LayoutExport.Rect(CGRect(x: 0, y: 0, width: now.canvasSize.width, height: now.canvasSize.height))) {
            entry.reasons.append("the canvas was \(fmt(old.canvasSize.width))×\(fmt(old.canvasSize.height)), now \(fmt(now.canvasSize.width))×\(fmt(now.canvasSize.height))")
        }
        entry.movedViews = FrameComparison.movedViews(baseline: old, new: now)
        if !entry.movedViews.isEmpty {
            let n = entry.movedViews.count
            entry.reasons.append("\(n) view\(n == 1 ? "" : "s") moved or changed size")
        }
        let baselineData = entry.baselinePNG.flatMap { FileManager.default.contents(atPath: $0) }
        if let baselineData, baselineData == new.png {
            // The same bytes: the same pixels, with nothing to decode (the usual case on the machine that recorded them).
        } else if let baselineData, let before = SnapshotImage(png: baselineData) {
            if let after = SnapshotImage(png: new.png) {
                let pixels = PixelComparison(baseline: before, new: after, channel: tolerance.channel)
                entry.pixels = pixels
                if !pixels.sameSize {
                    entry.reasons.append("the image was \(pixels.baselineSize.width)×\(pixels.baselineSize.height) pixels, now \(pixels.newSize.width)×\(pixels.newSize.height)")
                } else if !pixels.matches(tolerance) {
                    entry.reasons.append("\(PixelTolerance.percent(pixels.share)) of pixels differ (\(pixels.differingPixels) of \(pixels.totalPixels); at most \(tolerance.description))")
                }
                if pixels.differingPixels > 0 || !pixels.sameSize {
                    entry.diffPNG = try? PixelComparison.diffImage(baseline: before, new: after, channel: tolerance.channel).pngData()
                }
            }
        } else {
            entry.reasons.append("the baseline's PNG is missing or unreadable")
        }
        if !entry.reasons.isEmpty {
            entry.outcome = .differs
            entry.newPNG = new.png
        }
        return entry
    }
}

/// Progress while snapshots are made: one line rewritten in place on a terminal, a line per
/// snapshot otherwise (a CI log keeps every line).
final class SnapshotProgress: Sendable {
    private let total: Int
    private let enabled: Bool
    private let terminal: Bool
    private let done = Mutex(0)

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
        terminal = isatty(STDERR_FILENO) == 1
    }

    func finished(_ name: String) {
        guard enabled else { return }
        done.withLock { n in
            n += 1
            if terminal {
                Diagnostics.write("\r\u{1B}[2K[\(n)/\(total)] \(name)")
            } else {
                Diagnostics.report("snapshot \(n)/\(total): \(name)")
            }
        }
    }

    func end() {
        if enabled && terminal { Diagnostics.write("\r\u{1B}[2K") }
    }
}
