import Foundation
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore

/// The app shows and takes any number without trapping (issue 17, item 5).
@Suite("Large numbers in the app")
struct LargeNumberTests {
    @Test func formattingShowsAnyValue() {
        #expect(fmt(12.0) == "12")
        #expect(fmt(-3.25) == "-3.2")
        #expect(fmt(9.2e18) == "9.2e+18")
        #expect(fmt(1e21) == "1e+21")
        #expect(fmt(-1e300) == "-1e+300")
        #expect(fmt(Double.greatestFiniteMagnitude) == "1.8e+308")
        #expect(fmt(CGFloat(1e308)) == "1e+308")
        #expect(fmt(Double.infinity) == "∞")
        #expect(fmt(Double.nan) == "nan")
        #expect(fmt(CGSize(width: 1e21, height: 5)) == "1e+21×5")
    }

    @Test func scriptIntegersAreClamped() {
        #expect(clampedInteger(1e300, 0...10_000) == 10_000)
        #expect(clampedInteger(-1e300, 0...10_000) == 0)
        #expect(clampedInteger(1e12, 1...Automation.maximumWindowLength) == Automation.maximumWindowLength)
        #expect(clampedInteger(1e30, -1...10_000) == 10_000)
        #expect(clampedInteger(.nan, 0...5) == 0)
        #expect(clampedInteger(41.9, 0...100) == 41)
        #expect(clampedInteger(-2.5, -10...10) == -2)
    }
}
