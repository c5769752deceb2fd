import Foundation
import SwiftUI
import LayoutGallery

// Interactive trees as engine views, and as the SwiftUI code of a reproducer. The two are kept
// side by side, control by control, so that the printed code is the tree that failed.

/// A control with its own state, as the reproducer's `ControlN` struct declares it (one type for
/// every control: the graph keeps its `@State` by identity, whatever the control does).
struct LiveControlView: View {
    let number: Int
    let control: LiveControl
    @State private var count = 0
    @State private var flag = false
    @State private var value = 0.0
    @State private var text = ""
    @State private var selection = 0
    @State private var items: [Int]

    init(number: Int, control: LiveControl) {
        self.number = number
        self.control = control
        if case .items(let n) = control { _items = State(initialValue: Array(0..<n)) } else { _items = State(initialValue: []) }
    }

    private var id: String { "c\(number)" }

    private func content(_ kids: [LiveFuzzView]) -> ViewList { ViewList(views: kids.map { $0.makeView() }) }

    var body: some View {
        VStack(spacing: 4) {
            switch control {
            case .counter:
                Button("Count \(count)") { count += 1 }.id(id)
            case .reveal(let animated, let kids):
                Button(flag ? "Hide" : "Show") {
                    if animated { withAnimation(.spring) { flag.toggle() } } else { flag.toggle() }
                }.id(id)
                if flag { content(kids) }
            case .layoutSwitch(let kids):
                Button("Layout \(selection)") { withAnimation { selection += 1 } }.id(id)
                let layout = LiveFuzzLayouts.all[selection % 4]
                layout { content(kids) }
            case .toggle(let kids):
                Toggle("On", isOn: $flag).id(id)
                if flag { content(kids) } else { Text("Off") }
            case .stepper(let lower, let upper):
                Stepper("Value \(count)", value: $count, in: lower...upper).id(id)
            case .slider(let lower, let upper, let step):
                if let step {
                    Slider(value: $value, in: lower...upper, step: step).id(id)
                } else {
                    Slider(value: $value, in: lower...upper).id(id)
                }
                Text("Value \(value)")
            case .textField(let multiline):
                if multiline {
                    TextField("Notes", text: $text, axis: .vertical).id(id)
                } else {
                    TextField("Name", text: $text).id(id).onSubmit { count += 1 }
                }
                Text("\(text.count) characters, \(count) submitted")
            case .picker(let options, let style):
                if style == 1 {
                    Picker("Choice", selection: $selection) { ForEach(0..<options, id: \.self) { Text("Option \($0)").tag($0) } }
                        .pickerStyle(.segmented).id(id)
                } else if style == 2 {
                    Picker("Choice", selection: $selection) { ForEach(0..<options, id: \.self) { Text("Option \($0)").tag($0) } }
                        .pickerStyle(.menu).id(id)
                } else {
                    Picker("Choice", selection: $selection) { ForEach(0..<options, id: \.self) { Text("Option \($0)").tag($0) } }.id(id)
                }
                Text("Selected \(selection)")
            case .list(let rows, let inList):
                if inList {
                    List {
                        ForEach(0..<rows, id: \.self) { i in Button("Row \(i)\(selection == i ? " ✓" : "")") { selection = i }.id("\(id)-row-\(i)") }
                    }.frame(height: 200).id(id)
                } else {
                    ScrollView {
                        VStack {
                            ForEach(0..<rows, id: \.self) { i in Button("Row \(i)\(selection == i ? " ✓" : "")") { selection = i }.id("\(id)-row-\(i)") }
                        }
                    }.frame(height: 200).id(id)
                }
            case .tabView(let kids):
                TabView(selection: $selection) {
                    ForEach(kids.indices, id: \.self) { i in kids[i].makeView().tabItem { Text("Tab \(i)") }.tag(i) }
                }.frame(height: 300).id(id)
            case .items:
                HStack {
                    Button("Add") { items.append((items.last ?? -1) + 1) }.id("\(id)-add")
                    Button("Remove") { if !items.isEmpty { items.removeFirst() } }.id("\(id)-remove")
                }.id(id)
                ForEach(items, id: \.self) { Text("Item \($0)") }
                Text("\(count) changes").onChange(of: items.count) { count += 1 }
            }
        }
    }
}

/// The layouts a layout switch cycles through.
enum LiveFuzzLayouts {
    static var all: [AnyLayout] { [AnyLayout(HStackLayout()), AnyLayout(VStackLayout()), AnyLayout(ZStackLayout()), AnyLayout(GridLayout())] }
    static let code = "[AnyLayout(HStackLayout()), AnyLayout(VStackLayout()), AnyLayout(ZStackLayout()), AnyLayout(GridLayout())]"
}

extension LiveFuzzView {
    /// The engine view this tree describes.
    public func makeView() -> AnyView {
        switch self {
        case .fixed(let f): return f.makeView()
        case .container(let c, let kids): return c.make(ViewList(views: kids.map { $0.makeView() }))
        case .modified(let inner, let m): return m.apply(to: inner.makeView())
        case .control(let n, let control): return AnyView(LiveControlView(number: n, control: control))
        }
    }

    /// The controls of the tree, in order.
    var controls: [(Int, LiveControl)] {
        var out: [(Int, LiveControl)] = []
        if case .control(let n, let c) = self { out.append((n, c)) }
        for child in children { out += child.controls }
        return out
    }

    /// The view as SwiftUI code, indented by `indent` levels after the first line.
    public func swiftUICode(indent: Int) -> String {
        let pad = String(repeating: "    ", count: indent + 1)
        let close = String(repeating: "    ", count: indent)
        switch self {
        case .fixed(let f): return f.swiftUICode(indent: indent)
        case .container(let c, let kids):
            if kids.isEmpty { return "\(c.swiftUIHead) {}" }
            return "\(c.swiftUIHead) {\n" + kids.map { pad + $0.swiftUICode(indent: indent + 1) }.joined(separator: "\n") + "\n\(close)}"
        case .modified(let inner, let m): return inner.swiftUICode(indent: indent) + "\n\(close)" + m.swiftUICode
        case .control(let n, _): return "Control\(n)()"
        }
    }
}

extension LiveControl {
    /// The `ControlN` struct of a reproducer: the state it uses and the body `LiveControlView` builds.
    func structCode(number n: Int) -> String {
        let id = "\"c\(n)\""
        // Content sits one level inside a block of the body (16 spaces in).
        func content(_ kids: [LiveFuzzView], indent: Int) -> String {
            kids.map { "    " + $0.swiftUICode(indent: indent) }.joined(separator: "\n")
        }
        var state = ["@State private var count = 0"]
        var lines: [String]
        switch self {
        case .counter:
            lines = ["Button(\"Count \\(count)\") { count += 1 }.id(\(id))"]
        case .reveal(let animated, let kids):
            state.append("@State private var flag = false")
            lines = ["Button(flag ? \"Hide\" : \"Show\") { " + (animated ? "withAnimation(.spring) { flag.toggle() }" : "flag.toggle()") + " }.id(\(id))",
                     "if flag {", content(kids, indent: 4), "}"]
        case .layoutSwitch(let kids):
            state.append("@State private var selection = 0")
            lines = ["Button(\"Layout \\(selection)\") { withAnimation { selection += 1 } }.id(\(id))",
                     "let layout = \(LiveFuzzLayouts.code)[selection % 4]", "layout {", content(kids, indent: 4), "}"]
        case .toggle(let kids):
            state.append("@State private var flag = false")
            lines = ["Toggle(\"On\", isOn: $flag).id(\(id))", "if flag {", content(kids, indent: 4), "} else {", "    Text(\"Off\")", "}"]
        case .stepper(let lower, let upper):
            lines = ["Stepper(\"Value \\(count)\", value: $count, in: (\(integer(lower)))...(\(integer(upper)))).id(\(id))"]
        case .slider(let lower, let upper, let step):
            state.append("@State private var value = 0.0")
            lines = ["Slider(value: $value, in: (\(number(lower)))...(\(number(upper)))\(step.map { ", step: \(number($0))" } ?? "")).id(\(id))",
                     "Text(\"Value \\(value)\")"]
        case .textField(let multiline):
            state.append("@State private var text = \"\"")
            lines = [multiline ? "TextField(\"Notes\", text: $text, axis: .vertical).id(\(id))" : "TextField(\"Name\", text: $text).id(\(id)).onSubmit { count += 1 }",
                     "Text(\"\\(text.count) characters, \\(count) submitted\")"]
        case .picker(let options, let style):
            state.append("@State private var selection = 0")
            lines = ["Picker(\"Choice\", selection: $selection) { ForEach(0..<\(options), id: \\.self) { Text(\"Option \\($0)\").tag($0) } }"
                     + (style == 1 ? ".pickerStyle(.segmented)" : style == 2 ? ".pickerStyle(.menu)" : "") + ".id(\(id))",
                     "Text(\"Selected \\(selection)\")"]
        case .list(let rows, let inList):
            state.append("@State private var selection = 0")
            let row = "ForEach(0..<\(rows), id: \\.self) { i in Button(\"Row \\(i)\\(selection == i ? \" ✓\" : \"\")\") { selection = i }.id(\"c\(n)-row-\\(i)\") }"
            lines = inList ? ["List {", "    " + row, "}.frame(height: 200).id(\(id))"]
                           : ["ScrollView {", "    VStack {", "        " + row, "    }", "}.frame(height: 200).id(\(id))"]
        case .tabView(let kids):
            state.append("@State private var selection = 0")
            lines = ["TabView(selection: $selection) {"]
                + kids.enumerated().map { i, kid in "    " + kid.swiftUICode(indent: 4) + "\n                .tabItem { Text(\"Tab \(i)\") }.tag(\(i))" }
                + ["}.frame(height: 300).id(\(id))"]
        case .items(let initial):
            state.append("@State private var items = Array(0..<\(initial))")
            lines = ["HStack {", "    Button(\"Add\") { items.append((items.last ?? -1) + 1) }.id(\"c\(n)-add\")",
                     "    Button(\"Remove\") { if !items.isEmpty { items.removeFirst() } }.id(\"c\(n)-remove\")", "}.id(\(id))",
                     "ForEach(items, id: \\.self) { Text(\"Item \\($0)\") }", "Text(\"\\(count) changes\").onChange(of: items.count) { count += 1 }"]
        }
        return """
            struct Control\(n): View {
            \(state.map { "    " + $0 }.joined(separator: "\n"))
                var body: some View {
                    VStack(spacing: 4) {
            \(lines.map { "            " + $0 }.joined(separator: "\n"))
                    }
                }
            }
            """
    }
}

extension LiveFuzzEvent {
    /// The event as a statement sending it to `live`.
    var swiftUICode: String {
        // `.nan` alone is ambiguous among CGPoint's and CGSize's initialisers: CGFloat's is named.
        func cg(_ v: Double) -> String {
            let s = number(v)
            return s.hasPrefix(".") ? "CGFloat" + s : s.hasPrefix("-.") ? "-CGFloat" + s.dropFirst() : s
        }
        func point(_ x: Double, _ y: Double) -> String { "CGPoint(x: \(cg(x)), y: \(cg(y)))" }
        func size(_ w: Double, _ h: Double) -> String { "CGSize(width: \(cg(w)), height: \(cg(h)))" }
        func at(_ id: String, _ send: String) -> String { "if let p = try? live.centre(ofViewWithID: \(quoted(id))) { _ = try? live.send(\(send)) }" }
        switch self {
        case .tap(let x, let y, let count): return "_ = try? live.send(.tap(\(point(x, y)), count: \(integer(count))))"
        case .tapView(let id, let count): return at(id, ".tap(p, count: \(integer(count)))")
        case .drag(let x, let y, let dx, let dy): return "_ = try? live.send(.drag(from: \(point(x, y)), by: \(size(dx, dy))))"
        case .dragView(let id, let dx, let dy): return at(id, ".drag(from: p, by: \(size(dx, dy)))")
        case .scroll(let x, let y, let dx, let dy): return "_ = try? live.send(.scroll(at: \(point(x, y)), by: \(size(dx, dy))))"
        case .scrollView(let id, let dx, let dy): return at(id, ".scroll(at: p, by: \(size(dx, dy)))")
        case .type(let s):
            let text = s.count > 40 && Set(s).count == 1 ? "String(repeating: \(quoted(String(s.first!))), count: \(s.count))" : quoted(s)
            return "_ = try? live.send(.type(\(text)))"
        case .key(let k): return "_ = try? live.send(.key(LiveKey(rawValue: \(quoted(k)))!))"
        case .wait(let s): return "_ = try? live.send(.wait(\(number(s))))"
        }
    }
}

extension LiveFuzzCase {
    /// The sequence as SwiftUI code: a struct per control, the view, and the events sent to its
    /// live preview (each checked as the fuzzer checks it).
    public var swiftUICode: String {
        let structs = view.controls.map { $0.1.structCode(number: $0.0) }
        return (structs + ["""
            let view = \(view.swiftUICode(indent: 0))
            let live = LivePreview(view)
            _ = live.layout(proposal: ProposedViewSize(width: \(number(width)), height: \(number(height))))
            """] + [events.map(\.swiftUICode).joined(separator: "\n")]).joined(separator: "\n\n")
    }
}
