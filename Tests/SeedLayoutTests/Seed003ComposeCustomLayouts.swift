// Seed 003 — WWDC22 "Compose custom layouts with SwiftUI" (session 10056): the 16 snippets shown
// on screen.
//
// The seed's Swift code, verbatim, in the talk's order, with these changes (only):
// - Types shown in successive versions are renamed with a suffix so they coexist:
//   `Leaderboard` → `LeaderboardV1` (explicit rows, 4:28) and `LeaderboardV2` (final, 5:41);
//   the stubbed `MyEqualWidthHStack` (10:53) → `MyEqualWidthHStackStub` (its `sizeThatFits`
//   needs a `return`, supplied and marked); the radial layout's "without offsets" version
//   (22:52) → `MyRadialLayoutV1`; the "with offsets" version (24:21) is `MyRadialLayout`, the
//   name the talk's `Profile` uses.
// - Snippets that are bare methods (`maxSize`, `spacing`, `sizeThatFits`, `placeSubviews`, the
//   radial methods) sit, verbatim, in an extension of the type they belong to; the radial
//   `sizeThatFits` (22:30) is shared by both radial versions, so it appears in both.
// - One line of the "without offsets" snippet does not compile (marked below).
// What the talk leaves undefined (`getOffset`, `Podium`, `Avatar`, `MyEqualWidthVStack`,
// `rank(pet)`, and a view around the "Custom layout instantiation" fragment) is in the
// "Supplied by the tests" section at the end.

import SwiftUI

// MARK: - Seed code (verbatim)

// Grid with explicit rows (4:28)
struct LeaderboardV1: View {
    var body: some View {
        Grid {
            GridRow {
                Text("Cat")
                ProgressView(value: 0.5)
                Text("25")
            }
            GridRow {
                Text("Goldfish")
                ProgressView(value: 0.2)
                Text("9")
            }
            GridRow {
                Text("Dog")
                ProgressView(value: 0.3)
                Text("16")
            }
        }
    }
}

// Data model (5:16)
struct Pet: Identifiable, Equatable {
    let type: String
    var votes: Int = 0
    var id: String { type }

    static var exampleData: [Pet] = [
        Pet(type: "Cat", votes: 25),
        Pet(type: "Goldfish", votes: 9),
        Pet(type: "Dog", votes: 16)
    ]
}

// Final Leaderboard (5:41)
struct LeaderboardV2: View {
    var pets: [Pet]
    var totalVotes: Int

    var body: some View {
        Grid(alignment: .leading) {
            ForEach(pets) { pet in
                GridRow {
                    Text(pet.type)
                    ProgressView(
                        value: Double(pet.votes),
                        total: Double(totalVotes))
                    Text("\(pet.votes)")
                        .gridColumnAlignment(.trailing)
                }

                Divider()
            }
        }
        .padding()
    }
}

// Layout protocol stubs for required methods (10:53)
struct MyEqualWidthHStackStub: Layout {
    func sizeThatFits(
        proposal: ProposedViewSize,
        subviews: Subviews,
        cache: inout Void
    ) -> CGSize {
        // Return a size.
        return .zero // ← supplied by the tests: the seed's stub has no body (does not compile without it)
    }

    func placeSubviews(
        in bounds: CGRect,
        proposal: ProposedViewSize,
        subviews: Subviews,
        cache: inout Void
    ) {
        // Place child views.
    }
}

// The final MyEqualWidthHStack: the stub's declaration with the methods shown next.
struct MyEqualWidthHStack: Layout {
}

extension MyEqualWidthHStack {
// Maximum size helper method (13:44)
private func maxSize(subviews: Subviews) -> CGSize {
    let subviewSizes = subviews.map { $0.sizeThatFits(.unspecified) }
    let maxSize: CGSize = subviewSizes.reduce(.zero) { currentMax, subviewSize in
        CGSize(
            width: max(currentMax.width, subviewSize.width),
            height: max(currentMax.height, subviewSize.height))
    }

    return maxSize
}

// Spacing helper method (15:40)
private func spacing(subviews: Subviews) -> [CGFloat] {
    subviews.indices.map { index in
        guard index < subviews.count - 1 else { return 0 }
        return subviews[index].spacing.distance(
            to: subviews[index + 1].spacing,
            along: .horizontal)
    }
}

// Size that fits implementation (16:33)
func sizeThatFits(
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
) -> CGSize {
    // Return a size.
    guard !subviews.isEmpty else { return .zero }

    let maxSize = maxSize(subviews: subviews)
    let spacing = spacing(subviews: subviews)
    let totalSpacing = spacing.reduce(0) { $0 + $1 }

    return CGSize(
        width: maxSize.width * CGFloat(subviews.count) + totalSpacing,
        height: maxSize.height)
}

// Place subviews implementation (16:51)
func placeSubviews(
    in bounds: CGRect,
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
) {
    // Place child views.
    guard !subviews.isEmpty else { return }
  
    let maxSize = maxSize(subviews: subviews)
    let spacing = spacing(subviews: subviews)

    let placementProposal = ProposedViewSize(width: maxSize.width, height: maxSize.height)
    var x = bounds.minX + maxSize.width / 2
  
    for index in subviews.indices {
        subviews[index].place(
            at: CGPoint(x: x, y: bounds.midY),
            anchor: .center,
            proposal: placementProposal)
        x += maxSize.width + spacing[index]
    }
}
}

// Buttons helper view (20:12)
struct Buttons: View {
    @Binding var pets: [Pet]

    var body: some View {
        ForEach($pets) { $pet in
            Button {
                pet.votes += 1
            } label: {
                Text(pet.type)
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.bordered)
        }
    }
}

// Final voting buttons view (21:08)
struct StackedButtons: View {
    @Binding var pets: [Pet]

    var body: some View {
        ViewThatFits {
            MyEqualWidthHStack {
                Buttons(pets: $pets)
            }
            MyEqualWidthVStack {
                Buttons(pets: $pets)
            }
        }
    }
}

// The radial layout, first version: "Radial size that fits" (22:30) and "Radial place subviews
// without offsets" (22:52).
struct MyRadialLayoutV1: Layout {
}

extension MyRadialLayoutV1 {
func sizeThatFits(
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
)  -> CGSize {
    // Take whatever space is offered.
    return proposal.replacingUnspecifiedDimensions()
}

func placeSubviews(
    in bounds: CGRect,
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
) {
    let radius = min(bounds.size.width, bounds.size.height) / 3.0
    let angle = Angle.degrees(360.0 / Double(subviews.count)).radians
    // Changed from the seed's `let offset = 0`, which is an Int: `angle * Double(index) + offset`
    // does not compile (Double + Int), on Apple's SwiftUI either.
    let offset = 0.0 // This depends on rank...

    for (index, subview) in subviews.enumerated() {
        var point = CGPoint(x: 0, y: -radius)
            .applying(CGAffineTransform(
                rotationAngle: angle * Double(index) + offset))

        point.x += bounds.midX
        point.y += bounds.midY

        subview.place(at: point, anchor: .center, proposal: .unspecified)
    }
}
}

// Rank value (23:42)
private struct Rank: LayoutValueKey {
    static let defaultValue: Int = 1
}

extension View {
    func rank(_ value: Int) -> some View {
        layoutValue(key: Rank.self, value: value)
    }
}

// The radial layout, final version: "Radial size that fits" (22:30) and "Radial place subviews
// with offsets" (24:21).
struct MyRadialLayout: Layout {
}

extension MyRadialLayout {
func sizeThatFits(
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
)  -> CGSize {
    // Take whatever space is offered.
    return proposal.replacingUnspecifiedDimensions()
}

func placeSubviews(
    in bounds: CGRect,
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout Void
) {
    let radius = min(bounds.size.width, bounds.size.height) / 3.0
    let angle = Angle.degrees(360.0 / Double(subviews.count)).radians

    let ranks = subviews.map { subview in
        subview[Rank.self]
    }
    let offset = getOffset(ranks)

    for (index, subview) in subviews.enumerated() {
        var point = CGPoint(x: 0, y: -radius)
            .applying(CGAffineTransform(
                rotationAngle: angle * Double(index) + offset))
        point.x += bounds.midX
        point.y += bounds.midY
        subview.place(at: point, anchor: .center, proposal: .unspecified)
    }
}
}

// Final profile view (25:18)
struct Profile: View {
    var pets: [Pet]
    var isThreeWayTie: Bool

    var body: some View {
        let layout = isThreeWayTie ? AnyLayout(HStackLayout()) : AnyLayout(MyRadialLayout())

        Podium() // Creates the background that shows ranks.
            .overlay(alignment: .top) {
                layout {
                    ForEach(pets) { pet in
                        Avatar(pet: pet)
                            .rank(rank(pet))
                    }
                }
                .animation(.default, value: pets)
            }
    }
}

// MARK: - Supplied by the tests
//
// Everything below is not in the talk: it is what the snippets use but never show.

/// "Custom layout instantiation" (18:07) is an expression; this view holds it, verbatim.
struct VotingButtons: View {
    @State var pets: [Pet] = Pet.exampleData

    var body: some View {
        MyEqualWidthHStack {
            ForEach($pets) { $pet in
                Button {
                    pet.votes += 1
                } label: {
                    Text(pet.type)
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.bordered)
            }
        }
    }
}

/// The talk shows `MyEqualWidthVStack` only by name: the vertical counterpart of
/// `MyEqualWidthHStack`, written the same way — every subview proposed the largest ideal size,
/// stacked top to bottom with the preferred vertical spacing between neighbours.
struct MyEqualWidthVStack: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let maxSize = maxSize(subviews: subviews)
        let totalSpacing = spacing(subviews: subviews).reduce(0, +)
        return CGSize(width: maxSize.width, height: maxSize.height * CGFloat(subviews.count) + totalSpacing)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard !subviews.isEmpty else { return }
        let maxSize = maxSize(subviews: subviews)
        let spacing = spacing(subviews: subviews)
        let placementProposal = ProposedViewSize(width: maxSize.width, height: maxSize.height)
        var y = bounds.minY + maxSize.height / 2
        for index in subviews.indices {
            subviews[index].place(at: CGPoint(x: bounds.midX, y: y), anchor: .center, proposal: placementProposal)
            y += maxSize.height + spacing[index]
        }
    }

    private func maxSize(subviews: Subviews) -> CGSize {
        subviews.map { $0.sizeThatFits(.unspecified) }.reduce(.zero) { m, s in
            CGSize(width: max(m.width, s.width), height: max(m.height, s.height))
        }
    }

    private func spacing(subviews: Subviews) -> [CGFloat] {
        subviews.indices.map { index in
            guard index < subviews.count - 1 else { return 0 }
            return subviews[index].spacing.distance(to: subviews[index + 1].spacing, along: .vertical)
        }
    }
}

extension MyRadialLayout {
    /// The rotation (radians, clockwise on screen) that brings the leaders to the top, for the
    /// talk's three pets (ranks 1 = most votes). From the talk's description:
    /// - a single leader (rank 1 alone) is turned to the top (12 o'clock);
    /// - a two-way tie for first is turned so the two leaders sit symmetric about the top
    ///   (at ±60° with three subviews, 120° apart), the third at the bottom;
    /// - a three-way tie (all equal) needs no offset (the talk switches to an HStack then).
    /// The subviews sit at `angle * index + offset` with `angle = 2π / count`.
    func getOffset(_ ranks: [Int]) -> Double {
        guard let best = ranks.min(), !ranks.isEmpty else { return 0 }
        let leaders = ranks.indices.filter { ranks[$0] == best }
        let angle = 2 * Double.pi / Double(ranks.count)
        switch leaders.count {
        case 1:
            // Turn the leader's slot back to the top.
            return -angle * Double(leaders[0])
        case 2 where ranks.count == 3:
            // Adjacent slots i and j (j = i + 1, or 0 and 2 wrapping round): the midpoint of the
            // short arc between them goes to the top.
            let (i, j) = (leaders[0], leaders[1])
            let mid = j - i == 1 ? angle * (Double(i) + 0.5) : angle * (Double(j) + 0.5)
            return -mid
        default:
            return 0
        }
    }
}

/// The background that shows ranks (the talk only names it): a 300-point square.
struct Podium: View {
    var body: some View {
        Rectangle()
            .fill(.gray)
            .frame(width: 300, height: 300)
    }
}

/// A pet's avatar (the talk only names it): a 40-point circle.
struct Avatar: View {
    var pet: Pet

    var body: some View {
        Circle()
            .fill(.blue)
            .frame(width: 40, height: 40)
    }
}

extension Profile {
    /// A pet's rank: 1 + the number of pets with more votes (ties share a rank).
    func rank(_ pet: Pet) -> Int {
        1 + pets.filter { $0.votes > pet.votes }.count
    }
}
