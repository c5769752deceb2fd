import Foundation

/// How `layoutlab snapshot record` and `verify` run: where the baselines are, what to record,
/// how strictly to compare, where to write the report.
public struct SnapshotOptions: Equatable, Sendable {
    /// The folder of baselines (`--dir`).
    public var directory: String
    /// The axes to record variants across (`record --variants`); `verify` checks the variants
    /// the baselines have.
    public var axes: [SnapshotAxis] = []
    /// Pixels per point of recorded PNGs (`record --scale`); `verify` uses each baseline's.
    public var scale: Double = 1
    /// Where `verify` writes `index.html`, `junit.xml` and the images (`--report`).
    public var reportDirectory: String?
    public var tolerance = PixelTolerance.standard
    /// Whether a preview without a baseline, or a baseline without a preview, fails `verify`.
    public var strict = false
    /// How many previews are laid out at once, each by an agent of its own (`--jobs`); nil for
    /// one per processor.
    public var jobs: Int?
    /// The environment variables of the preview limits' options (`AgentLimits.configured`).
    public var agentEnvironment: [String: String] = [:]
    /// Whether progress is written to standard error (a tool that reads stderr turns it off).
    public var showsProgress = true

    /// The defaults, with the baselines in `directory`.
    public init(directory: String) { self.directory = directory }
}

/// What `verify` found for each snapshot, and whether the run passed.
public struct SnapshotReport: Sendable {
    /// One snapshot: a preview in one variant.
    public struct Entry: Sendable {
        /// How a snapshot compared with its baseline.
        public enum Outcome: String, Sendable, Codable {
            /// Frames and pixels are the same, within the tolerances.
            case matched
            /// The frames or the pixels changed.
            case differs
            /// The preview (or this variant of it) has no baseline yet.
            case noBaseline = "no-baseline"
            /// A baseline whose preview (or variant) is no longer in the code.
            case noPreview = "no-preview"
            /// The preview could not be laid out or drawn (it crashed, it was stopped at a limit).
            case failed
        }

        /// The file name without extension: `NAME` or `NAME@VARIANT`.
        public var name: String
        public var preview: String
        public var variant: String?
        public var outcome: Outcome
        /// What differs or went wrong, in sentences.
        public var reasons: [String] = []
        /// Views whose frames differ, with the old and new frames.
        public var movedViews: [MovedView] = []
        public var pixels: PixelComparison?
        /// The baseline's PNG file, when there is one.
        public var baselinePNG: String?
        /// The new PNG (kept for snapshots that do not match, to show in the report).
        public var newPNG: Data?
        /// The diff image's PNG (snapshots whose pixels differ).
        public var diffPNG: Data?
        /// Seconds taken to lay the preview out, draw and compare it.
        public var seconds: Double = 0

        /// The entry of snapshot `name` of `preview` in `variant`, with no reasons yet.
        public init(name: String, preview: String, variant: String?, outcome: Outcome) {
            self.name = name; self.preview = preview; self.variant = variant; self.outcome = outcome
        }
    }

    /// The project's name (a file's or a package's).
    public var project: String
    public var entries: [Entry]
    public var tolerance: PixelTolerance
    public var strict: Bool
    /// Where the report was written, if one was asked for.
    public var reportDirectory: String?

    /// A report of `entries` compared within `tolerance`.
    public init(project: String, entries: [Entry], tolerance: PixelTolerance, strict: Bool, reportDirectory: String?) {
        self.project = project; self.entries = entries; self.tolerance = tolerance
        self.strict = strict; self.reportDirectory = reportDirectory
    }

    /// Whether the entry fails the run: a difference or a failure always, a missing baseline or
    /// preview only when strict.
    public func fails(_ entry: Entry) -> Bool {
        switch entry.outcome {
        case .matched: false
        case .differs, .failed: true
        case .noBaseline, .noPreview: strict
        }
    }

    /// Whether `verify` passes (exit status 0).
    public var passed: Bool { !entries.contains(where: fails) }

    /// The entries with `outcome`.
    public func entries(_ outcome: Entry.Outcome) -> [Entry] { entries.filter { $0.outcome == outcome } }

    /// One line of counts: `12 matched, 1 differs, 2 without a baseline`.
    public var summary: String {
        let parts: [(Entry.Outcome, String, String)] = [(.matched, "matched", "matched"), (.differs, "differs", "differ"),
                                                         (.failed, "failed", "failed"), (.noBaseline, "without a baseline", "without a baseline"),
                                                         (.noPreview, "baseline without a preview", "baselines without a preview")]
        let counted = parts.compactMap { outcome, one, many -> String? in
            let n = entries(outcome).count
            return n == 0 && outcome != .matched ? nil : "\(n) \(n == 1 ? one : many)"
        }
        return counted.joined(separator: ", ")
    }
}

/// What `record` wrote.
public struct SnapshotRecording: Sendable {
    /// The names (`NAME`, `NAME@VARIANT`) of the snapshots written, in catalog order.
    public var written: [String]
    /// Snapshots left in the folder by an earlier recording whose preview or variant is gone,
    /// now removed.
    public var removed: [String]
    /// Snapshots that could not be made, with why.
    public var failures: [(name: String, message: String)]
}
