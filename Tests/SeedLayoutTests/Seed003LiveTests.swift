import Foundation
import Testing
@testable import SwiftUI

/// The talk's leaderboard as a person would preview it: the podium above the voting buttons,
/// sharing the pets in `@State` (the seed's `Profile` and `StackedButtons`, verbatim).
private struct LiveLeaderboard: View {
    @State var pets = Pet.exampleData
    var isThreeWayTie: Bool { pets.allSatisfy { $0.votes == pets[0].votes } }
    var body: some View {
        VStack {
            Profile(pets: pets, isThreeWayTie: isThreeWayTie)
            StackedButtons(pets: $pets)
        }
    }
}

@Suite("Seed 003, live: voting re-ranks with animation; a three-way tie switches radial → stack")
struct Seed003LiveTests {
    private func avatars(_ result: LayoutResult) -> [CGRect] {
        result.views.filter { $0.isVisible && $0.kind == "Circle" }.map(\.frame)
    }

    private func vote(_ pet: String, times: Int, in live: LivePreview) throws -> LiveUpdate? {
        var last: LiveUpdate? = nil
        for _ in 0..<times {
            let result = try #require(live.lastResult)
            let label = try #require(result.views.first { $0.isVisible && $0.kind == "Text" && $0.detail == "\"\(pet)\"" }, "no button labelled \(pet)")
            last = try live.send(.tap(CGPoint(x: label.frame.midX, y: label.frame.midY)))
        }
        return last
    }

    @Test func votingAnimatesAndATieSwitchesToAStack() throws {
        let live = LivePreview(LiveLeaderboard())
        let first = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        let radial = avatars(first)
        #expect(radial.count == 3)
        #expect(Set(radial.map(\.minY)).count > 1, "three different ranks sit round a circle")

        // A vote animates (the podium's `.animation(.default, value: pets)`).
        let update = try #require(try vote("Goldfish", times: 1, in: live))
        #expect(update.changed)
        #expect(update.transaction.animation == .default)

        // Dog 16 → 25 and Goldfish 10 → 25: a three-way tie lays the avatars out in a row.
        _ = try vote("Dog", times: 9, in: live)
        _ = try vote("Goldfish", times: 15, in: live)
        let tied = avatars(try #require(live.lastResult))
        #expect(tied.count == 3)
        #expect(Set(tied.map(\.minY)).count == 1, "a three-way tie is an HStack: \(tied)")
        #expect(tied.map(\.minX) == tied.map(\.minX).sorted())

        // One more vote breaks the tie: back to the circle.
        let broken = try #require(try vote("Cat", times: 1, in: live))
        #expect(broken.transaction.animation == .default)
        #expect(Set(avatars(broken.result).map(\.minY)).count > 1)
    }
}
