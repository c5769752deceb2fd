// Modifiers with no layout effect: spelled as real SwiftUI code spells them, they compile and
// leave every frame as it was.

import Testing
import SwiftUI
import LayoutTestSupport

private struct Decorated: View {
    @State private var showSheet = false
    @State private var query = ""
    @State private var offset = CGSize.zero
    @State private var value = 0
    @FocusState private var focused: Bool
    @Namespace private var ns
    var body: some View {
        VStack(spacing: 8) {
            Text("Title")
                .foregroundColor(.blue)
                .foregroundStyle(.secondary)
                .tint(.orange)
                .accessibilityLabel("Title")
                .accessibilityHint("The title")
                .accessibilityValue("1")
                .accessibilityHidden(false)
                .accessibilityAddTraits(.isHeader)
                .accessibilityElement(children: .combine)
                .accessibilityIdentifier("title")
                .onTapGesture { value += 1 }
                .onTapGesture(count: 2) { value = 0 }
                .onLongPressGesture { value = 3 }
                .gesture(DragGesture().onChanged { offset = $0.translation }.onEnded { _ in offset = .zero })
                .simultaneousGesture(TapGesture().onEnded { })
                .highPriorityGesture(LongPressGesture(minimumDuration: 1).onEnded { _ in })
                .contentShape(Rectangle())
                .allowsHitTesting(true)
                .matchedGeometryEffect(id: "title", in: ns)
                .transition(.opacity.combined(with: .scale))
                .transition(.asymmetric(insertion: .move(edge: .leading), removal: .slide))
                .animation(.easeInOut, value: value)
                .id("title")
                .tag(1)
                .help("Help")
                .privacySensitive()
                .redacted(reason: .placeholder)
                .textCase(nil)
                .symbolRenderingMode(.hierarchical)
                .symbolVariant(.fill)
                .imageScale(.large)
                .contextMenu { Button("Copy") {} }
                .swipeActions(edge: .trailing) { Button("Delete", role: .destructive) {} }
                .badge(3)
                .keyboardShortcut("t", modifiers: [.command, .shift])
            TextField("Search", text: $query)
                .keyboardType(.emailAddress)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .submitLabel(.search)
                .textContentType(.emailAddress)
                .focused($focused)
                .onSubmit { }
                .onSubmit(of: .text) { }
                .disabled(query.isEmpty)
        }
        .navigationTitle("Home")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) { Button("Add") {} }
            ToolbarItemGroup(placement: .bottomBar) { Button("A") {}; Button("B") {} }
        }
        .task { }
        .task(id: value) { }
        .onAppear { }
        .onDisappear { }
        .onChange(of: value) { newValue in _ = newValue }
        .onChange(of: value) { oldValue, newValue in _ = oldValue + newValue }
        .onChange(of: value, initial: true) { }
        .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in }
        .sheet(isPresented: $showSheet) { Text("Sheet").presentationDetents([.medium, .large]) }
        .fullScreenCover(isPresented: $showSheet) { Text("Cover") }
        .popover(isPresented: $showSheet) { Text("Popover") }
        .alert("Alert", isPresented: $showSheet) { Button("OK", role: .cancel) {} } message: { Text("Message") }
        .confirmationDialog("Sure?", isPresented: $showSheet, titleVisibility: .visible) { Button("Yes") {} }
        .refreshable { }
        .searchable(text: $query, prompt: "Search")
        .navigationDestination(for: Int.self) { Text("\($0)") }
        .environmentObject(DecoratedStore())
        .preferredColorScheme(.dark)
        .statusBarHidden()
        .ignoresSafeArea()
        .edgesIgnoringSafeArea(.all)
        .scrollContentBackground(.hidden)
        .listRowBackground(Color.clear)
        .listRowInsets(EdgeInsets())
        .listStyle(.insetGrouped)
        .labelStyle(.iconOnly)
        .buttonStyle(.borderless)
        .toggleStyle(.switch)
        .pickerStyle(.menu)
        .textFieldStyle(.plain)
        .fontWeight(.semibold)
        .fontDesign(.rounded)
        .monospacedDigit()
    }
}

final class DecoratedStore: ObservableObject {}

private struct Plain: View {
    var body: some View {
        VStack(spacing: 8) {
            Text("Title")
            TextField("Search", text: .constant(""))
        }
    }
}

@Suite("Modifiers without layout effect")
struct InertModifierTests {
    @Test func inertModifiersLeaveFramesUnchanged() {
        let decorated = layout(Decorated(), 300, 200)
        let plain = layout(Plain(), 300, 200)
        #expect(decorated.textFrame("Title") == plain.textFrame("Title"))
        #expect(decorated.textFrame("Search") == plain.textFrame("Search"))
        #expect(decorated.textFrame("Title") != nil)
        // Nothing presented is laid out.
        for hidden in ["Sheet", "Cover", "Popover", "Message", "Copy", "Add"] { #expect(decorated.textFrame(hidden) == nil, "\(hidden)") }
    }

    /// NavigationLink is laid out as its label.
    @Test func navigationLinkIsItsLabel() {
        let r = layout(NavigationLink("Details") { Text("Destination") }, 300, 100)
        #expect(r.textFrame("Details")?.size == CGSize(width: 119, height: 17))
        #expect(r.textFrame("Destination") == nil)
        let value = layout(NavigationLink(value: 3) { Text("Three") }, 300, 100)
        #expect(value.textFrame("Three") != nil)
    }
}
