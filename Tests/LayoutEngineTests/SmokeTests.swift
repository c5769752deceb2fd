import Testing
import Foundation
@testable import LayoutEngine

@Test func smokeGoldenCases() {
    let r = LayoutHost.layout(HStack { Color.red.id(1); Color.blue.id(2) }, in: CGSize(width: 100, height: 100))
    print(r.frame(of: 1)!, r.frame(of: 2)!)
    let r2 = LayoutHost.layout(HStack(alignment: .top, spacing: 8) {
        Color.red.frame(width: 20, height: 30).id(1); Color.red.frame(width: 30, height: 20).id(2); Color.red.frame(width: 25, height: 40).id(3)
    }.frame(width: 100, height: 100), in: CGSize(width: 100, height: 100))
    print(r2.frame(of: 1)!, r2.frame(of: 2)!, r2.frame(of: 3)!)
    let r3 = LayoutHost.layout(HStack(spacing: 10) { Color.red.frame(minWidth: 30, maxWidth: 100).id(1); Color.red.frame(width: 10).id(2) }, in: CGSize(width: 100, height: 100))
    print(r3.frame(of: 1)!, r3.frame(of: 2)!)
    let r4 = LayoutHost.layout(Color.red.id(1).padding(60), in: CGSize(width: 100, height: 100))
    print(r4.frame(of: 1)!)
    let r5 = LayoutHost.layout(VStack(spacing: 5) { Color.red.id(1); Color.red.id(2) }.background(HStack(spacing: 3) { Color.red.id(3); Color.blue.id(4) }), in: CGSize(width: 100, height: 100))
    print(r5.frame(of: 1)!, r5.frame(of: 2)!, r5.frame(of: 3)!, r5.frame(of: 4)!)
    print(r5.counters, r5.diagnostics)
}
