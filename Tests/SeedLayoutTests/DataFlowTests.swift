// Data flow: @State, @Binding, @Environment (keys, custom keys, @Observable objects),
// ObservableObject wrappers, storage wrappers. Views are laid out with their initial state.
// Measures: the deterministic measurer (glyph = font size, line = font size; body 17).

import Testing
import SwiftUI
import LayoutTestSupport

private struct PaddingKey: EnvironmentKey { static let defaultValue: CGFloat = 4 }
extension EnvironmentValues {
    var cardPadding: CGFloat {
        get { self[PaddingKey.self] }
        set { self[PaddingKey.self] = newValue }
    }
}

private struct Counter: View {
    @State private var count = 3
    @State private var name: String? = nil
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Text(name ?? "none")
        }
    }
}

private struct Card: View {
    @Environment(\.cardPadding) private var pad
    var body: some View { Color.red.frame(width: 10, height: 10).padding(pad) }
}

private struct SchemeLabel: View {
    @Environment(\.colorScheme) var colorScheme
    @Environment(\.horizontalSizeClass) var sizeClass
    @Environment(\.dynamicTypeSize) var typeSize
    var body: some View {
        Text(colorScheme == .dark ? "dark" : "light")
        Text(sizeClass == .compact ? "compact" : "regular")
        Text(typeSize == .large ? "large" : "other")
    }
}

@Observable final class ProfileModel {
    var name = "Ada"
    var isPro = true
}

private struct ProfileName: View {
    @Environment(ProfileModel.self) private var model
    var body: some View { Text(model.name) }
}

private struct OptionalProfile: View {
    @Environment(ProfileModel.self) private var model: ProfileModel?
    var body: some View { Text(model == nil ? "missing" : "present") }
}

private struct ProfileEditor: View {
    @Bindable var model: ProfileModel
    var body: some View {
        VStack {
            TextField("Name", text: $model.name)
            Toggle("Pro", isOn: $model.isPro)
        }
    }
}

final class LegacyStore: ObservableObject {
    @Published var title = "Inbox"
    @Published var unread = 2
}

private struct LegacyOwner: View {
    @StateObject private var store = LegacyStore()
    var body: some View { LegacyRow(store: store).environmentObject(store) }
}

private struct LegacyRow: View {
    @ObservedObject var store: LegacyStore
    @EnvironmentObject var shared: LegacyStore
    var body: some View {
        HStack {
            Text(store.title)
            Text("\(shared.unread)")
            TextField("Title", text: $store.title)
        }
    }
}

private struct Stored: View {
    @AppStorage("username") private var username = "guest"
    @AppStorage("lastOpened") private var lastOpened: String?
    @SceneStorage("tab") private var tab = 1
    @FocusState private var focused: Bool
    @FocusState private var field: Int?
    @Namespace private var namespace
    var body: some View {
        VStack {
            Text(username)
            Text(lastOpened ?? "never")
            Text("tab \(tab)")
            Text(focused ? "focused" : "unfocused")
            Text(field == nil ? "no field" : "field")
                .focused($focused)
                .focused($field, equals: 2)
                .matchedGeometryEffect(id: "title", in: namespace)
        }
    }
}

private struct ToggleHost: View {
    @State private var on = false
    var body: some View {
        VStack {
            Child(isOn: $on)
            Toggle("Animated", isOn: $on.animation())
            Toggle("Spring", isOn: $on.animation(.spring()))
            Toggle("Constant", isOn: .constant(true))
        }
    }
    struct Child: View {
        @Binding var isOn: Bool
        var body: some View { Text(isOn ? "on" : "off") }
    }
}

private struct ForEachReader: View {
    @Environment(\.cardPadding) private var pad
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<2, id: \.self) { i in
                Color.blue.frame(width: pad, height: pad)
            }
        }
    }
}

private struct TitleFontChild: View {
    var body: some View { Text("Hi") }
}

@Suite("Data flow")
struct DataFlowTests {
    @Test func stateIsLaidOutWithItsInitialValue() {
        let r = layout(Counter(), 400, 200)
        #expect(r.textFrame("Count: 3") != nil)
        #expect(r.textFrame("none") != nil)
    }

    /// A custom key set with `.environment(\.key, value)` reaches `@Environment(\.key)`:
    /// 10 + 2 × 20 = 50 square; without it the default 4 → 18.
    @Test func customEnvironmentKeyChangesLayout() {
        let set = layout(Card().environment(\.cardPadding, 20), 200, 200)
        expectFrame(set.views.first?.frame, rect(75, 75, 50, 50))
        let unset = layout(Card(), 200, 200)
        expectFrame(unset.views.first?.frame, rect(91, 91, 18, 18))
    }

    /// A closure of a view's body (ForEach content) reads that view's environment.
    @Test func forEachContentReadsTheEnvironment() {
        let r = layout(ForEachReader().environment(\.cardPadding, 30), 200, 200)
        #expect(r.views.filter { $0.kind == "Color" }.map(\.frame.size) == [CGSize(width: 30, height: 30), CGSize(width: 30, height: 30)])
    }

    @Test func builtInKeysHaveIOSDefaultsAndCanBeSet() {
        let r = layout(VStack { SchemeLabel() }, 400, 300)
        #expect(r.textFrame("light") != nil && r.textFrame("compact") != nil && r.textFrame("large") != nil)
        let dark = layout(VStack { SchemeLabel() }.environment(\.colorScheme, .dark).environment(\.horizontalSizeClass, .regular), 400, 300)
        #expect(dark.textFrame("dark") != nil && dark.textFrame("regular") != nil)
    }

    /// `.font(.title)` reaches Text inside a custom view: 2 glyphs × 28.
    @Test func layoutEnvironmentReachesNestedViews() {
        let r = layout(TitleFontChild().font(.title), 400, 200)
        #expect(r.textFrame("Hi")?.size == CGSize(width: 56, height: 28))
    }

    @Test func observableObjectsFromTheEnvironment() {
        let model = ProfileModel()
        let r = layout(VStack { ProfileName(); OptionalProfile() }.environment(model), 400, 200)
        #expect(r.textFrame("Ada") != nil)
        #expect(r.textFrame("present") != nil)
        let missing = layout(OptionalProfile(), 400, 200)
        #expect(missing.textFrame("missing") != nil)
    }

    /// `$model.name` from `@Bindable` is a binding the field reads; the Toggle row fills 300.
    @Test func bindableMakesBindings() {
        let model = ProfileModel()
        model.name = "Grace"
        let r = layout(ProfileEditor(model: model), 300, 200)
        #expect(r.textFrame("Grace")?.size == CGSize(width: 85, height: 17))
        #expect(r.first(kind: "Switch")?.frame.size == CGSize(width: 51, height: 31))
        let binding = Bindable(model).name
        binding.wrappedValue = "Linus"
        #expect(model.name == "Linus")
    }

    @Test func observableObjectWrappersWithoutCombine() {
        let r = layout(LegacyOwner(), 400, 200)
        #expect(r.texts("Inbox").count == 2)  // the Text and the field's text
        #expect(r.textFrame("2") != nil)
        let store = LegacyStore()
        ObservedObject(wrappedValue: store).projectedValue.title.wrappedValue = "Sent"
        #expect(store.title == "Sent")
    }

    @Test func storageFocusAndNamespaceStartAtTheirDefaults() {
        let r = layout(Stored(), 400, 300)
        for s in ["guest", "never", "tab 1", "unfocused", "no field"] { #expect(r.textFrame(s) != nil, "\(s)") }
        #expect(Namespace().wrappedValue != Namespace().wrappedValue)
    }

    @Test func bindingsWriteThroughAndAnimationKeepsTheValue() {
        var stored = 1
        let b = Binding(get: { stored }, set: { stored = $0 })
        b.animation().wrappedValue = 5
        #expect(stored == 5)
        #expect(Binding.constant(3).animation(.easeInOut).wrappedValue == 3)
        struct Pair { var a = 1; var b = 2 }
        let pair = State(initialValue: Pair())
        pair.projectedValue.b.wrappedValue = 9
        #expect(pair.wrappedValue.b == 9)
        let r = layout(ToggleHost(), 300, 400)
        #expect(r.textFrame("off") != nil)
        #expect(r.views.filter { $0.kind == "Switch" }.map(\.detail) == ["off", "off", "on"])
    }
}

extension EnvironmentValues {
    @Entry var badgeInset: CGFloat = 6
    @Entry var badgeLabel: String? = nil
}

private struct BadgeView: View {
    @Environment(\.badgeInset) private var inset
    @Environment(\.badgeLabel) private var label
    var body: some View { Text(label ?? "none").padding(inset) }
}

@Suite("@Entry environment values")
struct EntryMacroTests {
    /// "none" (68×17) padded by the default 6; then set to 10 with a label.
    @Test func entryDeclaresAKeyWithItsDefault() {
        let r = layout(BadgeView(), 200, 100)
        #expect(r.views.first?.frame.size == CGSize(width: 80, height: 29))
        let set = layout(BadgeView().environment(\.badgeInset, 10).environment(\.badgeLabel, "new"), 200, 100)
        #expect(set.textFrame("new") != nil)
        #expect(set.views.first?.frame.size == CGSize(width: 71, height: 37))
    }
}
