import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// The bounds of the selected tab, as tab bars with a moving underline record them.
private struct SelectedTabBoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

/// A segmented tab bar whose underline sits under the selected tab.
private struct UnderlinedTabs: View {
    let tabs = ["Home", "Trending", "Saved"]
    @State var selection = "Trending"

    var body: some View {
        HStack(spacing: 16) {
            ForEach(tabs, id: \.self) { tab in
                Text(tab)
                    .font(.system(size: 10))
                    .padding(.vertical, 8)
                    .anchorPreference(key: SelectedTabBoundsKey.self, value: .bounds) { anchor in
                        tab == selection ? anchor : nil
                    }
                    .onTapGesture { selection = tab }
                    .id(tab)
            }
        }
        .overlayPreferenceValue(SelectedTabBoundsKey.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let bounds = proxy[anchor]
                    Rectangle()
                        .fill(Color.accentColor)
                        .frame(width: bounds.width, height: 2)
                        .id("underline")  // the drawn bar (an offset's own frame stays where it was laid out)
                        .offset(x: bounds.minX, y: bounds.maxY - 2)
                }
            }
        }
    }
}

/// The size a child reports, in a key holding one size.
private struct ChildSizeKey: PreferenceKey {
    static let defaultValue: CGSize = .zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

extension View {
    /// Reports the view's size to its ancestors (the usual `readSize` helper of public code).
    fileprivate func readSize(_ onChange: @escaping (CGSize) -> Void) -> some View {
        background(
            GeometryReader { geometry in
                Color.clear.preference(key: ChildSizeKey.self, value: geometry.size)
            }
        )
        .onPreferenceChange(ChildSizeKey.self, perform: onChange)
    }
}

/// A card whose header is as tall as its badge measures: the parent lays out from the child's size.
private struct BadgeCard: View {
    @State private var badgeSize: CGSize = .zero

    var body: some View {
        VStack(spacing: 0) {
            ZStack(alignment: .leading) {
                Color.gray.frame(height: badgeSize.height + 20).id("header")
                Text("NEW")
                    .font(.system(size: 12))
                    .padding(6)
                    .readSize { badgeSize = $0 }
                    .id("badge")
            }
            Color.white.frame(height: 100)
        }
        .frame(width: 200)
    }
}

@Suite("Preferences: real-style patterns lay out as SwiftUI does")
struct PreferencePatternTests {
    @Test func theUnderlineSitsUnderTheSelectedTab() throws {
        let result = LayoutHost.layout(UnderlinedTabs(), in: CGSize(width: 300, height: 100))
        let trending = try #require(result.frame(of: "Trending"))
        let underline = try #require(result.frame(of: "underline"))
        // The anchor is the tab's bounds (its padded text), read in the overlay's reader.
        #expect(underline.width == trending.width)
        #expect(underline.minX == trending.minX)
        #expect(underline.maxY == trending.maxY)
        #expect(underline.height == 2)
    }

    @Test func theUnderlineMovesWhenAnotherTabIsTapped() throws {
        let live = LivePreview(UnderlinedTabs())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        let update = try live.send(.tap(live.centre(ofViewWithID: "Saved")))
        let saved = try #require(update.result.frame(of: "Saved"))
        let underline = try update.result.frame(ofShown: "underline")
        #expect(underline.minX == saved.minX && underline.width == saved.width)
    }

    @Test func aParentLaysOutFromTheSizeItsChildReports() throws {
        let result = LayoutHost.layout(BadgeCard(), in: CGSize(width: 300, height: 300))
        // "NEW" in 12 pt: 36 × 12, padded by 6: 48 × 24; the header is 24 + 20 tall.
        #expect(result.frame(of: "badge")?.size == CGSize(width: 48, height: 24))
        #expect(result.frame(of: "header")?.height == 44)
    }

    @Test func transformAnchorPreferenceCollectsTheAnchorsOfSeveralViews() throws {
        struct AllBoundsKey: PreferenceKey {
            static let defaultValue: [Anchor<CGRect>] = []
            static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) { value += nextValue() }
        }
        let view = HStack(spacing: 10) {
            Color.red.frame(width: 20, height: 20)
                .transformAnchorPreference(key: AllBoundsKey.self, value: .bounds) { $0.append($1) }
            Color.red.frame(width: 30, height: 20)
                .transformAnchorPreference(key: AllBoundsKey.self, value: .bounds) { $0.append($1) }
        }
        .backgroundPreferenceValue(AllBoundsKey.self) { anchors in
            GeometryReader { proxy in
                // A frame around every view: as wide as the union of their bounds.
                let union = anchors.map { proxy[$0] }.reduce(CGRect.null) { $0.union($1) }
                Color.yellow.frame(width: union.width, height: union.height).offset(x: union.minX, y: union.minY).id("union")
            }
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        // HStack 20 + 10 + 30 = 60 wide at (20, 40): the union covers it all.
        #expect(result.frame(of: "union") == CGRect(x: 20, y: 40, width: 60, height: 20))
    }

    @Test func preferencesOnlyReachAncestors() throws {
        // A sibling's value is not seen: the overlay reads the view it modifies.
        let view = VStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10).preference(key: ChildSizeKey.self, value: CGSize(width: 40, height: 4))
            Color.blue.frame(width: 10, height: 10)
                .overlayPreferenceValue(ChildSizeKey.self) { size in Color.green.frame(width: size.width, height: size.height).id("read") }
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        #expect(result.frame(of: "read")?.size == .zero)
    }
}
