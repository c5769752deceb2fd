import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: focus states follow and move the focused text field")
struct LiveFocusTests {
    private struct SignIn: View {
        enum Field: Hashable { case email, password }
        @State private var email = ""
        @State private var password = ""
        @FocusState private var focus: Field?
        var body: some View {
            VStack {
                TextField("Email", text: $email).focused($focus, equals: .email).onSubmit { focus = .password }.id("email")
                SecureField("Password", text: $password).focused($focus, equals: .password).id("password")
                Text(focus.map { "\($0)" } ?? "none").id("focus")
                Text("\(email)|\(password.count)").id("typed")
                Button("Start") { focus = .email }.id("start")
                Button("Done") { focus = nil }.id("done")
            }
        }
    }

    private func text(_ live: LivePreview, _ id: String) -> String? {
        live.lastResult?.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }?.detail
    }

    @Test func theCodeMovesFocusAndTypingFollowsIt() throws {
        let live = LivePreview(SignIn())
        _ = live.layout(proposal: ProposedViewSize(width: 320, height: 480))
        #expect(text(live, "focus") == "\"none\"")
        _ = try live.send(.tap(live.centre(ofViewWithID: "start")))
        #expect(text(live, "focus") == "\"email\"")
        _ = try live.send(.type("ada@example.com"))
        // Return submits: the code moves focus to the password, and typing goes there.
        _ = try live.send(.key(.return))
        #expect(text(live, "focus") == "\"password\"")
        _ = try live.send(.type("secret"))
        #expect(text(live, "typed") == "\"ada@example.com|6\"")
        // The code clears focus: typing has nowhere to go.
        _ = try live.send(.tap(live.centre(ofViewWithID: "done")))
        #expect(text(live, "focus") == "\"none\"")
        #expect(live.graph.focusedTextInput == nil)
        #expect(throws: LiveEventError.self) { try live.send(.type("x")) }
    }

    @Test func aTapOnAFieldSetsTheFocusState() throws {
        let live = LivePreview(SignIn())
        _ = live.layout(proposal: ProposedViewSize(width: 320, height: 480))
        _ = try live.send(.tap(live.centre(ofViewWithID: "password")))
        #expect(text(live, "focus") == "\"password\"")
        _ = try live.send(.tap(live.centre(ofViewWithID: "email")))
        #expect(text(live, "focus") == "\"email\"")
    }

    @Test func aBooleanFocusState() throws {
        struct Search: View {
            @State private var query = ""
            @FocusState private var searching: Bool
            var body: some View {
                VStack {
                    TextField("Search", text: $query).focused($searching).id("field")
                    Text(searching ? "searching" : "idle").id("state")
                    Button("Cancel") { searching = false }.id("cancel")
                }
                .onAppear { searching = true }
            }
        }
        let live = LivePreview(Search())
        _ = live.layout(proposal: ProposedViewSize(width: 320, height: 480))
        #expect(text(live, "state") == "\"searching\"", "focus set in onAppear takes the field")
        #expect(live.graph.focusedTextInput != nil)
        _ = try live.send(.tap(live.centre(ofViewWithID: "cancel")))
        #expect(text(live, "state") == "\"idle\"")
        #expect(live.graph.focusedTextInput == nil)
    }
}
