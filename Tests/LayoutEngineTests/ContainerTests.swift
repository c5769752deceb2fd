import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

// Containers of issue 9 checked by more than the frames a fixture asserts: ForEach inside lists
// and grids, Group(subviews:) / ForEach(subviews:), what GeometryReader closures see, indicators
// and clipping in the display list, and the source compatibility of the modifiers. The numbers
// are derived from the rules documented next to each container (see Fixtures/containers-*.yaml).

private struct Item: Identifiable { let id: Int; let height: CGFloat }

@Suite("Containers")
struct ContainerTests {
    let size = CGSize(width: 200, height: 300)

    @Test("ForEach rows in a List section are rows")
    func listForEachRows() throws {
        let items = [Item(id: 1, height: 10), Item(id: 2, height: 60), Item(id: 3, height: 10)]
        let r = LayoutHost.layout(List {
            Section {
                ForEach(items) { item in Color.red.frame(width: 30, height: item.height) }
                    .onDelete { _ in }
                    .onMove { _, _ in }
            }
        }, in: size)
        // Rows 44, 82 (60 + 22), 44 from y 20; each box 11 (or centred 17) below its row's top.
        let a = try #require(r.frame(of: 1)), b = try #require(r.frame(of: 2)), c = try #require(r.frame(of: 3))
        #expect(a == CGRect(x: 40, y: 37, width: 30, height: 10))
        #expect(b == CGRect(x: 40, y: 64 + 11, width: 30, height: 60))
        #expect(c == CGRect(x: 40, y: 64 + 82 + 17, width: 30, height: 10))
    }

    @Test("grouped lists uppercase section headers; plain lists do not")
    func headersUppercased() {
        func headerTexts<S: ListStyle>(_ style: S) -> [String] {
            let r = LayoutHost.layout(List { Section("Profile") { Text("row") } }.listStyle(style), in: size)
            return r.displayList.compactMap { if case .text(let run) = $0.kind { return run.string }; return nil }
        }
        #expect(headerTexts(.insetGrouped) == ["PROFILE", "row"])
        #expect(headerTexts(.plain) == ["Profile", "row"])
    }

    @Test("List(data) makes a row per element")
    func listOfData() throws {
        let r = LayoutHost.layout(List(0..<3) { i in Color.red.frame(width: 20, height: 10).id("row\(i)") }, in: size)
        for i in 0..<3 {
            let f = try #require(r.frame(of: "row\(i)"))
            #expect(f.minY == 37 + CGFloat(i) * 44)
            #expect(f.minX == 40)
        }
    }

    @Test("a row's badge shows at its trailing edge in the secondary style; a zero count shows none")
    func listRowBadges() throws {
        let r = LayoutHost.layout(List {
            Text("Inbox").badge(12).id("inbox")
            Text("Drafts").badge(0).id("drafts")
            Text("Flagged").badge("New").id("flagged")
        }, in: size)
        let texts = r.views.filter { $0.kind == "Text" }
        let twelve = try #require(texts.first { $0.detail == "\"12\"" })
        let row = try #require(r.frame(of: "inbox"))
        // The card spans the width less its 20-point margins; the badge ends at the row's
        // trailing inset (20), level with the row's text.
        #expect(abs(twelve.frame.maxX - (size.width - 20 - 20)) < 0.5, "\(twelve.frame)")
        #expect(abs(twelve.frame.midY - row.midY) < 0.5)
        #expect(row.minX == 40)
        #expect(texts.contains { $0.detail == "\"New\"" })
        #expect(!texts.contains { $0.detail == "\"0\"" })
        func paint(_ view: PlacedView) -> Paint? {
            r.displayList.compactMap { item -> Paint? in
                if item.view == view.index, case .text(let run) = item.kind { return run.paint }
                return nil
            }.first
        }
        let inbox = try #require(texts.first { $0.detail == "\"Inbox\"" })
        #expect(paint(twelve) != nil && paint(twelve) != paint(inbox), "the badge is secondary, the title primary")
    }

    @Test("a List draws its grouped background, a card per section and separators between rows")
    func listDrawing() throws {
        let r = LayoutHost.layout(List { Color.red.frame(height: 10); Color.red.frame(height: 10); Color.red.frame(height: 10) }, in: size)
        let fills = r.displayList.compactMap { item -> (Int, ShapeKind, Paint)? in
            if case .fill(let shape, let paint) = item.kind { return (item.view, shape, paint) }
            return nil
        }
        // The background fills the whole list.
        let background = try #require(fills.first)
        #expect(r.frames[background.0] == CGRect(origin: .zero, size: size))
        #expect(background.2 == .color(ListMetrics.groupedBackground))
        // One rounded card, 160 wide.
        let cards = fills.filter { $0.1 == .roundedRectangle(cornerRadius: ListMetrics.cardCornerRadius) }
        #expect(cards.count == 1)
        #expect(cards.first.map { r.frames[$0.0].width } == 160)
        // Separators: hairlines under the first two rows only, inset by the row inset.
        let separators = fills.filter { $0.2 == .color(ListMetrics.separator) }
        #expect(separators.count == 2)
        for s in separators {
            #expect(r.frames[s.0].height == ListMetrics.separatorThickness)
            #expect(r.frames[s.0].minX == 40)
        }
    }

    @Test("ForEach in a LazyVGrid fills rows in order")
    func gridForEach() throws {
        let columns = [GridItem(.flexible()), GridItem(.flexible())]
        let r = LayoutHost.layout(LazyVGrid(columns: columns, spacing: 10) {
            ForEach(0..<5, id: \.self) { i in Color.red.frame(height: 20).id(i) }
        }, in: CGSize(width: 108, height: 200))
        // Columns (108 − 8)/2 = 50; rows 20 tall, 10 apart: 3 rows → 80 tall at y 60.
        for i in 0..<5 {
            let f = try #require(r.frame(of: i))
            #expect(f == CGRect(x: CGFloat(i % 2) * 58, y: 60 + CGFloat(i / 2) * 30, width: 50, height: 20))
        }
    }

    @Test("GeometryReader closures run with the laid-out geometry")
    func geometryProxySeesLayout() throws {
        final class Seen: @unchecked Sendable { var proxies: [GeometryProxy] = [] }
        let seen = Seen()
        let view = VStack(spacing: 0) {
            Color.red.frame(height: 40)
            GeometryReader { proxy in
                let _ = seen.proxies.append(proxy)
                Color.blue.frame(width: proxy.size.width / 4).id("b")
            }
        }
        .coordinateSpace(name: "stack")
        .padding(10)
        let r = LayoutHost.layout(view, in: CGSize(width: 120, height: 120))
        let last = try #require(seen.proxies.last)
        #expect(last.size == CGSize(width: 100, height: 60))
        #expect(last.frame(in: .global) == CGRect(x: 10, y: 50, width: 100, height: 60))
        #expect(last.frame(in: .named("stack")) == CGRect(x: 0, y: 40, width: 100, height: 60))
        #expect(last.frame(in: .local) == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(last.frame(in: .named("nowhere")) == last.frame(in: .global))
        #expect(last.safeAreaInsets == EdgeInsets())
        #expect(r.frame(of: "b") == CGRect(x: 10, y: 50, width: 25, height: 60))
        // A second layout at another size runs the closure again with the new geometry.
        let host = LayoutHost(view)
        let r2 = host.layout(in: CGSize(width: 220, height: 120))
        #expect(r2.frame(of: "b")?.width == 50)
        #expect(r2.diagnostics.allSatisfy { !$0.message.contains("GeometryReader") })
    }

    @Test("a reader's closure runs at build time and once more with its real geometry")
    func geometryReaderRuns() {
        final class Counter: @unchecked Sendable { var n = 0 }
        let counter = Counter()
        let view = GeometryReader { proxy in
            let _ = (counter.n += 1)
            Color.red.frame(width: 10, height: 10).id("r")
        }
        .frame(width: 50, height: 50)
        let r = LayoutHost.layout(HStack(spacing: 0) { view }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "r") == CGRect(x: 25, y: 25, width: 10, height: 10))
        #expect(counter.n == 2)
    }

    /// Readers nested `depth` deep, each framing the next at half its size.
    private func nestedReaders(_ depth: Int) -> AnyView {
        if depth == 0 { return AnyView(Color.red.id("leaf")) }
        return AnyView(GeometryReader { p in self.nestedReaders(depth - 1).frame(width: p.size.width / 2, height: p.size.height / 2) })
    }

    @Test("nested readers settle one level per round, up to a bound, then say so")
    func nestedReadersSettle() throws {
        let three = LayoutHost.layout(nestedReaders(3), in: CGSize(width: 96, height: 96))
        #expect(three.frame(of: "leaf") == CGRect(x: 0, y: 0, width: 12, height: 12))
        #expect(!three.diagnostics.contains { $0.message.contains("GeometryReader") })
        let deep = LayoutHost.layout(nestedReaders(LayoutHost.geometryReaderRounds + 2), in: CGSize(width: 96, height: 96))
        #expect(deep.diagnostics.contains { $0.message.contains("GeometryReader content still changed") })
    }

    @Test("Group(subviews:) and ForEach(subviews:) hand out the base view's subviews")
    func subviews() throws {
        let base = Group {
            Color.red.frame(width: 10, height: 10).id("a")
            Color.red.frame(width: 20, height: 10).id("b")
            Color.red.frame(width: 30, height: 10).id("c")
        }
        let r = LayoutHost.layout(HStack(spacing: 0) {
            Group(subviews: base) { subviews in
                ForEach(subviews.reversed()) { subview in subview }
            }
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "c")?.minX == 20)
        #expect(r.frame(of: "b")?.minX == 50)
        #expect(r.frame(of: "a")?.minX == 70)

        let r2 = LayoutHost.layout(VStack(spacing: 0) {
            ForEach(subviews: base) { subview in subview.padding(5) }
        }, in: CGSize(width: 100, height: 100))
        #expect(r2.frame(of: "a") == CGRect(x: 45, y: 25, width: 10, height: 10))
        #expect(r2.frame(of: "c")?.minY == 65)
    }

    @Test("a subview used twice is shown once, with a diagnostic")
    func subviewReuse() throws {
        let r = LayoutHost.layout(HStack {
            Group(subviews: Color.red.frame(width: 10, height: 10).id("a")) { subviews in
                subviews[0]
                subviews[0]
            }
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "a") == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(r.diagnostics.contains { $0.message.contains("used more than once") })
    }

    @Test("a scroll view clips its content and shows an indicator only where it overflows")
    func scrollIndicators() throws {
        func indicators(_ r: LayoutResult) -> [CGRect] {
            r.views.enumerated().filter { $0.element.kind == "scroll indicator" }.map { r.frames[$0.offset] }
        }
        let tall = LayoutHost.layout(ScrollView { Color.red.frame(width: 50, height: 400) }, in: CGSize(width: 100, height: 100))
        let shown = indicators(tall).filter { $0.height > 0 }
        // The scroll view is as wide as its content (50, at x 25). Visible fraction 100/400 of
        // the 94-point track = 23.5 → the 36-point minimum, 3 in from the trailing edge.
        #expect(shown == [CGRect(x: 69, y: 3, width: 3, height: 36)])
        #expect(tall.displayList.contains { if case .beginClip(.rectangle) = $0.kind { return true }; return false })

        let short = LayoutHost.layout(ScrollView { Color.red.frame(width: 50, height: 40) }, in: CGSize(width: 100, height: 100))
        #expect(indicators(short).allSatisfy { $0.size == .zero })

        let hidden = LayoutHost.layout(ScrollView { Color.red.frame(width: 50, height: 400) }.scrollIndicators(.hidden), in: CGSize(width: 100, height: 100))
        #expect(indicators(hidden).isEmpty)
    }

    @Test("the modifiers of scroll views, lists and navigation compile and keep the layout")
    func modifiersCompile() {
        @Sendable func content() -> some View { Color.red.frame(width: 40, height: 400).id("a") }
        let plain = LayoutHost.layout(ScrollView { content() }, in: CGSize(width: 100, height: 100))
        let decorated = LayoutHost.layout(
            NavigationStack {
                ScrollViewReader { proxy in
                    ScrollView(.vertical, showsIndicators: false) { content() }
                        .scrollTargetBehavior(.paging)
                        .scrollDisabled(true)
                        .scrollBounceBehavior(.basedOnSize)
                        .scrollDismissesKeyboard(.interactively)
                        .defaultScrollAnchor(.top)
                        .onAppearProxy(proxy)
                }
                .navigationDestination(for: Int.self) { Text("\($0)") }
            }
            .tabItem { Label("Home", systemImage: "house") },
            in: CGSize(width: 100, height: 100))
        // The navigation stack's (empty) 44-point bar is above the scroll view, which keeps its layout below it.
        #expect(plain.frame(of: "a")?.offsetBy(dx: 0, dy: 44) == decorated.frame(of: "a"))
    }

    @Test("containerRelativeFrame with a closure measures against the root proposal")
    func containerRelativeClosure() {
        let r = LayoutHost.layout(Color.red.containerRelativeFrame([.horizontal, .vertical]) { length, axis in
            axis == .horizontal ? length * 0.25 : length - 60
        }.id("a"), in: CGSize(width: 200, height: 100))
        #expect(r.frame(of: "a") == CGRect(x: 75, y: 30, width: 50, height: 40))
    }

    @Test("bad grid items, empty containers and non-finite values give finite frames")
    func badInput() {
        let views: [AnyView] = [
            AnyView(LazyVGrid(columns: []) { Color.red.id("x"); Color.blue }),
            AnyView(LazyVGrid(columns: [GridItem(.fixed(-20), spacing: .nan), GridItem(.flexible(minimum: 100, maximum: 50)),
                                        GridItem(.adaptive(minimum: 0))], spacing: -.infinity) { ForEach(0..<30, id: \.self) { _ in Color.red } }),
            AnyView(LazyHGrid(rows: [GridItem(.adaptive(minimum: .nan, maximum: .nan))]) { Color.red; Color.red }),
            AnyView(List { }),
            AnyView(Form { Section { } header: { EmptyView() } }),
            AnyView(ScrollView { }),
            AnyView(GeometryReader { _ in EmptyView() }),
            AnyView(Color.red.containerRelativeFrame(.horizontal, count: 0, span: -3, spacing: .infinity)),
            AnyView(Color.red.safeAreaInset(edge: .top, spacing: .nan) { Color.blue }),
            AnyView(LazyVStack(spacing: .nan) { Color.red }),
        ]
        for view in views {
            for size in [CGSize(width: 100, height: 100), CGSize(width: 0, height: 0)] {
                let r = LayoutHost.layout(view, in: size)
                for f in r.frames {
                    #expect(f.origin.x.isFinite && f.origin.y.isFinite && f.width.isFinite && f.height.isFinite && f.width >= 0 && f.height >= 0,
                            "\(f) for a \(size) proposal")
                }
            }
        }
        // No columns: nothing to show; the cells are 0×0 at the grid's origin (the centre of the canvas).
        let empty = LayoutHost.layout(LazyVGrid(columns: []) { Color.red.id("x") }, in: CGSize(width: 100, height: 100))
        #expect(empty.frame(of: "x") == CGRect(x: 50, y: 50, width: 0, height: 0))
    }

    @Test("DisclosureGroup, ControlGroup, NavigationSplitView and LabeledContent lay out")
    func decorated() throws {
        let collapsed = LayoutHost.layout(DisclosureGroup("More") { Color.red.frame(width: 10, height: 10).id("x") }.font(.system(size: 10)),
                                          in: CGSize(width: 100, height: 100))
        #expect(collapsed.frame(of: "x") == nil)
        let expanded = LayoutHost.layout(DisclosureGroup("More", isExpanded: .constant(true)) { Color.red.frame(width: 10, height: 10).id("x") }
            .font(.system(size: 10)), in: CGSize(width: 100, height: 100))
        // Label row 10 tall, 8 above the content indented by 20: VStack 100 × 28 at y 36.
        #expect(expanded.frame(of: "x") == CGRect(x: 20, y: 54, width: 10, height: 10))

        let group = LayoutHost.layout(ControlGroup { Color.red.frame(width: 10, height: 10).id("p"); Color.red.frame(width: 10, height: 10).id("q") },
                                      in: CGSize(width: 100, height: 100))
        // Each control padded 12×7: 34 × 24 each, side by side → 68 wide at x 16.
        #expect(group.frame(of: "p") == CGRect(x: 28, y: 45, width: 10, height: 10))
        #expect(group.frame(of: "q") == CGRect(x: 62, y: 45, width: 10, height: 10))

        let split = LayoutHost.layout(NavigationSplitView { Color.red.frame(width: 10, height: 10).id("s") } detail: { Color.blue.id("d") },
                                      in: CGSize(width: 100, height: 100))
        // Collapsed to a navigation stack of the sidebar: centred in the 100 × 56 under the 44-point bar.
        #expect(split.frame(of: "s") == CGRect(x: 45, y: 67, width: 10, height: 10))
        #expect(split.frame(of: "d") == nil)
    }
}

extension View {
    /// Uses a scroll view proxy the way sample code does (`proxy.scrollTo` in an action).
    fileprivate func onAppearProxy(_ proxy: ScrollViewProxy) -> some View {
        proxy.scrollTo("a", anchor: .top)
        return self
    }
}

// MARK: - Sample code in the style of public SwiftUI samples: it compiles unchanged and lays out.

private struct Contact: Identifiable, Hashable { let id: Int; let name: String; let group: String }

private struct ContactsScreen: View {
    let contacts = (0..<6).map { Contact(id: $0, name: "Person \($0)", group: $0 < 3 ? "Family" : "Work") }
    var body: some View {
        NavigationStack {
            List {
                ForEach(["Family", "Work"], id: \.self) { group in
                    Section(group) {
                        ForEach(contacts.filter { $0.group == group }) { contact in
                            NavigationLink(value: contact) {
                                Label(contact.name, systemImage: "person.circle")
                            }
                        }
                        .onDelete { _ in }
                    }
                }
            }
            .listStyle(.insetGrouped)
            .navigationDestination(for: Contact.self) { Text($0.name) }
        }
    }
}

private struct PhotoGridScreen: View {
    let columns = Array(repeating: GridItem(.flexible(), spacing: 2), count: 3)
    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, spacing: 2) {
                ForEach(0..<9, id: \.self) { i in
                    Color.gray.aspectRatio(1, contentMode: .fit).id("photo\(i)")
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}

extension ContainerTests {
    @Test("sample screens compile unchanged and lay out by the containers' rules")
    func sampleScreens() throws {
        let contacts = LayoutHost.layout(ContactsScreen(), in: CGSize(width: 390, height: 844))
        // Two sections of three 44-point rows; the second section's header below the first card.
        let rows = contacts.views.enumerated().filter { $0.element.kind == "Label" }.map { contacts.frames[$0.offset] }
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0.minX == 40 })
        // The first card below its header: 16 + 13 (a footnote line, deterministic measurer) + 6.
        let firstRowTop = try #require(rows.first).minY
        #expect(abs(rows[1].minY - firstRowTop - 44) < 0.01 && abs(rows[2].minY - rows[1].minY - 44) < 0.01)
        // Between the sections: 10 below the card, then the next header's 16 + 13 + 6.
        #expect(abs(rows[3].minY - rows[2].minY - (44 + 10 + 16 + 13 + 6)) < 0.01)

        let grid = LayoutHost.layout(PhotoGridScreen(), in: CGSize(width: 390, height: 844))
        // Three columns of (390 − 4)/3 = 128.67, square cells, 2 apart.
        let c = (390.0 - 4) / 3
        let p4 = try #require(grid.frame(of: "photo4"))
        #expect(abs(p4.minX - (c + 2)) < 0.01 && abs(p4.minY - (c + 2)) < 0.01 && abs(p4.width - c) < 0.01 && abs(p4.height - c) < 0.01)
    }
}
