import ArgumentParser
import Foundation

/// What `layoutlab snapshot record|verify` asks for.
public struct SnapshotCommand: Equatable, Sendable {
    /// Record baselines, or verify against them.
    public enum Action: String, Equatable, Sendable { case record, verify }
    public var action: Action
    /// The `.swift` file or package.
    public var path: String
    public var options: SnapshotOptions

    /// `action` on the code at `path` with `options`.
    public init(action: Action, path: String, options: SnapshotOptions) {
        self.action = action; self.path = path; self.options = options
    }

    /// Runs it: 0 when recorded or everything matches, 1 when something differs or could not be
    /// recorded, 2 for a usage or compile error.
    @MainActor
    public func run() -> Int32 {
        do {
            switch action {
            case .record: return try record()
            case .verify: return try verify()
            }
        } catch {
            return Diagnostics.report(error, during: "snapshot \(action.rawValue)")
        }
    }

    private func record() throws -> Int32 {
        let recording = try SnapshotRunner.record(path: path, options: options)
        for (name, message) in recording.failures { Diagnostics.report("snapshot record: \(name): \(message)") }
        if !recording.removed.isEmpty {
            Diagnostics.report("removed \(recording.removed.count) snapshot\(recording.removed.count == 1 ? "" : "s") of previews or variants that are gone: \(recording.removed.joined(separator: ", "))")
        }
        print("Recorded \(recording.written.count) snapshot\(recording.written.count == 1 ? "" : "s") in \(options.directory)")
        return recording.failures.isEmpty ? Diagnostics.ExitStatus.success.rawValue : Diagnostics.ExitStatus.failure.rawValue
    }

    private func verify() throws -> Int32 {
        let report = try SnapshotRunner.verify(path: path, options: options)
        for entry in report.entries where entry.outcome != .matched {
            let verdict = report.fails(entry) ? "FAIL" : "note"
            print("\(verdict) \(entry.name): \(entry.outcome.rawValue): \(entry.reasons.joined(separator: "; "))")
            for v in SnapshotReportWriter.ordered(entry.movedViews).prefix(5) {
                print("    \(SnapshotReportWriter.label(v)): \(SnapshotReportWriter.frame(v.old)) → \(SnapshotReportWriter.frame(v.new))")
            }
            if entry.movedViews.count > 5 { print("    … and \(entry.movedViews.count - 5) more") }
        }
        print("\(report.passed ? "Passed" : "Failed"): \(report.summary)")
        if let folder = report.reportDirectory { print("Report: \(URL(fileURLWithPath: folder).appendingPathComponent("index.html").path)") }
        return report.passed ? Diagnostics.ExitStatus.success.rawValue : Diagnostics.ExitStatus.failure.rawValue
    }
}

/// `layoutlab snapshot`: record and verify snapshots of every preview.
struct SnapshotCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record every preview as PNG + JSON baselines, and verify the code still draws them (for CI).",
        discussion: """
            Each preview is written as NAME.png and NAME.json (NAME: the preview's name with \
            letters, digits, '-', '_' and '.' kept and anything else made '-'); variants as \
            NAME@VARIANT. Previews are proposed an iPhone 15 (393×852) unless a trait fixes \
            their size.
            """,
        subcommands: [SnapshotRecordCommand.self, SnapshotVerifyCommand.self])
}

/// Options both snapshot commands take.
struct SnapshotFlags: ParsableArguments {
    @Argument(help: ArgumentHelp("A .swift file or a Swift package directory.", valueName: "path")) var path: String
    @Option(help: ArgumentHelp("The folder of baselines.", valueName: "dir")) var dir: String
    @Option(help: ArgumentHelp("Previews laid out at once, each by an agent of its own (default: one per processor).", valueName: "n"))
    var jobs: Int?
    @OptionGroup(title: "Limits of your previews") var agent: AgentFlags

    func options(command: String) throws -> SnapshotOptions {
        var o = SnapshotOptions(directory: dir)
        if let jobs {
            guard (1...64).contains(jobs) else { throw CommandLineError("snapshot \(command): --jobs needs 1…64 (got \(jobs))") }
            o.jobs = jobs
        }
        o.agentEnvironment = try agent.environment(command: "snapshot \(command)")
        return o
    }
}

/// `layoutlab snapshot record PATH --dir DIR [--variants AXES]`.
struct SnapshotRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write every preview (and its variants) into --dir as baselines, replacing the folder's snapshots.")
    @OptionGroup var flags: SnapshotFlags
    @Option(help: ArgumentHelp("Also record variants, one setting changed at a time: color-scheme (light, dark), dynamic-type (xSmall … accessibility5), layout-direction (ltr, rtl), device (iphone-se … watch-45-mm), orientation (portrait, landscape), or all; comma-separated.",
                               valueName: "axes"))
    var variants: String?
    @Option(help: "Pixels per point of the PNGs (0.1 ≤ scale ≤ 4).") var scale: Double = 1

    func validate() throws { _ = try command() }

    func command() throws -> SnapshotCommand {
        var o = try flags.options(command: "record")
        if let variants { o.axes = try SnapshotAxis.parse(variants) }
        guard scale.isFinite, scale >= RenderOptions.minimumScale, scale <= 4 else {
            throw CommandLineError("snapshot record: --scale is pixels per point, from \(fmt(RenderOptions.minimumScale)) to 4 (got \(scale))")
        }
        o.scale = scale
        return SnapshotCommand(action: .record, path: flags.path, options: o)
    }
}

/// `layoutlab snapshot verify PATH --dir DIR [--report DIR] [--tolerance …] [--strict]`.
struct SnapshotVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Lay every preview out again and compare it with its baseline: exit 0 when all match, 1 when any differs, 2 on a usage or compile error.",
        discussion: """
            Frames must match within 0.01 pt. A pixel differs when a channel differs by more than \
            --channel-tolerance levels; the images match when they are the same size and at most \
            --tolerance of their pixels differ.
            """)
    @OptionGroup var flags: SnapshotFlags
    @Option(help: ArgumentHelp("Write index.html, junit.xml and the images of the differences into this folder.", valueName: "dir"))
    var report: String?
    @Option(help: ArgumentHelp("The share of pixels that may differ: a percentage (0.1%) or a fraction (0.001). Default 0.1%.", valueName: "share"))
    var tolerance: String?
    @Option(name: .customLong("channel-tolerance"),
            help: ArgumentHelp("The difference in one colour channel (0–255) below which a pixel does not differ. Default 16.", valueName: "levels"))
    var channelTolerance: Int?
    @Flag(help: "Fail when a preview has no baseline or a baseline has no preview (otherwise they are listed).") var strict = false

    func validate() throws { _ = try command() }

    func command() throws -> SnapshotCommand {
        var o = try flags.options(command: "verify")
        o.reportDirectory = report
        if let tolerance {
            guard let share = PixelTolerance.share(parsing: tolerance) else {
                throw CommandLineError("snapshot verify: --tolerance needs a share of pixels from 0 to 1, as a fraction (0.001) or a percentage (0.1%) (got '\(tolerance)')")
            }
            o.tolerance.share = share
        }
        if let channelTolerance {
            guard (0...255).contains(channelTolerance) else {
                throw CommandLineError("snapshot verify: --channel-tolerance needs levels from 0 to 255 (got \(channelTolerance))")
            }
            o.tolerance.channel = channelTolerance
        }
        o.strict = strict
        return SnapshotCommand(action: .verify, path: flags.path, options: o)
    }
}
