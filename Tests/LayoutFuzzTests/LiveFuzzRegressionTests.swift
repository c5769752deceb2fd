import Testing
import Foundation
import SwiftUI

/// Faults the interaction fuzzer found in the live preview, each as the smallest sequence that
/// showed it.
@Suite("Interaction fuzzer regressions")
struct LiveFuzzRegressionTests {
    /// An event at a non-finite or huge point that reaches nothing threw an error naming the
    /// point, and naming it trapped (`Int(.infinity)`).
    @Test func anEventAtANonFiniteOrHugePointIsNamedInItsError() throws {
        let live = LivePreview(Color.red.frame(width: 10, height: 10))
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 844))
        for (x, y, word) in [(CGFloat.infinity, 1.0, "inf"), (.nan, 2, "nan"), (1e308, -1e300, "1e+308"), (-.infinity, .greatestFiniteMagnitude, "-inf")] as [(CGFloat, CGFloat, String)] {
            for event in [LiveEvent.tap(CGPoint(x: x, y: y)), .drag(from: CGPoint(x: x, y: y), by: CGSize(width: 5, height: 0)),
                          .scroll(at: CGPoint(x: x, y: y), by: CGSize(width: 0, height: 5))] {
                let error = #expect(throws: LiveEventError.self) { try live.send(event) }
                #expect(error?.message.contains(word) == true, "\(String(describing: error?.message))")
            }
        }
    }

    /// A stepper at `Int.min` (or `Int.max`) tapped once more trapped on the overflow of
    /// `advanced(by:)`; it stops at its bound (bounded) or stays (unbounded).
    @Test func aStepperAtTheEndOfIntStopsThere() throws {
        struct Steppers: View {
            @State var low = 0
            @State var high = Int.max - 1
            var body: some View {
                VStack {
                    Stepper("Low \(low)", value: $low, in: Int.min...(Int.min + 1)).id("low")
                    Stepper("High \(high)", value: $high).id("high")
                }
            }
        }
        let live = LivePreview(Steppers())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 200))
        func minus(_ id: String) throws -> CGPoint {
            let row = try #require(live.lastResult!.views.first { $0.explicitID.map(LivePreview.describe) == id }).frame
            return CGPoint(x: row.maxX - 94 + 20, y: row.midY)
        }
        func plus(_ id: String) throws -> CGPoint {
            let row = try #require(live.lastResult!.views.first { $0.explicitID.map(LivePreview.describe) == id }).frame
            return CGPoint(x: row.maxX - 20, y: row.midY)
        }
        // 0 is above the range: a step up lands on the upper bound, steps down on the lower.
        _ = try live.send(.tap(plus("low")))
        for _ in 0..<3 { _ = try live.send(.tap(minus("low"))) }
        #expect(live.lastResult!.views.contains { $0.detail == "\"Low \(Int.min)\"" }, "\(live.lastResult!.views.map(\.detail))")
        for _ in 0..<3 { _ = try live.send(.tap(plus("high"))) }
        #expect(live.lastResult!.views.contains { $0.detail == "\"High \(Int.max)\"" })
    }
}
