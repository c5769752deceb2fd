import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// The widest of the values reported: the usual key of "equal widths" code.
private struct LabelWidthKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
        value = max(value, nextValue())
    }
}

/// Equal-width labels, as public SwiftUI code writes them: each label reports its width from a
/// GeometryReader in its background, the form keeps the widest in @State from
/// onPreferenceChange and gives every label that width.
private struct ContactForm: View {
    @State private var labelWidth: CGFloat? = nil

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            row("Name", value: "Ada Lovelace")
            row("Email", value: "ada@example.com")
            row("Phone number", value: "555 0100")
        }
        .onPreferenceChange(LabelWidthKey.self) { width in
            labelWidth = width
        }
    }

    private func row(_ label: String, value: String) -> some View {
        HStack {
            Text(label)
                .background(
                    GeometryReader { proxy in
                        Color.clear.preference(key: LabelWidthKey.self, value: proxy.size.width)
                    }
                )
                .frame(width: labelWidth, alignment: .leading)
                .id(label)
            Text(value).id("value-\(label)")
        }
    }
}

/// A view whose change handler always changes what it measures: it never settles.
private struct GrowingBar: View {
    @State private var width: CGFloat = 10
    var body: some View {
        Color.blue
            .frame(width: width, height: 10)
            .background(GeometryReader { proxy in
                Color.clear.preference(key: LabelWidthKey.self, value: proxy.size.width)
            })
            .onPreferenceChange(LabelWidthKey.self) { measured in
                width = measured + 1
            }
            .id("bar")
    }
}

@Suite("Preferences: onPreferenceChange settles the screen")
struct PreferenceSettlingTests {
    @Test func equalWidthLabelsTakeTheWidestLabelsWidthInAOneOffLayout() throws {
        let result = LayoutHost.layout(ContactForm(), in: CGSize(width: 400, height: 300))
        // Body text is 17 pt: the deterministic measurer makes each glyph 17 wide.
        // "Phone number" is 12 glyphs: 204; every label's frame takes it.
        let widest: CGFloat = 12 * 17
        for label in ["Name", "Email", "Phone number"] {
            let frame = try #require(result.frame(of: label))
            #expect(frame.width == widest, "\(label): \(frame)")
        }
        // The values start at the same x: the labels line up.
        let xs = try ["Name", "Email", "Phone number"].map { try #require(result.frame(of: "value-\($0)")).minX }
        #expect(Set(xs).count == 1, "\(xs)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func beforeTheActionRunsTheLabelsHaveTheirOwnWidths() throws {
        // Without the settling loop the first layout would show "Name" at its own 68 points.
        let host = LayoutHost(ContactForm())
        let hook = try #require(host.updateHook as? PreferenceUpdater)
        let result = host.layout(in: CGSize(width: 400, height: 300))
        #expect(hook.rebuilds == 1, "one update applies the width")
        #expect(result.frame(of: "Name")?.width == 204)
        // Laying out again changes nothing: the value is the one the action saw.
        let again = host.layout(in: CGSize(width: 400, height: 300))
        #expect(hook.rebuilds == 1)
        #expect(again.frame(of: "Name")?.width == 204)
    }

    @Test func aTreeWithoutObserversHasNoUpdateHook() {
        let host = LayoutHost(VStack { Text("a").preference(key: LabelWidthKey.self, value: 3) })
        #expect(host.updateHook == nil)
    }

    @Test func aPreferenceThatNeverSettlesIsStoppedAndReported() throws {
        let result = LayoutHost.layout(GrowingBar(), in: CGSize(width: 200, height: 100))
        // Each update widens the bar by one point: 10 at first, then 16 updates.
        let limit = PreferenceUpdater.maximumUpdates
        #expect(result.frame(of: "bar")?.width == 10 + CGFloat(limit))
        let warning = try #require(result.diagnostics.first { $0.message.contains("did not settle") })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("LabelWidthKey did not settle after \(limit) updates"), "\(warning.message)")
    }
}
