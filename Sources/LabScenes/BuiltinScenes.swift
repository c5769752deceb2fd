import Foundation
import SwiftUI
import LayoutGallery

/// A soft color per item, so moving subviews are easy to follow.
func itemTint(_ id: Int) -> Color {
    Color(hue: Double(id % 12) / 12, saturation: 0.45, brightness: 0.98)
}

extension LabScene {
    /// Numbered capsules, as in the Flow layout seed:
    /// `Text("\(n)").padding().background(.regularMaterial).clipShape(.capsule)`.
    public static var capsules: LabScene {
        // 20 capsules: enough that Flow wraps in a first window, so it never looks like HStack.
        LabScene("Capsules", count: 20, itemsAreEditable: true) { p in
            ForEach(p.items) { item in
                Text("\(item.id + 1)")
                    .padding()
                    .background(.regularMaterial)
                    .background(itemTint(item.id))
                    .clipShape(.capsule)
                    .labRank(item.rank)
            }
        }
        .summarized("Numbered capsules of different widths, as in the Flow layout article.")
    }

    /// "Hello", "World", "!!!" in decreasing text styles with red borders (the spacing seed).
    public static var spacing: LabScene {
        LabScene("Spacing", count: 3, itemsAreEditable: true) { p in
            ForEach(p.items) { item in
                SpacingWord(index: item.id)
                    .labRank(item.rank)
            }
        }
        .summarized("Text in three sizes with borders: watch the preferred spacing between them.")
    }

    /// The WWDC22 "Compose custom layouts with SwiftUI" example: the pets leaderboard (a Grid
    /// of name, progress and votes with dividers), the voting buttons (ViewThatFits between
    /// equal-width stacks; click one in the canvas to vote), and the radial podium of avatars
    /// ranked by votes, which rearranges as the votes change.
    public static var pets: LabScene {
        LabScene("Pets", count: 3, itemsAreEditable: false) { p in
            ForEach(p.items) { item in
                PetsPart(part: item.id % 3, standings: Standings(pets: Pet.current(p)), rotation: p.rotation)
                    .labRank(item.rank)
            }
        }
        .summarized("The WWDC22 pets: a leaderboard grid, voting buttons (click to vote) and a podium.")
    }

    /// Spacers, layout priorities, fixed sizes and alignment guides mixed together.
    public static var mixed: LabScene {
        LabScene("Mixed", count: 6, itemsAreEditable: true) { p in
            ForEach(p.items) { item in
                MixedPart(index: item.id)
                    .labRank(item.rank)
            }
        }
        .summarized("Spacers, layout priorities, fixed sizes and an alignment guide together.")
    }
}

struct SpacingWord: View {
    let index: Int
    var body: some View {
        switch index % 3 {
        case 0: Text("Hello").font(.largeTitle).border(Color.red)
        case 1: Text("World").font(.title).border(Color.red)
        default: Text("!!!").font(.title3).border(Color.red)
        }
    }
}

/// A pet of the WWDC22 example.
struct Pet: Identifiable, Sendable {
    let type: String
    let votes: Int
    let color: Color
    var id: String { type }
    // Distinct ids for each place a pet appears (ids must be unique in a tree). The buttons
    // are tappable ("tap:"): clicking one in the canvas votes.
    var wideButtonID: String { "tap:\(type)#wide" }
    var tallButtonID: String { "tap:\(type)#tall" }
    var avatarID: String { "avatar-\(type)" }

    static let initial = [
        Pet(type: "Cat", votes: 25, color: .orange),
        Pet(type: "Goldfish", votes: 9, color: .teal),
        Pet(type: "Dog", votes: 16, color: .brown),
    ]

    /// The pets with the votes cast by clicking the buttons added.
    static func current(_ p: LabParameters) -> [Pet] {
        initial.map { Pet(type: $0.type, votes: $0.votes + p.tapCount($0.type), color: $0.color) }
    }
}

/// The pets' standings: total votes and ranks (1 for the most votes).
struct Standings: Sendable {
    let pets: [Pet]
    var total: Int { pets.reduce(0) { $0 + $1.votes } }
    func rank(_ pet: Pet) -> Int { pets.filter { $0.votes > pet.votes }.count + 1 }
}

struct PetsPart: View {
    let part: Int
    let standings: Standings
    let rotation: Angle
    var body: some View {
        switch part {
        case 0: Leaderboard(standings: standings)
        case 1: VotingButtons(pets: standings.pets)
        default: Podium(standings: standings, rotation: rotation)
        }
    }
}

struct Leaderboard: View {
    let standings: Standings
    var body: some View {
        // Rows written out (not a ForEach of row + divider) so that every view has its own id.
        Grid(alignment: .leading) {
            PetRow(pet: standings.pets[0], total: standings.total)
            Divider()
            PetRow(pet: standings.pets[1], total: standings.total)
            Divider()
            PetRow(pet: standings.pets[2], total: standings.total)
            Divider()
        }
        .padding()
        .frame(width: 260)
    }
}

/// One leaderboard row: name, share of the votes, votes.
struct PetRow: View {
    let pet: Pet
    let total: Int
    var body: some View {
        GridRow {
            Text(pet.type)
            ProgressView(value: Double(pet.votes), total: Double(max(total, 1)))
            Text("\(pet.votes)")
        }
    }
}

/// The voting buttons: side by side when they fit, else stacked (click one to vote).
struct VotingButtons: View {
    let pets: [Pet]
    var body: some View {
        ViewThatFits {
            EqualWidthHStack {
                ForEach(pets, id: \.wideButtonID) { pet in
                    Button(action: {}) {
                        Text(pet.type).padding(8).frame(maxWidth: .infinity).background(pet.color.opacity(0.3))
                    }
                }
            }
            EqualWidthVStack {
                ForEach(pets, id: \.tallButtonID) { pet in
                    Button(action: {}) {
                        Text(pet.type).padding(8).frame(maxWidth: .infinity).background(pet.color.opacity(0.3))
                    }
                }
            }
        }
    }
}

/// The avatars in a RadialLayout, ranked by votes.
struct Podium: View {
    let standings: Standings
    let rotation: Angle
    var body: some View {
        RadialLayout(rotation: rotation) {
            ForEach(standings.pets, id: \.avatarID) { pet in
                pet.color
                    .frame(width: 44, height: 44)
                    .overlay(Text(String(pet.type.prefix(1))).font(.headline))
                    .clipShape(.capsule)
                    .labRank(standings.rank(pet))
            }
        }
        .frame(width: 180, height: 180)
    }
}

struct MixedPart: View {
    let index: Int
    var body: some View {
        switch index % 6 {
        case 0:
            // The priority goes on the outermost view: a stack reads its children's priority,
            // and SwiftUI's padding and border do not pass an inner one up.
            Text("Priority 1: I keep my width")
                .padding(6)
                .border(Color.blue)
                .layoutPriority(1)
        case 1:
            Spacer(minLength: 12)
        case 2:
            Text("A long, low-priority caption that truncates or wraps first")
                .padding(6)
                .border(Color.gray)
        case 3:
            Color.orange
                .frame(width: 40, height: 40)
                .alignmentGuide(VerticalAlignment.center) { d in d.height }
        case 4:
            Text("fixedSize")
                .fixedSize()
                .padding(6)
                .background(Color.mint.opacity(0.4))
        default:
            RoundedRectangle(cornerRadius: 8)
                .foregroundStyle(itemTint(index))
                .frame(minWidth: 30, idealWidth: 60, maxWidth: 120, minHeight: 30, maxHeight: 60)
        }
    }
}

extension View {
    /// The subview's rank in a `RadialLayout` (the gallery's rank modifier, in one place).
    func labRank(_ rank: Int) -> some View { radialRank(rank) }
}
