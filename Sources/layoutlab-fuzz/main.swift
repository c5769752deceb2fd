import Foundation
import SwiftUI
import LayoutFuzzing
import LayoutGallery

// layoutlab-fuzz: lays out random view trees and checks the engine's invariants (see
// `FuzzChecker`). Trees run in worker processes, so that a crash is caught, and every failing
// tree is minimised — each candidate checked in a fresh process — and printed as SwiftUI code.
// With --interactions it runs interaction sequences instead (`LiveFuzzChecker`): a live preview
// of a random tree with state, sent N random events, checked after each.
//
//   layoutlab-fuzz --trees N --seed S [--start I] [--bad PERCENT] [--chunk N] [--max-reports N]
//   layoutlab-fuzz --interactions --trees N --seed S [--events N] [other options as above]
//   layoutlab-fuzz --in-process --trees N --seed S      (one process; a crash stops the run)
//   layoutlab-fuzz --check < case.json                  (exit 0: passes, 1: fails, else: crashed)
//   layoutlab-fuzz --scale                              (times the scale cases of issue 12)

let usage = """
    usage: layoutlab-fuzz [--trees N] [--seed S] [--start I] [--bad PERCENT] [--chunk N] [--max-reports N] [--in-process]
           layoutlab-fuzz --interactions [--events N] [the options above]
           layoutlab-fuzz --check [--interactions] < case.json
           layoutlab-fuzz --scale
    Lays out N random view trees (default 1000) from seed S and prints "N passed, N failed";
    exits 1 when a tree fails, with each failure minimised and printed as SwiftUI code.
    --interactions runs N interaction sequences instead: a live preview of a random tree with
    state, sent --events random events (default 20), its invariants checked after each.
    """

var options: [String: String] = [:]
var flags: Set<String> = []
do {
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--trees", "--seed", "--start", "--bad", "--chunk", "--max-reports", "--events":
            guard let v = args.popFirst(), UInt64(v) != nil else {
                FileHandle.standardError.write(Data("layoutlab-fuzz: \(a) needs a non-negative integer\n\(usage)\n".utf8))
                exit(2)
            }
            options[a] = v
        case "--check", "--worker", "--in-process", "--quiet", "--scale", "--interactions": flags.insert(a)
        case "--help", "-h": print(usage); exit(0)
        default:
            FileHandle.standardError.write(Data("layoutlab-fuzz: unknown argument \(a)\n\(usage)\n".utf8))
            exit(2)
        }
    }
}
@MainActor func number(_ name: String, _ fallback: UInt64) -> UInt64 { options[name].flatMap(UInt64.init) ?? fallback }
let trees = Int(number("--trees", 1000))
let seed = number("--seed", 1)
let start = Int(number("--start", 0))
let bad = min(number("--bad", 15), 100)
let chunk = max(Int(number("--chunk", 5000)), 1)
let maxReports = Int(number("--max-reports", 10))
let interactions = flags.contains("--interactions")
let eventsPerSequence = min(Int(number("--events", 20)), 100_000)

// MARK: scale: a million subviews in a stack and in a flow, a chain of stacks 100,000 deep

/// A chain of `depth` stacks around a leaf with the id "leaf" (only building the tree recurses).
struct Chain: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            AnyView(Color.red.frame(width: 10, height: 10).id("leaf"))
        } else if depth % 2 == 0 {
            AnyView(HStack { Chain(depth: depth - 1) })
        } else {
            AnyView(VStack { Chain(depth: depth - 1) })
        }
    }
}

if flags.contains("--scale") {
    func time(_ name: String, _ makeHost: () -> LayoutHost, _ size: CGSize) {
        let t0 = Date()
        let host = makeHost()
        let t1 = Date()
        let first = host.layout(in: size, options: .fastest)
        let t2 = Date()
        _ = host.layout(in: size, options: .fastest)
        let t3 = Date()
        let ms = { (a: Date, b: Date) in String(format: "%.0f ms", b.timeIntervalSince(a) * 1000) }
        let finite = first.frames.allSatisfy { $0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite && $0.height.isFinite }
        print("\(name): \(first.views.count) views; build \(ms(t0, t1)), first pass \(ms(t1, t2)), second pass \(ms(t2, t3)); "
              + "frames finite: \(finite); diagnostics: \(first.diagnostics.map(\.message).prefix(1))")
    }
    let n = 1_000_000
    time("1,000,000 subviews in a VStack", { LayoutHost(VStack(spacing: 0) { ForEach(0..<n, id: \.self) { _ in Color.red } }) }, CGSize(width: 10, height: 500))
    time("1,000,000 subviews in a FlowLayout", { LayoutHost(FlowLayout(spacing: 0, lineSpacing: 0) { ForEach(0..<n, id: \.self) { _ in Color.red } }) },
         CGSize(width: 1000, height: 4000))
    time("a chain of 100,000 nested stacks", { LayoutHost(Chain(depth: 100_000)) }, CGSize(width: 100, height: 100))
    time("a chain of 10,000 nested stacks", { LayoutHost(Chain(depth: 9_990)) }, CGSize(width: 100, height: 100))
    exit(0)
}

// MARK: check one case (a child process of the minimiser)

if flags.contains("--check") {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    let failure: FuzzFailure?
    if interactions, let c = try? LiveFuzzCase.from(json: data) {
        failure = LiveFuzzChecker.check(c)
    } else if !interactions, let c = try? FuzzCase.from(json: data) {
        failure = FuzzChecker.check(c)
    } else {
        FileHandle.standardError.write(Data("layoutlab-fuzz: --check: cannot read the \(interactions ? "sequence" : "case")\n".utf8))
        exit(2)
    }
    if let failure {
        print(failure.kind.rawValue, failure.message)
        exit(1)
    }
    exit(0)
}

// MARK: a worker: trees in order, "tree I" before each, "fail I" after a failing one

if flags.contains("--worker") {
    let out = FileHandle.standardOutput
    for index in start..<(start + trees) {
        out.write(Data("tree \(index)\n".utf8))
        if interactions {
            if LiveFuzzChecker.check(LiveFuzzer.sequence(seed: seed, index: index, events: eventsPerSequence, badPercent: bad)) != nil {
                out.write(Data("fail \(index)\n".utf8))
            }
            continue
        }
        for c in Fuzzer.cases(seed: seed, index: index, badPercent: bad) where FuzzChecker.check(c) != nil {
            out.write(Data("fail \(index)\n".utf8))
            break
        }
    }
    out.write(Data("done\n".utf8))
    exit(0)
}

// MARK: in one process

if flags.contains("--in-process") && interactions {
    let report = LiveFuzzer.run(sequences: trees, events: eventsPerSequence, seed: seed, start: start, badPercent: bad)
    for finding in report.findings.prefix(maxReports) { print(finding.report + "\n") }
    print(report.summary)
    exit(report.failed == 0 ? 0 : 1)
}

if flags.contains("--in-process") {
    let report = Fuzzer.run(trees: trees, seed: seed, start: start, badPercent: bad)
    for finding in report.findings.prefix(maxReports) { print(finding.report + "\n") }
    print(report.summary)
    exit(report.failed == 0 ? 0 : 1)
}

// MARK: the parent: workers in child processes, minimising in child processes

let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()

/// Runs this executable with `arguments`, `input` on stdin; returns (status, crashed, stdout).
func runChild(_ arguments: [String], input: Data? = nil) -> (status: Int32, crashed: Bool, output: String) {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-fuzz-\(getpid())-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outFile) }
    guard let outHandle = try? FileHandle(forWritingTo: outFile) else { return (2, false, "") }
    p.standardOutput = outHandle
    p.standardError = FileHandle.nullDevice
    let inPipe = Pipe()
    if input != nil { p.standardInput = inPipe }
    do { try p.run() } catch {
        FileHandle.standardError.write(Data("layoutlab-fuzz: cannot start a child process: \(error)\n".utf8))
        exit(2)
    }
    if let input {
        inPipe.fileHandleForWriting.write(input)
        try? inPipe.fileHandleForWriting.close()
    }
    p.waitUntilExit()
    try? outHandle.close()
    let output = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
    let crashed = p.terminationReason == .uncaughtSignal || (p.terminationStatus != 0 && p.terminationStatus != 1)
    return (p.terminationStatus, crashed, output)
}

/// How a case (or with --interactions, a sequence) fails when checked in a fresh process, if it does.
func failureInChild(json: String) -> FuzzFailure? {
    let r = runChild(interactions ? ["--check", "--interactions"] : ["--check"], input: Data(json.utf8))
    if r.crashed { return FuzzFailure(.crash, "the process stopped (status \(r.status))") }
    guard r.status == 1 else { return nil }
    let line = r.output.split(separator: "\n").first.map(String.init) ?? ""
    let kind = FuzzFailure.Kind(rawValue: String(line.prefix { $0 != " " })) ?? .crash
    return FuzzFailure(kind, String(line.drop { $0 != " " }.dropFirst()))
}

var passed = 0
var failed = 0
var reports = 0
let began = Date()

@MainActor func minimiseAndReport(_ index: Int) {
    reports += 1
    guard reports <= maxReports else {
        if reports == maxReports + 1 { print("(more failures: not minimised; --max-reports raises the limit)") }
        print("tree \(index) failed")
        return
    }
    if interactions {
        let c = LiveFuzzer.sequence(seed: seed, index: index, events: eventsPerSequence, badPercent: bad)
        if let failure = failureInChild(json: c.json()) {
            let finding = LiveFuzzer.finding(index: index, case: c, failure: failure) { candidate, kind in failureInChild(json: candidate.json())?.kind == kind }
            print(finding.report + "\n")
            fflush(nil)
            return
        }
        print("sequence \(index) failed in its worker but passes on its own (seed \(seed))\n")
        return
    }
    for c in Fuzzer.cases(seed: seed, index: index, badPercent: bad) {
        guard let failure = failureInChild(json: c.json()) else { continue }
        let finding = Fuzzer.finding(index: index, case: c, failure: failure) { candidate, kind in failureInChild(json: candidate.json())?.kind == kind }
        print(finding.report + "\n")
        fflush(nil)
        return
    }
    print("tree \(index) failed in its worker but passes on its own (seed \(seed))\n")
}

var next = start
let end = start + trees
while next < end {
    let count = min(chunk, end - next)
    let r = runChild(["--worker", "--seed", "\(seed)", "--start", "\(next)", "--trees", "\(count)", "--bad", "\(bad)", "--events", "\(eventsPerSequence)"]
                     + (interactions ? ["--interactions"] : []))
    var last: Int? = nil
    var failures: [Int] = []
    var done = false
    for line in r.output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.first == "tree", parts.count == 2, let i = Int(parts[1]) { last = i }
        if parts.first == "fail", parts.count == 2, let i = Int(parts[1]) { failures.append(i) }
        if parts.first == "done" { done = true }
    }
    for i in failures { failed += 1; minimiseAndReport(i) }
    if done && !r.crashed {
        passed += count - failures.count
        next += count
    } else {
        // The worker stopped in tree `last`: a crash. Carry on after it.
        let crashedAt = last ?? next
        passed += (crashedAt - next) - failures.count
        failed += 1
        print("tree \(crashedAt) crashed its worker (status \(r.status))")
        minimiseAndReport(crashedAt)
        next = crashedAt + 1
    }
    if !flags.contains("--quiet") {
        FileHandle.standardError.write(Data("layoutlab-fuzz: \(next - start) of \(trees) \(interactions ? "sequences" : "trees"), \(failed) failed, \(Int(Date().timeIntervalSince(began))) s\n".utf8))
    }
}
if interactions {
    print("\(passed) passed, \(failed) failed (\(trees * eventsPerSequence) events, \(Int(Date().timeIntervalSince(began))) s)")
} else {
    print("\(passed) passed, \(failed) failed")
}
exit(failed == 0 ? 0 : 1)
