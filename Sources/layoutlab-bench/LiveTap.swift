import Foundation
import SwiftUI
import PreviewProtocol

// `layoutlab-bench live-tap N`: what a tap costs in a live preview of about N views, measured
// the way the preview agent answers the window: the tap is sent to a `LivePreview` (the bodies
// that depend on it evaluated, the tree built, installed and laid out), the agent's layout of the reply, and the reply encoded, decoded and
// applied as the preview protocol does it (`PreviewWire`; the window reads it from a pipe): what
// changed since the layout the window holds (a patch), and for comparison the whole layout, as
// the first reply and any after the tree changed shape carry it. Drawing the frame is the app's (`layoutlab-app-bench`).
//
// The tap is laid out as the agent lays out an event (`LayoutOptions.fastest`).
//
// The screen is a to-do list as a person writes one: each row its own view with its own `@State`
// checkmark; the tap flips the first row's toggle, so one body depends on it.

/// One row: a status dot, two lines of text, a toggle.
struct LiveBenchRow: View {
    let index: Int
    @State private var done = false
    var body: some View {
        HStack(spacing: 12) {
            Circle()
                .fill(done ? Color.green : Color.gray)
                .frame(width: 24, height: 24)
            VStack(alignment: .leading, spacing: 2) {
                Text("Task \(index)")
                Text("Due in \(index % 7 + 1) days").font(.caption)
            }
            Spacer()
            Toggle("Done", isOn: $done)
                .labelsHidden()
                .id("toggle-\(index)")
        }
        .padding(.vertical, 4)
    }
}

/// The list: rows in a scroll view.
struct LiveBenchScreen: View {
    let rows: Int
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<rows, id: \.self) { LiveBenchRow(index: $0) }
            }
            .padding(.horizontal)
        }
    }
}

/// Times of one tap, in seconds.
struct LiveTapSample {
    var send = 0.0, layout = 0.0
    /// The reply as the window gets it: what changed since the layout it held (a patch).
    var patchEncode = 0.0, patchDecode = 0.0
    /// The reply as a whole layout (the first reply, and any after the tree changed shape).
    var fullEncode = 0.0, fullDecode = 0.0
    var total: Double { send + layout + patchEncode + patchDecode }
    var totalWhole: Double { send + layout + fullEncode + fullDecode }
}

func measureLiveTap(views wanted: Int, iterations: Int, reusesUnchangedViews: Bool = true) -> [String: Any] {
    let proposal = ProposedViewSize(width: 390, height: 844)
    // As the agent lays out a live preview after an event: frames and drawing, no trace and no
    // size ranges (the window asks for a detailed layout when the person inspects).
    let options = LayoutOptions.fastest
    // Rows enough for about `wanted` views (a row is a dozen views).
    func views(_ rows: Int) -> Int { LivePreview(LiveBenchScreen(rows: rows)).layout(proposal: proposal, options: .fastest).views.count }
    let frame = views(1), perRow = max(1, views(2) - frame)
    let rows = max(1, (wanted - (frame - perRow)) / perRow)
    let live = LivePreview(LiveBenchScreen(rows: rows))
    live.graph.reusesUnchangedViews = reusesUnchangedViews
    var held = live.layout(proposal: proposal, options: options)
    let viewCount = held.views.count
    var samples: [LiveTapSample] = []
    var evaluations: [Int] = []
    var reused: [Int] = []
    var patchBytes = 0, wholeBytes = 0
    for i in 0..<(iterations + 5) {
        var sample = LiveTapSample()
        let point: CGPoint
        do { point = try live.centre(ofViewWithID: "toggle-0") } catch { fail("live-tap: \(error)") }
        let before = live.graph.bodyEvaluations
        var t = monotonic()
        do { _ = try live.send(.tap(point)) } catch { fail("live-tap: \(error)") }
        sample.send = monotonic() - t
        t = monotonic()
        let result = live.layout(proposal: proposal, options: options)
        sample.layout = monotonic() - t
        do {
            // As the agent answers a window that holds the last layout, and as the window reads it.
            t = monotonic()
            guard let patch = result.patch(from: held) else { fail("live-tap: the layout changed shape") }
            let patchLine = try PreviewWire.line(AgentReply(id: i, resultNumber: UInt64(i), patch: patch))
            sample.patchEncode = monotonic() - t
            t = monotonic()
            let reply = try PreviewWire.decoder().decode(AgentReply.self, from: patchLine)
            guard let applied = try reply.layout(applyingTo: held), applied.views.count == viewCount else { fail("live-tap: the patch did not apply") }
            sample.patchDecode = monotonic() - t
            // The whole layout, as the first reply (and one after a change of shape) carries it.
            t = monotonic()
            let wholeLine = try PreviewWire.line(AgentReply(id: i, result: result))
            sample.fullEncode = monotonic() - t
            t = monotonic()
            _ = try PreviewWire.decoder().decode(AgentReply.self, from: wholeLine)
            sample.fullDecode = monotonic() - t
            patchBytes = patchLine.count
            wholeBytes = wholeLine.count
            held = applied
        } catch {
            fail("live-tap: \(error)")
        }
        if i >= 5 {
            samples.append(sample)
            evaluations.append(live.graph.bodyEvaluations - before)
            reused.append(live.graph.lastBuildReusedViews)
        }
    }
    func ms(_ key: KeyPath<LiveTapSample, Double>, _ p: Double) -> Double {
        (percentile(samples.map { $0[keyPath: key] }, p) * 1e5).rounded() / 100
    }
    return ["views": viewCount, "rows": rows, "iterations": iterations,
            "bodyEvaluationsPerTap": evaluations.max() ?? 0, "reusedViewsPerTap": reused.min() ?? 0,
            "totalP50Ms": ms(\.total, 50), "totalP95Ms": ms(\.total, 95),
            "sendP50Ms": ms(\.send, 50), "layoutP50Ms": ms(\.layout, 50),
            "patchEncodeP50Ms": ms(\.patchEncode, 50), "patchDecodeP50Ms": ms(\.patchDecode, 50), "patchBytes": patchBytes,
            "wholeP50Ms": ms(\.totalWhole, 50), "wholeEncodeP50Ms": ms(\.fullEncode, 50), "wholeDecodeP50Ms": ms(\.fullDecode, 50),
            "wholeBytes": wholeBytes]
}
