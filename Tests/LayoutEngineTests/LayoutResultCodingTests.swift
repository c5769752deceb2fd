import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// Layout results travel from the preview agent to the window as JSON.
@Suite("LayoutResult coding")
struct LayoutResultCodingTests {
    static func roundTrip(_ result: LayoutResult) throws -> LayoutResult {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(LayoutResult.self, from: encoder.encode(result))
    }

    @Test func everyViewFrameAndDisplayItemSurvives() throws {
        let view = HStack(spacing: 8) {
            Color.red.frame(width: 40, height: 30).id("a")
            Text("Hello").font(.title).id(7)
            RoundedRectangle(cornerRadius: 4).fill(.blue).frame(width: 20).id(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        }
        .padding(10)
        .opacity(0.5)
        let original = LayoutHost.layout(view, in: CGSize(width: 300, height: 200))
        let decoded = try Self.roundTrip(original)
        #expect(decoded.views.count == original.views.count)
        #expect(decoded.frames == original.frames)
        #expect(decoded.displayList == original.displayList)
        #expect(decoded.canvasSize == original.canvasSize)
        #expect(decoded.rootSize == original.rootSize)
        #expect(decoded.counters == original.counters)
        #expect(decoded.trace.events == original.trace.events)
        #expect(decoded.frame(of: "a") == original.frame(of: "a"))
        #expect(decoded.frame(of: 7) == original.frame(of: 7))
        // Other identifier types arrive as their description.
        #expect(decoded.frame(of: "00000000-0000-0000-0000-000000000001") != nil)
        for i in original.views.indices {
            let a = original.views[i], b = decoded.views[i]
            #expect(a.identity == b.identity && a.parent == b.parent && a.kind == b.kind && a.detail == b.detail)
            #expect(a.proposal == b.proposal && a.idealSize == b.idealSize && a.isVisible == b.isVisible)
        }
    }

    @Test func infiniteProposalsSurvive() throws {
        let r = LayoutHost(Text("x")).layout(proposal: ProposedViewSize(width: .infinity, height: nil))
        let decoded = try Self.roundTrip(r)
        #expect(decoded.proposal.width == .infinity)
        #expect(decoded.proposal.height == nil)
    }

    @Test func inconsistentPayloadIsAnErrorNotACrash() throws {
        let r = LayoutHost.layout(Color.red, in: CGSize(width: 10, height: 10))
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(r)
        var json = String(decoding: data, as: UTF8.self)
        json = json.replacingOccurrences(of: "\"view\":0", with: "\"view\":99")
        #expect(json.contains("\"view\":99"))
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(throws: DecodingError.self) { try decoder.decode(LayoutResult.self, from: Data(json.utf8)) }
    }
}
