import Foundation
@testable import LayoutEngine

// The fixture syntax for the containers of issue 9: scroll views, lazy stacks and grids,
// GeometryReader (with proxy expressions), lists and forms, labels, boxes, navigation
// pass-throughs, safeAreaInset and containerRelativeFrame. See Fixtures/README.md.

extension ViewTreeBuilder {
    static let containerModifierNames: Set<String> = [
        "coordinateSpace", "listStyle", "labelStyle", "scrollIndicators", "contentMargins", "listRowInsets",
        "safeAreaInset", "containerRelativeFrame",
    ]

    /// The containers of issue 9, or nil for an unknown name.
    mutating func containerView(_ name: String, _ args: inout ArgumentList, _ closure: Closure?, _ pos: SourcePosition) throws -> AnyView? {
        switch name {
        case "ScrollView":
            let axes = try args.take(nil).map(axisSet) ?? .vertical
            let shows = try args.take("showsIndicators").map(bool) ?? true
            try args.finish()
            let content = try children(closure, name, pos)
            return AnyView(ScrollView(axes, showsIndicators: shows) { content })
        case "LazyVStack":
            let alignment = try args.take("alignment").map(horizontalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            return AnyView(LazyVStack(alignment: alignment, spacing: spacing) { content })
        case "LazyHStack":
            let alignment = try args.take("alignment").map(verticalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            return AnyView(LazyHStack(alignment: alignment, spacing: spacing) { content })
        case "LazyVGrid":
            guard let columns = args.take("columns") else { throw ViewSyntaxError(message: "LazyVGrid needs columns: [GridItem(…)]", position: pos) }
            let items = try gridItems(columns)
            let alignment = try args.take("alignment").map(horizontalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            return AnyView(LazyVGrid(columns: items, alignment: alignment, spacing: spacing) { content })
        case "LazyHGrid":
            guard let rows = args.take("rows") else { throw ViewSyntaxError(message: "LazyHGrid needs rows: [GridItem(…)]", position: pos) }
            let items = try gridItems(rows)
            let alignment = try args.take("alignment").map(verticalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            return AnyView(LazyHGrid(rows: items, alignment: alignment, spacing: spacing) { content })
        case "GeometryReader":
            try args.finish()
            guard let closure, closure.parameters.count <= 1 else {
                throw ViewSyntaxError(message: "GeometryReader needs a closure: GeometryReader { proxy in … }", position: pos)
            }
            let param = closure.parameters.first ?? "$0"
            // Run once now, so that errors surface at parse time and ids are recorded.
            var probe = self
            probe.geometryBindings[param] = GeometryProxy.unlaidOut
            _ = try closure.body.map { try probe.view($0) }
            ids = probe.ids
            let template = self
            return AnyView(GeometryReader { proxy in
                var b = template
                b.geometryBindings[param] = proxy
                return ViewList(views: (try? closure.body.map { try b.view($0) }) ?? [])
            })
        case "List", "Form":
            try args.finish()
            let content = try children(closure, name, pos)
            return name == "List" ? AnyView(List { content }) : AnyView(Form { content })
        case "Section":
            let title = try args.take(nil).map(string)
            let header = try args.take("header").map { try view($0) }
            let footer = try args.take("footer").map { try view($0) }
            try args.finish()
            let content = try children(closure, name, pos)
            let h: AnyView? = title.map { AnyView(Text($0)) } ?? header
            switch (h, footer) {
            case let (h?, f?): return AnyView(Section(header: h, footer: f) { content })
            case let (h?, nil): return AnyView(Section(header: h) { content })
            case let (nil, f?): return AnyView(Section(footer: f) { content })
            case (nil, nil): return AnyView(Section { content })
            }
        case "Label":
            guard let t = args.take(nil) else { throw ViewSyntaxError(message: "Label needs a title: Label(\"…\", systemImage: \"…\")", position: pos) }
            let title = try string(t)
            let image = try args.take("systemImage").map(string) ?? "circle"
            try args.finish(); try noClosure(closure, name)
            return AnyView(Label(title, systemImage: image))
        case "LabeledContent":
            guard let t = args.take(nil), let v = args.take("value") else {
                throw ViewSyntaxError(message: "LabeledContent needs a title and a value: LabeledContent(\"…\", value: \"…\")", position: pos)
            }
            let title = try string(t), value = try string(v)
            try args.finish(); try noClosure(closure, name)
            return AnyView(LabeledContent(title, value: value))
        case "GroupBox":
            let title = try args.take(nil).map(string)
            try args.finish()
            let content = try children(closure, name, pos)
            return title.map { AnyView(GroupBox($0) { content }) } ?? AnyView(GroupBox { content })
        case "NavigationStack", "NavigationView", "TabView":
            try args.finish()
            let content = try children(closure, name, pos)
            switch name {
            case "NavigationStack": return AnyView(NavigationStack { content })
            case "NavigationView": return AnyView(NavigationView { content })
            default: return AnyView(TabView { content })
            }
        default:
            return nil
        }
    }

    /// The modifiers of issue 9's containers.
    mutating func containerModifier(_ name: String, _ base: AnyView, _ args: inout ArgumentList, _ closure: Closure?, _ pos: SourcePosition) throws -> AnyView {
        func done() throws { try args.finish(); if let closure { throw ViewSyntaxError(message: ".\(name) takes no trailing closure", position: closure.position) } }
        switch name {
        case "coordinateSpace":
            guard let n = args.take("name") else { throw ViewSyntaxError(message: "coordinateSpace needs a name: .coordinateSpace(name: \"…\")", position: pos) }
            let spaceName = try string(n)
            try done()
            return AnyView(base.coordinateSpace(name: spaceName))
        case "listStyle":
            guard let e = args.take(nil), let (n, _) = memberName(e, types: ["ListStyle"]) else { throw ViewSyntaxError(message: "listStyle needs a style: .listStyle(.plain)", position: pos) }
            try done()
            let styles: [String: any ListStyle] = ["plain": PlainListStyle(), "grouped": GroupedListStyle(),
                                                   "insetGrouped": InsetGroupedListStyle(), "inset": InsetListStyle(),
                                                   "sidebar": SidebarListStyle(), "automatic": DefaultListStyle()]
            guard let style = styles[n] else { throw ViewSyntaxError(message: "unknown list style .\(n)", position: e.position) }
            return AnyView(base.listStyle(style))
        case "labelStyle":
            guard let e = args.take(nil), let (n, _) = memberName(e, types: ["LabelStyle"]) else { throw ViewSyntaxError(message: "labelStyle needs a style: .labelStyle(.iconOnly)", position: pos) }
            try done()
            let styles: [String: any LabelStyle] = ["iconOnly": IconOnlyLabelStyle(), "titleOnly": TitleOnlyLabelStyle(),
                                                    "titleAndIcon": TitleAndIconLabelStyle(), "automatic": DefaultLabelStyle()]
            guard let style = styles[n] else { throw ViewSyntaxError(message: "unknown label style .\(n)", position: e.position) }
            return AnyView(base.labelStyle(style))
        case "scrollIndicators":
            guard let e = args.take(nil), let (n, _) = memberName(e, types: ["ScrollIndicatorVisibility"]) else { throw ViewSyntaxError(message: "scrollIndicators needs a visibility", position: pos) }
            try done()
            return AnyView(base.scrollIndicators(n == "hidden" || n == "never" ? .hidden : .visible))
        case "contentMargins":
            let first = args.take(nil)
            let second = args.take(nil)
            try done()
            if let first, let second { return AnyView(base.contentMargins(try edgeSet(first), try optionalNumber(second))) }
            guard let first else { throw ViewSyntaxError(message: "contentMargins needs a length", position: pos) }
            return AnyView(base.contentMargins(try number(first)))
        case "listRowInsets":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "listRowInsets needs insets", position: pos) }
            let insets: EdgeInsets? = isEdgeInsets(e) ? try edgeInsets(e) : nil
            try done()
            return AnyView(base.listRowInsets(insets))
        case "safeAreaInset":
            guard let e = args.take("edge"), let (n, _) = memberName(e, types: ["VerticalEdge", "HorizontalEdge", "Edge"]) else {
                throw ViewSyntaxError(message: "safeAreaInset needs an edge: .safeAreaInset(edge: .bottom) { … }", position: pos)
            }
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            switch n {
            case "top": return AnyView(base.safeAreaInset(edge: VerticalEdge.top, spacing: spacing) { content })
            case "bottom": return AnyView(base.safeAreaInset(edge: VerticalEdge.bottom, spacing: spacing) { content })
            case "leading": return AnyView(base.safeAreaInset(edge: HorizontalEdge.leading, spacing: spacing) { content })
            case "trailing": return AnyView(base.safeAreaInset(edge: HorizontalEdge.trailing, spacing: spacing) { content })
            default: throw ViewSyntaxError(message: "unknown edge .\(n)", position: e.position)
            }
        case "containerRelativeFrame":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "containerRelativeFrame needs axes", position: pos) }
            let axes = try axisSet(e)
            let count = try args.take("count").map(int)
            let span = try args.take("span").map(int) ?? 1
            let spacing = try args.take("spacing").map(number) ?? 0
            let alignment = try args.take("alignment").map(alignmentValue) ?? .center
            try done()
            if let count { return AnyView(base.containerRelativeFrame(axes, count: count, span: span, spacing: spacing, alignment: alignment)) }
            return AnyView(base.containerRelativeFrame(axes, alignment: alignment))
        default:
            throw ViewSyntaxError(message: "unknown modifier '.\(name)'", position: pos)
        }
    }

    /// `[GridItem(.fixed(70)), GridItem(.flexible(minimum: 10, maximum: 100), spacing: 4, alignment: .leading), …]`.
    func gridItems(_ e: Expr) throws -> [GridItem] {
        guard case .array(let items, _) = e else { throw ViewSyntaxError(message: "expected an array of GridItem(…), found \(e.summary)", position: e.position) }
        return try items.map { item in
            guard case .call(.identifier("GridItem", _), let a, nil, let p) = item else {
                throw ViewSyntaxError(message: "expected GridItem(…), found \(item.summary)", position: item.position)
            }
            var args = ArgumentList(a, callee: "GridItem", position: p)
            var size = GridItem.Size.flexible()
            if let s = args.take(nil) {
                guard case .call(.implicitMember(let kind, _), let sa, nil, let sp) = s else {
                    throw ViewSyntaxError(message: "expected .fixed(…), .flexible(…) or .adaptive(…), found \(s.summary)", position: s.position)
                }
                var sargs = ArgumentList(sa, callee: kind, position: sp)
                switch kind {
                case "fixed":
                    guard let v = sargs.take(nil) else { throw ViewSyntaxError(message: ".fixed needs a length", position: sp) }
                    size = .fixed(try number(v))
                case "flexible":
                    size = .flexible(minimum: try sargs.take("minimum").map(number) ?? 10, maximum: try sargs.take("maximum").map(number) ?? .infinity)
                case "adaptive":
                    guard let mn = sargs.take("minimum") else { throw ViewSyntaxError(message: ".adaptive needs minimum:", position: sp) }
                    size = .adaptive(minimum: try number(mn), maximum: try sargs.take("maximum").map(number) ?? .infinity)
                default:
                    throw ViewSyntaxError(message: "unknown grid item size .\(kind)", position: sp)
                }
                try sargs.finish()
            }
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            let alignment = try args.take("alignment").map(alignmentValue)
            try args.finish()
            return GridItem(size, spacing: spacing, alignment: alignment)
        }
    }

    // MARK: Geometry proxy expressions

    /// Whether `e` is a proxy, a size or a rect (so `.width` reads geometry, not dimensions).
    func isGeometryValue(_ e: Expr, _ env: [String: ViewDimensions], _ axis: Axis?) throws -> Bool {
        switch e {
        case .identifier(let n, _): return env[n] == nil && geometryBindings[n] != nil
        case .member(let b, _, _): return try isGeometryValue(b, env, axis)
        case .call(.member(let b, "frame", _), _, nil, _): return try isGeometryValue(b, env, axis)
        default: return false
        }
    }

    func geometryMember(_ value: ClosureValue, _ name: String, _ p: SourcePosition) throws -> ClosureValue {
        switch (value, name) {
        case (.proxy(let proxy), "size"): return .size(proxy.size)
        case (.size(let s), "width"): return .number(s.width)
        case (.size(let s), "height"): return .number(s.height)
        case (.rect(let r), "minX"): return .number(r.minX)
        case (.rect(let r), "minY"): return .number(r.minY)
        case (.rect(let r), "midX"): return .number(r.midX)
        case (.rect(let r), "midY"): return .number(r.midY)
        case (.rect(let r), "maxX"): return .number(r.maxX)
        case (.rect(let r), "maxY"): return .number(r.maxY)
        case (.rect(let r), "width"): return .number(r.width)
        case (.rect(let r), "height"): return .number(r.height)
        case (.rect(let r), "size"): return .size(r.size)
        default: throw ViewSyntaxError(message: "unknown geometry member '.\(name)'", position: p)
        }
    }

    /// `proxy.frame(in: .local | .global | .named("x"))`.
    func geometryFrame(_ value: ClosureValue, _ args: [Argument], _ p: SourcePosition) throws -> ClosureValue {
        guard case .proxy(let proxy) = value, args.count == 1, args[0].label == "in" else {
            throw ViewSyntaxError(message: "expected proxy.frame(in: …)", position: p)
        }
        switch args[0].value {
        case .implicitMember("local", _): return .rect(proxy.frame(in: .local))
        case .implicitMember("global", _): return .rect(proxy.frame(in: .global))
        case .call(.implicitMember("named", _), let a, nil, _) where a.count == 1:
            return .rect(proxy.frame(in: .named(try string(a[0].value))))
        default: throw ViewSyntaxError(message: "expected .local, .global or .named(\"…\")", position: args[0].position)
        }
    }
}
