import Foundation
import SwiftUI
import Testing

// A plain build (this test target, built by SwiftPM) compiles `#Preview` and `PreviewProvider`
// as they appear in real SwiftUI files; they register and do nothing else.

private struct Badge: View {
    var count: Int
    var body: some View { Text("\(count)").padding(4) }
}

#Preview("Badge", traits: .sizeThatFitsLayout) {
    Badge(count: 3)
}

#Preview {
    let counts = [1, 2]
    return VStack { ForEach(counts, id: \.self) { Badge(count: $0) } }
}

#Preview(traits: .fixedLayout(width: 200, height: 100), .landscapeLeft) {
    Badge(count: 1)
    Badge(count: 2)
}

private struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Badge(count: 1).previewDisplayName("One")
            Badge(count: 2).previewLayout(.fixed(width: 120, height: 40))
            ForEach([7, 8], id: \.self) { n in Badge(count: n).previewLayout(.sizeThatFits) }
        }
        .previewDevice("iPhone 15")
    }
}

private struct Single_Previews: PreviewProvider {
    static var previews: some View { Badge(count: 9).previewLayout(.sizeThatFits).previewDisplayName("Nine") }
}

@Suite("Previews in a plain build")
struct PlainBuildPreviewTests {
    @Test @MainActor func aProviderGroupIsOnePreviewPerTopLevelView() {
        let previews = PreviewRegistration.previews(of: Badge_Previews.self)
        #expect(previews.count == 4)
        #expect(previews.map(\.name) == ["One", nil, nil, nil])
        #expect(previews[0].traits.isEmpty)
        #expect(previews[1].traits == [.fixedLayout(width: 120, height: 40)])
        #expect(previews[2].traits == [.sizeThatFitsLayout])
        #expect(previews[3].traits == [.sizeThatFitsLayout])
    }

    @Test @MainActor func modifiersAreReadThroughTheirOrder() {
        let previews = PreviewRegistration.previews(of: Single_Previews.self)
        #expect(previews.count == 1)
        #expect(previews[0].name == "Nine")
        #expect(previews[0].traits == [.sizeThatFitsLayout])
    }

    @Test @MainActor func previewModifiersDoNotChangeLayout() {
        let plain = LayoutHost.layout(Badge(count: 5), in: CGSize(width: 100, height: 100))
        let marked = LayoutHost.layout(Badge(count: 5).previewLayout(.sizeThatFits).previewDisplayName("x"), in: CGSize(width: 100, height: 100))
        #expect(plain.frames == marked.frames)
        #expect(plain.views.map(\.kind) == marked.views.map(\.kind))
    }

    @Test func topLevelViewsSplitGroupsBlocksAndForEach() {
        let parts = _topLevelViews(of: Group {
            Text("a")
            Group { Text("b"); Text("c") }
            ForEach(0..<2, id: \.self) { Text("\($0)") }
        })
        #expect(parts.count == 5)
        #expect(_topLevelViews(of: HStack { Text("a"); Text("b") }).count == 1)
    }
}
