import Foundation

/// How a name a person types (`--preview`, `--layout`, `--scene`, an automation script's
/// `layout` and `scene`) picks one of the names on offer.
///
/// In order: the name exactly as listed; else the one name equal to it ignoring case; else the
/// one name equal to it ignoring case, spaces and punctuation (`equal-width-hstack` for
/// "Equal-width HStack"). When a step finds more than one name, the name is ambiguous and
/// nothing is picked; a name with no letter or digit (`""`, `🚀`) matches only exactly. The
/// window, the agent and `layoutlab render` all pick by this one rule.
public enum NameMatch: Equatable, Sendable {
    /// The index of the name picked.
    case found(Int)
    /// More than one name matches equally well (their indices): the person must say which.
    case ambiguous([Int])
    /// No name matches.
    case none

    /// Picks the name `query` means among `names`.
    public static func resolve(_ query: String, among names: [String]) -> NameMatch {
        if let exact = names.firstIndex(of: query) { return .found(exact) }
        let lowered = query.lowercased()
        let ignoringCase = names.indices.filter { names[$0].lowercased() == lowered }
        if let outcome = single(ignoringCase) { return outcome }
        let key = normalized(query)
        guard !key.isEmpty else { return .none }
        return single(names.indices.filter { normalized(names[$0]) == key }) ?? .none
    }

    private static func single(_ indices: [Int]) -> NameMatch? {
        switch indices.count {
        case 0: nil
        case 1: .found(indices[0])
        default: .ambiguous(indices)
        }
    }

    /// The index picked, or nil when none or more than one matches.
    public var index: Int? {
        if case .found(let i) = self { return i }
        return nil
    }

    /// A name without case, spaces or punctuation: the loosest comparison `resolve` makes.
    public static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Names made unique in order: a name met again gets " (2)", " (3)", … — the first such
    /// suffix that no other name in `names` already is, so that a made-up name never hides a
    /// real one (two "Same" and a "Same (2)" become "Same", "Same (3)", "Same (2)").
    public static func unique(_ names: [String]) -> [String] {
        let given = Set(names)
        var used: Set<String> = []
        return names.map { name in
            var candidate = name
            var n = 1
            while used.contains(candidate) || (n > 1 && given.contains(candidate)) {
                n += 1
                candidate = "\(name) (\(n))"
            }
            used.insert(candidate)
            return candidate
        }
    }
}
