// Seed 001 — swiftui-lab.com, "The SwiftUI Layout Protocol – Part 1" (Javier Solorzano).
//
// RESTORED FROM THE ARTICLE: the seed text is a scrape that lost every code block (it keeps
// the prose only: "struct ContentView : View {", "struct SimpleHStack : Layout {" … and then
// nothing). The code below restores the article's code blocks, in the article's order, as the
// article shows them.
//
// The article evolves one type, `SimpleHStack`, section by section; each version is kept and
// renamed with a suffix so that they coexist (only the type names change):
//   V1  "Our First Layout Implementation": sizeThatFits from ideal sizes, placeSubviews empty
//   V2  "placeSubviews Method": places at ideal sizes, top-leading, left to right
//   V3  "Container Alignment": V2 + explicitAlignment(of: HorizontalAlignment …)
//   V4  "Priority Layout": placement sorted by layoutPriority
//   V5  "Custom Values: LayoutValueKey": sorted by subview[PreferredPosition.self]
//   V6  … with the `preferredPosition` extensions
//   V7  "Default Spacing": spacing: CGFloat? = nil, computeSpaces with spacing.distance(to:along:)
//   V8  "Layout Cache": CacheData with makeCache / updateCache
// Where the article shows a block as `struct SimpleHStack: Layout { // ... <new method> }`, the
// `// ...` part is the previous version's code (copied in, unchanged). The article's several
// `ContentView`s are renamed `ContentView001V1`…; references to `SimpleHStack` inside them use the
// version that is current at that point in the article.
//
// Blocks that use `Image(systemName:)` / `Image(_:)` / `.imageScale(_:)` compile against the
// engine's `Image` (symbols are sized by the font on Linux, named images by
// `ImageAssets.register`). Code the article leaves as a fragment (an
// expression such as `SimpleHStack(spacing: 5) { Circle()… }`) is wrapped in a view in the
// "supplied by the tests" section at the end, as are the bodies the article elides in `MyLayout`.

import SwiftUI

// MARK: - Seed code (restored from the article)

// "Family Dynamics of the View Hierarchy", case 1.
struct ContentView001V1: View {
    var body: some View {
        HStack(spacing: 0) {

            Rectangle().fill(.green)

            Text("Hello World!")

            Rectangle().fill(.green)

        }
        .padding(20)
    }
}

// "Family Dynamics of the View Hierarchy", case 3.
struct ContentView001V2: View {
    var body: some View {
        HStack(spacing: 0) {

            Rectangle().fill(.yellow)

            Image("peach")
                .frame(width: 100)
                .border(.black, width: 3)
                .zIndex(1)

            Rectangle().fill(.yellow)

        }
        .padding(20)
    }
}

// "Our First Layout Implementation".
struct ContentView001V3: View {
    var body: some View {
        VStack(spacing: 20) {

            HStack(spacing: 5)  {
                contents()
            }
            .border(.blue)

            SimpleHStackV1(spacing: 5) {
                contents()
            }
            .border(.blue)

        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(.white)
    }

    @ViewBuilder func contents() -> some View {
        Image(systemName: "globe.americas.fill")

        Text("Hello, World!")

        Image(systemName: "globe.europe.africa.fill")
    }

}

struct SimpleHStackV1: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        // ...
    }
}

// "placeSubviews Method".
struct SimpleHStackV2: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        for v in subviews {
            v.place(at: pt, anchor: .topLeading, proposal: .unspecified)

            pt.x += v.sizeThatFits(.unspecified).width + spacing
        }
    }
}

// "Container Alignment".
struct ContentView001V4: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 5) {
            HStack(spacing: 5) {
                contents()
            }
            .border(.black)

            SimpleHStackV3(spacing: 5) {
                contents()
            }
            .border(.red)

            HStack(spacing: 5) {
                contents()
            }
            .border(.black)

        }
        .background { Rectangle().stroke(.green) }
        .padding()
        .font(.largeTitle)

    }

    @ViewBuilder func contents() -> some View {
        Image(systemName: "globe")
            .imageScale(.large)
            .foregroundColor(.accentColor)
        Text("Hello, world!")
    }
}

// "Container Alignment".
struct SimpleHStackV3: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        for v in subviews {
            v.place(at: pt, anchor: .topLeading, proposal: .unspecified)

            pt.x += v.sizeThatFits(.unspecified).width + spacing
        }
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        if guide == .leading {
            return subviews[0].sizeThatFits(proposal).width + spacing
        } else {
            return nil
        }
    }
}

// "Priority Layout".
struct SimpleHStackV4: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        for v in subviews.sorted(by: { $0.priority > $1.priority }) {
            v.place(at: pt, anchor: .topLeading, proposal: .unspecified)

            pt.x += v.sizeThatFits(.unspecified).width + spacing
        }
    }
}

// "Custom Values: LayoutValueKey".
struct PreferredPosition: LayoutValueKey {
    static let defaultValue: CGFloat = 0.0
}

struct SimpleHStackV5: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        let sortedViews = subviews.sorted { v1, v2 in
            v1[PreferredPosition.self] > v2[PreferredPosition.self]
        }

        for v in sortedViews {
            v.place(at: pt, anchor: .topLeading, proposal: .unspecified)

            pt.x += v.sizeThatFits(.unspecified).width + spacing
        }
    }
}

extension View {
    func preferredPosition(_ order: CGFloat) -> some View {
        self.layoutValue(key: PreferredPosition.self, value: order)
    }
}

extension LayoutSubview {
    var preferredPosition: CGFloat {
        self[PreferredPosition.self]
    }
}

struct SimpleHStackV6: Layout {
    let spacing: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        let spacing = spacing * CGFloat(subviews.count - 1)
        let width = spacing + idealViewSizes.reduce(0) { $0 + $1.width }
        let height = idealViewSizes.reduce(0) { max($0, $1.height) }

        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        for v in subviews.sorted(by: { $0.preferredPosition > $1.preferredPosition }) {
            v.place(at: pt, anchor: .topLeading, proposal: .unspecified)

            pt.x += v.sizeThatFits(.unspecified).width + spacing
        }
    }

}

// "Default Spacing".
struct SimpleHStackV7: Layout {

    var spacing: CGFloat? = nil

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let accumulatedWidths = idealViewSizes.reduce(0) { $0 + $1.width }
        let maxHeight = idealViewSizes.reduce(0) { max($0, $1.height) }

        let spaces = computeSpaces(subviews: subviews)
        let accumulatedSpaces = spaces.reduce(0) { $0 + $1 }

        return CGSize(width: accumulatedSpaces + accumulatedWidths,
                      height: maxHeight)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
    {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)
        let spaces = computeSpaces(subviews: subviews)

        for idx in subviews.indices {
            subviews[idx].place(at: pt, anchor: .topLeading, proposal: .unspecified)

            if idx < subviews.count - 1 {
                pt.x += subviews[idx].sizeThatFits(.unspecified).width + spaces[idx]
            }
        }
    }

    func computeSpaces(subviews: LayoutSubviews) -> [CGFloat] {
        if let spacing {
            return Array<CGFloat>(repeating: spacing, count: subviews.count - 1)
        } else {
            return subviews.indices.map { idx in
                guard idx < subviews.count - 1 else { return CGFloat(0) }

                return subviews[idx].spacing.distance(to: subviews[idx+1].spacing, along: .horizontal)
            }
        }

    }
}

// "Layout Properties and Spacer()".
struct MyLayout: Layout {

    static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()

        properties.stackOrientation = .vertical

        return properties
    }

    // ...
}

// "Layout Cache".
struct SimpleHStack: Layout {
    struct CacheData {
        var maxHeight: CGFloat
        var spaces: [CGFloat]
    }

    var spacing: CGFloat? = nil

    func makeCache(subviews: Subviews) -> CacheData {
        return CacheData(maxHeight: computeMaxHeight(subviews: subviews),
                         spaces: computeSpaces(subviews: subviews))
    }

    func updateCache(_ cache: inout CacheData, subviews: Subviews) {
        cache.maxHeight = computeMaxHeight(subviews: subviews)
        cache.spaces = computeSpaces(subviews: subviews)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) -> CGSize {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let accumulatedWidths = idealViewSizes.reduce(0) { $0 + $1.width }
        let accumulatedSpaces = cache.spaces.reduce(0) { $0 + $1 }

        return CGSize(width: accumulatedSpaces + accumulatedWidths,
                      height: cache.maxHeight)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) {
        var pt = CGPoint(x: bounds.minX, y: bounds.minY)

        for idx in subviews.indices {
            subviews[idx].place(at: pt, anchor: .topLeading, proposal: .unspecified)

            if idx < subviews.count - 1 {
                pt.x += subviews[idx].sizeThatFits(.unspecified).width + cache.spaces[idx]
            }
        }
    }

    func computeSpaces(subviews: LayoutSubviews) -> [CGFloat] {
        if let spacing {
            return Array<CGFloat>(repeating: spacing, count: subviews.count - 1)
        } else {
            return subviews.indices.map { idx in
                guard idx < subviews.count - 1 else { return CGFloat(0) }

                return subviews[idx].spacing.distance(to: subviews[idx+1].spacing, along: .horizontal)
            }
        }
    }

    func computeMaxHeight(subviews: LayoutSubviews) -> CGFloat {
        return subviews.map { $0.sizeThatFits(.unspecified) }.reduce(0) { max($0, $1.height) }
    }
}

// "Switching Layouts with AnyLayout".
struct ContentView001V5: View {
    @State var isVertical = false

    var body: some View {
        let layout = isVertical ? AnyLayout(VStackLayout(spacing: 5)) : AnyLayout(HStackLayout(spacing: 10))

        layout {
            Group {
                Image(systemName: "globe")

                Text("Hello World!")
            }
            .font(.largeTitle)
        }

        Button("Toggle Stack") {
            withAnimation(.easeInOut(duration: 1.0)) {
                isVertical.toggle()
            }
        }
    }
}

// MARK: - Supplied by the tests
//
// The article's code fragments (expressions, not declarations) wrapped in views, verbatim
// inside; and what the article elides.

/// "Priority Layout": the example with the blue circle first.
struct PriorityExample: View {
    var body: some View {
        SimpleHStackV4(spacing: 5) {
            Circle().fill(.yellow)
                 .frame(width: 30, height: 30)

            Circle().fill(.green)
                .frame(width: 30, height: 30)

            Circle().fill(.blue)
                .frame(width: 30, height: 30)
                .layoutPriority(1)
        }
    }
}

/// "Custom Values": the example with `layoutValue(key:value:)` spelled out.
struct PreferredPositionKeyExample: View {
    var body: some View {
        SimpleHStackV5(spacing: 5) {
            Circle().fill(.yellow)
                 .frame(width: 30, height: 30)

            Circle().fill(.green)
                .frame(width: 30, height: 30)

            Circle().fill(.blue)
                .frame(width: 30, height: 30)
                .layoutValue(key: PreferredPosition.self, value: 1.0)
        }
    }
}

/// "Custom Values": the example with the `preferredPosition(_:)` extension.
struct PreferredPositionExample: View {
    var body: some View {
        SimpleHStackV6(spacing: 5) {
            Circle().fill(.yellow)
                 .frame(width: 30, height: 30)

            Circle().fill(.green)
                .frame(width: 30, height: 30)

            Circle().fill(.blue)
                .frame(width: 30, height: 30)
                .preferredPosition(1)
        }
    }
}

/// "A Good Pretender": the three spellings of a layout with an initializer parameter.
struct PretenderExamples: View {
    var body: some View {
        SimpleHStack(spacing: 10).callAsFunction({
            Text("Hello World!")
        })

        // Thanks to SE-0253 we can abbreviate it by removing the .callAsFunction
        SimpleHStack(spacing: 10)({
            Text("Hello World!")
        })

        // And thanks to trailing closures, we end up with:
        SimpleHStack(spacing: 10) {
            Text("Hello World!")
        }
    }
}

/// "A Good Pretender": the three spellings without initializer parameters.
struct PretenderExamplesNoArguments: View {
    var body: some View {
        SimpleHStack().callAsFunction({
            Text("Hello World!")
        })

        // Thanks to SE-0253 we can abbreviate it by removing the .callAsFunction
        SimpleHStack()({
            Text("Hello World!")
        })

        // And thanks to single trailing closures, we end up with:
        SimpleHStack {
            Text("Hello World!")
        }
    }
}

/// The article elides `MyLayout`'s required methods (`// ...`): a vertical stack of ideal sizes.
extension MyLayout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX, y: y), anchor: .topLeading, proposal: .unspecified)
            y += subview.sizeThatFits(.unspecified).height
        }
    }
}

/// The article's Spacer table has three rows (`.horizontal`, `.vertical`, `nil`); `MyLayout` is
/// the `.vertical` one. These are the other two, with MyLayout's supplied placement.
struct MyLayoutHorizontal: Layout {
    static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        MyLayout().sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        MyLayout().placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

struct MyLayoutNoOrientation: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        MyLayout().sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        MyLayout().placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// "Default Spacing" mentions, without code, that a container can state its own spacing
/// preferences with `spacing(subviews:cache:)`. This is V7 with that method added: the container
/// asks for no space around itself (`ViewSpacing.zero`).
struct SimpleHStackV7ZeroSpacing: Layout {
    var spacing: CGFloat? = nil
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        SimpleHStackV7(spacing: spacing).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        SimpleHStackV7(spacing: spacing).placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        ViewSpacing.zero
    }
}
