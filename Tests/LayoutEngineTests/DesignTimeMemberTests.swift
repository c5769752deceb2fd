import Testing
import SwiftUI

/// The registry behind enum-like literals on the fast path: a member the window sends by name
/// is made without the compiler, and a name the type does not know keeps the compiled member.
@Suite("Implicit members read from the design-time table", .serialized)
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

    @Test("enumerations, option sets, fonts and colours make their members by name")
    func moreTypesResolveByName() {
        #expect(Edge._designTimeMember(named: "bottom") == .bottom)
        #expect(ContentMode._designTimeMember(named: "fill") == .fill)
        #expect(Visibility._designTimeMember(named: "hidden") == .hidden)
        #expect(Edge.Set._designTimeMember(named: "vertical") == .vertical)
        #expect(Axis.Set._designTimeMember(named: "horizontal") == .horizontal)
        #expect(TextCase._designTimeMember(named: "uppercase") == .uppercase)
        #expect(Font._designTimeMember(named: "caption2") == .caption2)
        #expect(Font.Design._designTimeMember(named: "default") == .default)
        #expect(Color._designTimeMember(named: "mint") == .mint)
        // In a shape-style argument these are another type: only a compile can say which.
        #expect(Color._designTimeMember(named: "secondary") == nil)
        #expect(Font._designTimeMember(named: "system") == nil)
        #expect(Edge._designTimeMember(named: "Bottom") == nil)
    }

    private func font(_ font: Font?) -> Font? { font }
    private func style<S: ShapeStyle>(_ style: S) -> S { style }
    private func width(_ width: CGFloat?) -> CGFloat? { width }

    @Test("the compiler infers the member's type as it does without the read")
    func readsInferTheArgumentsType() {
        let key = "DesignTimeMemberTests.readsInferTheArgumentsType:"
        // An optional parameter: the wrapped type's members.
        DesignTimeValues.update([key + "font": "caption"])
        #expect(font(__designTimeMember(key + "font", .title)) == .caption)
        // A generic shape style: the member's own type (`Color`).
        DesignTimeValues.update([key + "style": "blue"])
        let blue: Color = style(__designTimeMember(key + "style", .red))
        #expect(blue == .blue)
    }

    @Test("a name the argument's type cannot make is reported, and the compiled member kept")
    func unresolvableNamesAreReported() {
        let key = "DesignTimeMemberTests.unresolvableNamesAreReported:"
        DesignTimeValues.update([key + "width": "zero", key + "style": "secondary"])
        // `CGFloat` makes no members by name: the disfavoured overload keeps `.infinity`.
        #expect(width(__designTimeMember(key + "width", .infinity)) == .infinity)
        let red: Color = style(__designTimeMember(key + "style", .red))
        #expect(red == .red)
        let unapplied = DesignTimeValues.takeUnapplied()
        #expect(unapplied.contains(key + "width"))
        #expect(unapplied.contains(key + "style"))
    }
}
