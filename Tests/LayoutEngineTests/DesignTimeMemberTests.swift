import Testing
import SwiftUI

/// The registry behind enum-like literals on the fast path: a member the window sends by name
/// is made without the compiler, and a name the type does not know keeps the compiled member.
@Suite("Implicit members read from the design-time table")
struct DesignTimeMemberTests {
    @Test("each registered type makes its plain static members by name")
    func membersResolveByName() {
        let h = HorizontalAlignment._designTimeMember(named: "trailing")
        #expect(h == .trailing)
        let v = VerticalAlignment._designTimeMember(named: "firstTextBaseline")
        #expect(v == .firstTextBaseline)
        let a = Alignment._designTimeMember(named: "bottomLeading")
        #expect(a == .bottomLeading)
        let w = Font.Weight._designTimeMember(named: "semibold")
        #expect(w == .semibold)
        let t = TextAlignment._designTimeMember(named: "center")
        #expect(t == .center)
        let unknown = HorizontalAlignment._designTimeMember(named: "listRowSeparatorLeading")
        #expect(unknown == nil)
    }

    @Test("a table read gives the sent member, and the compiled one for a name it cannot make")
    func tableReadsMembers() {
        let key = "DesignTimeMemberTests.tableReadsMembers:1:1"
        let compiled = __designTimeMember(key, HorizontalAlignment.leading)
        #expect(compiled == .leading)
        DesignTimeValues.update([key: "trailing"])
        let sent = __designTimeMember(key, HorizontalAlignment.leading)
        #expect(sent == .trailing)
        DesignTimeValues.update([key: "system"])
        let kept = __designTimeMember(key, HorizontalAlignment.leading)
        #expect(kept == .leading)
    }
}
