/// Device sizes people test against, in points (portrait): the inspector's presets and the
/// automation's `preset` command.
public struct ProposalPreset: Sendable {
    public let name: String
    public let width: Double
    public let height: Double

    public static let all: [ProposalPreset] = [
        ProposalPreset(name: "iPhone SE", width: 375, height: 667),
        ProposalPreset(name: "iPhone 15", width: 393, height: 852),
        ProposalPreset(name: "iPhone 15 Pro Max", width: 430, height: 932),
        ProposalPreset(name: "iPad mini", width: 744, height: 1133),
        ProposalPreset(name: "iPad Pro 11″", width: 834, height: 1194),
        ProposalPreset(name: "Laptop window", width: 1280, height: 800),
        ProposalPreset(name: "Desktop", width: 1920, height: 1080),
        ProposalPreset(name: "Watch 45 mm", width: 198, height: 242),
    ]
}
