import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// `EnvironmentValues` keeps its values in a box that copies share until one changes: a copy is
/// one pointer, and a change to one copy never shows in another.
@Suite("Environment values: shared until changed")
struct EnvironmentValuesStorageTests {
    private struct Accent: EnvironmentKey { static let defaultValue = "none" }

    @Test func copiesShareTheirValuesUntilOneChanges() {
        let base = EnvironmentValues()
        var copy = base
        #expect(copy.sharesValues(with: base))
        copy.lineLimit = 2
        #expect(!copy.sharesValues(with: base))
        #expect(copy.lineLimit == 2 && base.lineLimit == nil)
        // A second change to the copy, now its own, changes only it.
        let before = copy
        copy.layoutDirection = .rightToLeft
        #expect(before.layoutDirection == .leftToRight && copy.layoutDirection == .rightToLeft)
        #expect(before.lineLimit == 2)
    }

    @Test func everyValueIsWrittenAndReadBack() {
        var e = EnvironmentValues()
        e.font = .title
        e.foregroundStyle = .color(.red)
        e.tint = .color(.green)
        e.multilineTextAlignment = .center
        e.lineLimit = 3
        e.layoutDirection = .rightToLeft
        e.colorScheme = .dark
        e.textStyling.italic = true
        e.imageScale = .large
        e.containers.isInListRow = true
        e[Accent.self] = "teal"
        let fresh = EnvironmentValues()
        #expect(e.font == .title && fresh.font == nil)
        #expect(e.foregroundStyle == .color(.red) && e.tint == .color(.green))
        #expect(e.multilineTextAlignment == .center && e.lineLimit == 3)
        #expect(e.layoutDirection == .rightToLeft && e.colorScheme == .dark)
        #expect(e.textStyling.italic && !fresh.textStyling.italic)
        #expect(e.imageScale == .large && e.containers.isInListRow && !fresh.containers.isInListRow)
        #expect(e[Accent.self] == "teal" && fresh[Accent.self] == "none")
        #expect(!e.isSame(as: fresh) && e.isSame(as: e))
    }

    @Test func equalValuesInAnotherBoxAreTheSameEnvironment() {
        var a = EnvironmentValues(), b = EnvironmentValues()
        a.lineLimit = 1
        b.lineLimit = 1
        #expect(!a.sharesValues(with: b))
        #expect(a.isSame(as: b))
    }

    @Test func aChangeInsideAModifierDoesNotReachItsSiblings() throws {
        // Three texts share one environment; the middle one's line limit is its own (its
        // environment is a copy, changed), so only it stays on one line in a narrow column.
        let words = "one two three four five six"
        let host = LayoutHost(VStack(spacing: 0) { Text(words); Text(words).lineLimit(1); Text(words) })
        let r = host.layout(proposal: ProposedViewSize(width: 40, height: nil))
        let frames = r.texts(words).map(\.frame)
        try #require(frames.count == 3)
        #expect(frames[1].height < frames[0].height)
        #expect(frames[2].height == frames[0].height)
    }
}
