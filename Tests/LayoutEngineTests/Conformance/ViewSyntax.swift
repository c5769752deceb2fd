import Foundation
@testable import LayoutEngine

// A small parser for the SwiftUI-like view syntax of the conformance fixtures.
//
//     HStack(alignment: .top, spacing: 8) {
//         Color.red.frame(width: 20, height: 30).id("a")
//         Rectangle().frame(width: 30, height: 20).id("b")
//     }.frame(width: 100, height: 100)
//
// The source is tokenized, parsed into a generic expression tree (identifiers, member access,
// calls with labelled arguments and trailing closures, subscripts, arrays, arithmetic), and the
// tree is then interpreted into `AnyView`s built with the engine's public DSL. Every unknown
// view, modifier, argument label or constant is an error that names the token and its
// line:column position.

// MARK: - Errors and positions

/// A position in the view source (1-based).
struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
}

/// A syntax or semantic error in a view source, with the position of the offending token.
struct ViewSyntaxError: Error, CustomStringConvertible, Equatable {
    let message: String
    let position: SourcePosition
    var description: String { "view syntax error at \(position): \(message)" }
}

// MARK: - Tokens

enum TokenKind: Equatable {
    case identifier(String)
    case number(Double)
    case string(String)
    case punct(Character)      // ( ) { } [ ] , : ; .
    case op(String)            // + - * / ??
    case eof

    var display: String {
        switch self {
        case .identifier(let s): return "'\(s)'"
        case .number(let n): return "number \(n)"
        case .string(let s): return "string \"\(s)\""
        case .punct(let c): return "'\(c)'"
        case .op(let o): return "'\(o)'"
        case .eof: return "end of input"
        }
    }
}

struct Token {
    let kind: TokenKind
    let position: SourcePosition
    /// True when a line break separates this token from the previous one.
    let newlineBefore: Bool
}

enum Tokenizer {
    static func tokenize(_ source: String) throws -> [Token] {
        let chars = Array(source)
        var tokens: [Token] = []
        var i = 0, line = 1, col = 1
        var newline = false
        func advance() {
            if chars[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i += 1
        }
        func peek(_ k: Int = 0) -> Character? { i + k < chars.count ? chars[i + k] : nil }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { newline = true; advance(); continue }
            if c.isWhitespace { advance(); continue }
            if c == "/" && peek(1) == "/" {
                while i < chars.count && chars[i] != "\n" { advance() }
                continue
            }
            let pos = SourcePosition(line: line, column: col)
            func add(_ k: TokenKind) { tokens.append(Token(kind: k, position: pos, newlineBefore: newline)); newline = false }
            if c.isLetter || c == "_" || c == "$" {
                var s = ""
                s.append(c); advance()
                while let d = peek(), d.isLetter || d.isNumber || d == "_" { s.append(d); advance() }
                if s == "$" { throw ViewSyntaxError(message: "unexpected character '$'", position: pos) }
                add(.identifier(s))
                continue
            }
            if c.isNumber {
                var s = ""
                while let d = peek(), d.isNumber || d == "_" { if d != "_" { s.append(d) }; advance() }
                if peek() == ".", let d = peek(1), d.isNumber {
                    s.append("."); advance()
                    while let d = peek(), d.isNumber { s.append(d); advance() }
                }
                if let e = peek(), e == "e" || e == "E", let d = peek(1), d.isNumber || ((d == "-" || d == "+") && (peek(2)?.isNumber ?? false)) {
                    s.append("e"); advance()
                    if peek() == "-" || peek() == "+" { s.append(peek()!); advance() }
                    while let d = peek(), d.isNumber { s.append(d); advance() }
                }
                guard let v = Double(s) else { throw ViewSyntaxError(message: "malformed number '\(s)'", position: pos) }
                add(.number(v))
                continue
            }
            if c == "\"" {
                advance()
                var s = ""
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == "\"" { advance(); closed = true; break }
                    if d == "\n" { break }
                    if d == "\\" {
                        advance()
                        guard i < chars.count else { break }
                        switch chars[i] {
                        case "n": s.append("\n")
                        case "t": s.append("\t")
                        case "\"": s.append("\"")
                        case "\\": s.append("\\")
                        default: throw ViewSyntaxError(message: "unknown escape '\\\(chars[i])' in string", position: SourcePosition(line: line, column: col))
                        }
                        advance()
                        continue
                    }
                    s.append(d); advance()
                }
                if !closed { throw ViewSyntaxError(message: "unterminated string literal", position: pos) }
                add(.string(s))
                continue
            }
            if "(){}[],:;.".contains(c) { advance(); add(.punct(c)); continue }
            if c == "?" && peek(1) == "?" { advance(); advance(); add(.op("??")); continue }
            if "+-*/".contains(c) { advance(); add(.op(String(c))); continue }
            throw ViewSyntaxError(message: "unexpected character '\(c)'", position: pos)
        }
        tokens.append(Token(kind: .eof, position: SourcePosition(line: line, column: col), newlineBefore: true))
        return tokens
    }
}

// MARK: - Expression tree

struct Argument {
    let label: String?
    let value: Expr
    let position: SourcePosition
}

struct Closure {
    let parameters: [String]
    let body: [Expr]
    let position: SourcePosition
}

indirect enum Expr {
    case number(Double, SourcePosition)
    case string(String, SourcePosition)
    case identifier(String, SourcePosition)
    case implicitMember(String, SourcePosition)          // .red
    case member(Expr, String, SourcePosition)            // Color.red, view.frame
    case call(Expr, [Argument], Closure?, SourcePosition)
    case subscripted(Expr, [Argument], SourcePosition)   // d[.leading]
    case array([Expr], SourcePosition)
    case unary(String, Expr, SourcePosition)
    case binary(String, Expr, Expr, SourcePosition)
    case closure(Closure)

    var position: SourcePosition {
        switch self {
        case .number(_, let p), .string(_, let p), .identifier(_, let p), .implicitMember(_, let p),
             .member(_, _, let p), .call(_, _, _, let p), .subscripted(_, _, let p), .array(_, let p),
             .unary(_, _, let p), .binary(_, _, _, let p):
            return p
        case .closure(let c): return c.position
        }
    }

    /// A short description for error messages.
    var summary: String {
        switch self {
        case .number(let n, _): return formatNumber(n)
        case .string(let s, _): return "\"\(s)\""
        case .identifier(let s, _): return s
        case .implicitMember(let s, _): return ".\(s)"
        case .member(let b, let s, _): return "\(b.summary).\(s)"
        case .call(let c, _, _, _): return "\(c.summary)(…)"
        case .subscripted(let b, _, _): return "\(b.summary)[…]"
        case .array: return "[…]"
        case .unary(let o, let e, _): return "\(o)\(e.summary)"
        case .binary(let o, let a, let b, _): return "\(a.summary) \(o) \(b.summary)"
        case .closure: return "{ … }"
        }
    }
}

func formatNumber(_ v: Double) -> String {
    if v == .infinity { return "inf" }
    if v == -.infinity { return "-inf" }
    if v.isNaN { return "nan" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}

// MARK: - Parser

struct ViewSyntaxParser {
    private var tokens: [Token]
    private var index = 0

    init(_ source: String) throws { tokens = try Tokenizer.tokenize(source) }

    private var current: Token { tokens[index] }
    private mutating func next() -> Token { let t = tokens[index]; if index < tokens.count - 1 { index += 1 }; return t }
    private func isPunct(_ c: Character, _ t: Token? = nil) -> Bool { (t ?? current).kind == .punct(c) }

    private mutating func expect(_ c: Character, _ context: String) throws {
        guard isPunct(c) else {
            throw ViewSyntaxError(message: "expected '\(c)' \(context), found \(current.kind.display)", position: current.position)
        }
        _ = next()
    }

    /// Parses a whole source: one or more top-level statements.
    mutating func parseProgram() throws -> [Expr] {
        let statements = try parseStatements(closing: nil)
        guard current.kind == .eof else {
            throw ViewSyntaxError(message: "unexpected \(current.kind.display)", position: current.position)
        }
        return statements
    }

    /// Statements separated by ';' or line breaks, up to the closing brace (not consumed) or the end.
    private mutating func parseStatements(closing: Character?) throws -> [Expr] {
        var result: [Expr] = []
        while true {
            while isPunct(";") { _ = next() }
            if current.kind == .eof {
                if closing != nil { throw ViewSyntaxError(message: "missing '}'", position: current.position) }
                break
            }
            if let closing, isPunct(closing) { break }
            if case .identifier("return") = current.kind { _ = next() }
            result.append(try parseExpression())
            if isPunct(";") || current.newlineBefore || current.kind == .eof { continue }
            if let closing, isPunct(closing) { continue }
            throw ViewSyntaxError(message: "expected ';' or a line break between statements, found \(current.kind.display)", position: current.position)
        }
        return result
    }

    private static let precedence: [String: Int] = ["??": 1, "+": 2, "-": 2, "*": 3, "/": 3]

    private mutating func parseExpression(minPrecedence: Int = 1) throws -> Expr {
        var lhs = try parseUnary()
        while case .op(let o) = current.kind, !current.newlineBefore, let p = Self.precedence[o], p >= minPrecedence {
            let pos = next().position
            let rhs = try parseExpression(minPrecedence: p + 1)
            lhs = .binary(o, lhs, rhs, pos)
        }
        return lhs
    }

    private mutating func parseUnary() throws -> Expr {
        if case .op(let o) = current.kind, o == "-" || o == "+" {
            let pos = next().position
            let operand = try parseUnary()
            return o == "-" ? .unary("-", operand, pos) : operand
        }
        return try parsePostfix(parsePrimary())
    }

    private mutating func parsePrimary() throws -> Expr {
        let t = next()
        switch t.kind {
        case .number(let v): return .number(v, t.position)
        case .string(let s): return .string(s, t.position)
        case .identifier(let s): return .identifier(s, t.position)
        case .punct("."):
            guard case .identifier(let name) = current.kind else {
                throw ViewSyntaxError(message: "expected a member name after '.', found \(current.kind.display)", position: current.position)
            }
            _ = next()
            return .implicitMember(name, t.position)
        case .punct("("):
            let e = try parseExpression()
            try expect(")", "to close the parenthesis")
            return e
        case .punct("["):
            var items: [Expr] = []
            while !isPunct("]") {
                items.append(try parseExpression())
                if isPunct(",") { _ = next() } else { break }
            }
            try expect("]", "to close the array")
            return .array(items, t.position)
        case .punct("{"):
            return .closure(try parseClosureBody(openedAt: t.position))
        default:
            throw ViewSyntaxError(message: "unexpected \(t.kind.display)", position: t.position)
        }
    }

    private mutating func parsePostfix(_ base: Expr) throws -> Expr {
        var e = base
        while true {
            if isPunct(".") {
                let dot = next()
                guard case .identifier(let name) = current.kind else {
                    throw ViewSyntaxError(message: "expected a member name after '.', found \(current.kind.display)", position: current.position)
                }
                _ = next()
                e = .member(e, name, dot.position)
            } else if isPunct("("), !current.newlineBefore {
                let open = next()
                let args = try parseArguments(closing: ")")
                var trailing: Closure? = nil
                if isPunct("{"), !current.newlineBefore {
                    let b = next()
                    trailing = try parseClosureBody(openedAt: b.position)
                }
                e = .call(e, args, trailing, open.position)
            } else if isPunct("{"), !current.newlineBefore {
                let b = next()
                let c = try parseClosureBody(openedAt: b.position)
                e = .call(e, [], c, b.position)
            } else if isPunct("["), !current.newlineBefore {
                let open = next()
                let args = try parseArguments(closing: "]")
                e = .subscripted(e, args, open.position)
            } else {
                return e
            }
        }
    }

    /// Arguments after the opening bracket, through the closing one.
    private mutating func parseArguments(closing: Character) throws -> [Argument] {
        var args: [Argument] = []
        while !isPunct(closing) {
            let pos = current.position
            var label: String? = nil
            if case .identifier(let name) = current.kind, isPunct(":", tokens[index + 1]) {
                label = name
                _ = next(); _ = next()
            }
            args.append(Argument(label: label, value: try parseExpression(), position: pos))
            if isPunct(",") { _ = next() } else { break }
        }
        try expect(closing, "to close the argument list")
        return args
    }

    /// A closure after its '{': optional `a, b in` parameters, then statements, through '}'.
    private mutating func parseClosureBody(openedAt pos: SourcePosition) throws -> Closure {
        var params: [String] = []
        // Look ahead for `name (, name)* in`.
        var k = index
        var names: [String] = []
        while case .identifier(let n) = tokens[k].kind, n != "in" {
            names.append(n)
            k += 1
            if isPunct(",", tokens[k]) { k += 1 } else { break }
        }
        if !names.isEmpty, case .identifier("in") = tokens[k].kind {
            params = names
            index = k + 1
        }
        let body = try parseStatements(closing: "}")
        try expect("}", "to close the closure opened at \(pos)")
        return Closure(parameters: params, body: body, position: pos)
    }
}

// MARK: - Custom alignment guides available to fixtures

/// `VerticalAlignment.firstThird` / `HorizontalAlignment.firstThird`: one third of the height/width
/// (Apple's `FirstThirdAlignment` documentation example).
enum FirstThirdVerticalID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 3 }
}
enum FirstThirdHorizontalID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 3 }
}
/// `VerticalAlignment.midAccountAndName`: Apple's "Aligning views across stacks" guide, default `d[.bottom]`.
enum MidAccountAndNameID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.bottom] }
}
/// `HorizontalAlignment.customLeading`: a custom guide whose default is the leading edge.
enum CustomLeadingID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[HorizontalAlignment.leading] }
}

// MARK: - Building views

/// A list of type-erased views that a container sees as separate subviews (like a TupleView).
struct ViewList: View {
    typealias Body = Never
    var body: Never { fatalError("ViewList has no body") }
    let views: [AnyView]
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        for (i, v) in view.views.enumerated() {
            AnyView._makeView(v, inputs: inputs.child(UInt64(i) &+ 1), outputs: &outputs)
        }
    }
}

/// The result of parsing a view source.
struct ParsedView {
    /// The view tree (several top-level statements are laid out as a VStack, as a window's content is).
    let view: AnyView
    /// The `.id(_:)` values, in source order (as strings).
    let ids: [String]
}

enum ViewSyntax {
    /// Parses and builds a view from the fixture syntax.
    static func parse(_ source: String) throws -> ParsedView {
        var parser = try ViewSyntaxParser(source)
        let statements = try parser.parseProgram()
        var builder = ViewTreeBuilder()
        guard !statements.isEmpty else {
            throw ViewSyntaxError(message: "the view source is empty", position: SourcePosition(line: 1, column: 1))
        }
        let views = try statements.map { try builder.view($0) }
        let root = views.count == 1 ? views[0] : AnyView(VStack { ViewList(views: views) })
        return ParsedView(view: root, ids: builder.ids)
    }
}

/// The values a closure expression evaluates to.
enum ClosureValue {
    case number(CGFloat)
    case dimensions(ViewDimensions)
    /// A GeometryReader's proxy and the values read from it (`ViewSyntax+Containers.swift`).
    case proxy(GeometryProxy)
    case size(CGSize)
    case rect(CGRect)
}

/// Labelled arguments of a call, consumed one by one; leftovers are errors.
struct ArgumentList {
    let args: [Argument]
    let callee: String
    let position: SourcePosition
    private var used: Set<Int> = []

    init(_ args: [Argument], callee: String, position: SourcePosition) {
        self.args = args; self.callee = callee; self.position = position
    }

    /// Takes the first unused argument with `label` (nil = unlabelled).
    mutating func take(_ label: String?) -> Expr? {
        for (i, a) in args.enumerated() where !used.contains(i) && a.label == label {
            used.insert(i)
            return a.value
        }
        return nil
    }

    var labels: [String?] { args.map(\.label) }
    func has(_ label: String?) -> Bool { args.contains { $0.label == label } }

    func finish() throws {
        for (i, a) in args.enumerated() where !used.contains(i) {
            let what = a.label.map { "argument '\($0):'" } ?? "unlabelled argument \(a.value.summary)"
            throw ViewSyntaxError(message: "unexpected \(what) in \(callee)(…)", position: a.position)
        }
    }
}

struct ViewTreeBuilder {
    var ids: [String] = []
    /// GeometryReader closure parameters in scope, by name.
    var geometryBindings: [String: GeometryProxy] = [:]

    static let colorNames: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink",
        "brown", "gray", "white", "black", "clear", "primary", "secondary", "accentColor",
    ]

    static func color(_ name: String, _ pos: SourcePosition) throws -> Color {
        switch name {
        case "red": return .red
        case "orange": return .orange
        case "yellow": return .yellow
        case "green": return .green
        case "mint": return .mint
        case "teal": return .teal
        case "cyan": return .cyan
        case "blue": return .blue
        case "indigo": return .indigo
        case "purple": return .purple
        case "pink": return .pink
        case "brown": return .brown
        case "gray": return .gray
        case "white": return .white
        case "black": return .black
        case "clear": return .clear
        case "primary": return .primary
        case "secondary": return .secondary
        case "accentColor": return .accentColor
        default: throw ViewSyntaxError(message: "unknown color 'Color.\(name)'", position: pos)
        }
    }

    // MARK: Views

    mutating func view(_ e: Expr) throws -> AnyView {
        switch e {
        case .call(let callee, let args, let closure, let pos):
            switch callee {
            case .member(let base, let name, let mpos):
                if case .identifier("Color", _) = base {
                    throw ViewSyntaxError(message: "'Color.\(name)' is not callable", position: mpos)
                }
                return try modifier(name, on: base, ArgumentList(args, callee: name, position: pos), closure, mpos)
            case .identifier(let name, let ipos):
                return try constructor(name, ArgumentList(args, callee: name, position: pos), closure, ipos)
            default:
                throw ViewSyntaxError(message: "expected a view, found \(e.summary)", position: pos)
            }
        case .member(.identifier("Color", _), let name, let pos):
            return AnyView(try Self.color(name, pos))
        case .member(let base, let name, let pos):
            // `Colr.red`: the base is not a view at all.
            if case .identifier(let b, let bpos) = base, b != "Color" {
                throw ViewSyntaxError(message: "unknown view '\(b)'", position: bpos)
            }
            throw ViewSyntaxError(message: "modifier '\(name)' must be called: .\(name)(…)", position: pos)
        case .identifier(let name, let pos):
            if Self.viewNames.contains(name) {
                throw ViewSyntaxError(message: "'\(name)' must be called: \(name)()", position: pos)
            }
            throw ViewSyntaxError(message: "unknown view '\(name)'", position: pos)
        case .implicitMember(let name, let pos):
            if Self.colorNames.contains(name) { return AnyView(try Self.color(name, pos)) }
            throw ViewSyntaxError(message: "unknown view '.\(name)'", position: pos)
        default:
            throw ViewSyntaxError(message: "expected a view, found \(e.summary)", position: e.position)
        }
    }

    static let viewNames: Set<String> = [
        "HStack", "VStack", "ZStack", "Grid", "GridRow", "ViewThatFits", "Group", "Rectangle", "RoundedRectangle",
        "Capsule", "Circle", "Ellipse", "Text", "Spacer", "Divider", "ProgressView", "EmptyView", "box",
    ]

    mutating func children(_ closure: Closure?, _ name: String, _ pos: SourcePosition) throws -> ViewList {
        guard let closure else {
            throw ViewSyntaxError(message: "\(name) needs a trailing closure with its content: \(name) { … }", position: pos)
        }
        guard closure.parameters.isEmpty else {
            throw ViewSyntaxError(message: "the content closure of \(name) takes no parameters", position: closure.position)
        }
        return ViewList(views: try closure.body.map { try view($0) })
    }

    private mutating func constructor(_ name: String, _ argsIn: ArgumentList, _ closure: Closure?, _ pos: SourcePosition) throws -> AnyView {
        var args = argsIn
        let result: AnyView
        switch name {
        case "HStack":
            let alignment = try args.take("alignment").map(verticalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(HStack(alignment: alignment, spacing: spacing) { content })
        case "VStack":
            let alignment = try args.take("alignment").map(horizontalAlignment) ?? .center
            let spacing = try args.take("spacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(VStack(alignment: alignment, spacing: spacing) { content })
        case "ZStack":
            let alignment = try args.take("alignment").map(alignmentValue) ?? .center
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(ZStack(alignment: alignment) { content })
        case "Grid":
            let alignment = try args.take("alignment").map(alignmentValue) ?? .center
            let h = try args.take("horizontalSpacing").flatMap(optionalNumber)
            let v = try args.take("verticalSpacing").flatMap(optionalNumber)
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(Grid(alignment: alignment, horizontalSpacing: h, verticalSpacing: v) { content })
        case "GridRow":
            let alignment = try args.take("alignment").flatMap { e -> VerticalAlignment? in
                if case .identifier("nil", _) = e { return nil }
                return try verticalAlignment(e)
            }
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(GridRow(alignment: alignment) { content })
        case "ViewThatFits":
            let axes = try args.take("in").map(axisSet) ?? [.horizontal, .vertical]
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(ViewThatFits(in: axes) { content })
        case "Group":
            try args.finish()
            let content = try children(closure, name, pos)
            result = AnyView(Group { content })
        case "Rectangle":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Rectangle())
        case "RoundedRectangle":
            let r = try args.take("cornerRadius").map(number) ?? 0
            try args.finish(); try noClosure(closure, name)
            result = AnyView(RoundedRectangle(cornerRadius: r))
        case "Capsule":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Capsule())
        case "Circle":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Circle())
        case "Ellipse":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Ellipse())
        case "Text":
            let s: String
            if let e = args.take(nil) { s = try string(e) } else if let e = args.take("verbatim") { s = try string(e) } else {
                throw ViewSyntaxError(message: "Text needs a string: Text(\"…\")", position: pos)
            }
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Text(s))
        case "Spacer":
            let minLength = try args.take("minLength").flatMap(optionalNumber)
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Spacer(minLength: minLength))
        case "Divider":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(Divider())
        case "ProgressView":
            let value = try args.take("value").flatMap(optionalNumber)
            try args.finish(); try noClosure(closure, name)
            result = args.has("value") ? AnyView(ProgressView(value: Double(value ?? 0))) : AnyView(ProgressView())
        case "EmptyView":
            try args.finish(); try noClosure(closure, name)
            result = AnyView(EmptyView())
        case "box":
            // Shorthand of the golden cases: box(w, h) = Color.red.frame(width: w, height: h).
            let w = try args.take(nil).map(number)
            let h = try args.take(nil).map(number)
            try args.finish(); try noClosure(closure, name)
            guard let w, let h else { throw ViewSyntaxError(message: "box needs two lengths: box(w, h)", position: pos) }
            result = AnyView(Color.red.frame(width: w, height: h))
        default:
            if let v = try containerView(name, &args, closure, pos) { return v }
            throw ViewSyntaxError(message: "unknown view '\(name)'", position: pos)
        }
        return result
    }

    func noClosure(_ c: Closure?, _ name: String) throws {
        if let c { throw ViewSyntaxError(message: "\(name) takes no trailing closure", position: c.position) }
    }

    // MARK: Modifiers

    private mutating func modifier(_ name: String, on baseExpr: Expr, _ argsIn: ArgumentList, _ closure: Closure?, _ pos: SourcePosition) throws -> AnyView {
        var args = argsIn
        let base = try view(baseExpr)
        func done() throws { try args.finish(); if let closure { throw ViewSyntaxError(message: ".\(name) takes no trailing closure", position: closure.position) } }
        switch name {
        case "frame":
            let flexibleLabels = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            if flexibleLabels.contains(where: { args.has($0) }) {
                var v: [CGFloat?] = []
                for l in flexibleLabels { v.append(try args.take(l).flatMap(optionalNumber)) }
                let a = try args.take("alignment").map(alignmentValue) ?? .center
                try done()
                return AnyView(base.frame(minWidth: v[0], idealWidth: v[1], maxWidth: v[2], minHeight: v[3], idealHeight: v[4], maxHeight: v[5], alignment: a))
            }
            let w = try args.take("width").flatMap(optionalNumber)
            let h = try args.take("height").flatMap(optionalNumber)
            let a = try args.take("alignment").map(alignmentValue) ?? .center
            try done()
            return AnyView(base.frame(width: w, height: h, alignment: a))
        case "padding":
            if let first = args.take(nil) {
                if isEdgeInsets(first) {
                    let insets = try edgeInsets(first)
                    try done()
                    return AnyView(base.padding(insets))
                }
                if isEdgeSet(first) {
                    let edges = try edgeSet(first)
                    let length = try args.take(nil).flatMap(optionalNumber)
                    try done()
                    return AnyView(base.padding(edges, length))
                }
                let length = try optionalNumber(first)
                try done()
                return AnyView(base.padding(.all, length))
            }
            try done()
            return AnyView(base.padding())
        case "fixedSize":
            if args.args.isEmpty { try done(); return AnyView(base.fixedSize()) }
            let h = try args.take("horizontal").map(bool) ?? false
            let v = try args.take("vertical").map(bool) ?? false
            try done()
            return AnyView(base.fixedSize(horizontal: h, vertical: v))
        case "layoutPriority":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "layoutPriority needs a value", position: pos) }
            let p = try number(e)
            try done()
            return AnyView(base.layoutPriority(Double(p)))
        case "alignmentGuide":
            guard let g = args.take(nil) else { throw ViewSyntaxError(message: "alignmentGuide needs a guide: .alignmentGuide(.leading) { d in … }", position: pos) }
            var body: Closure? = closure
            if body == nil, let e = args.take("computeValue"), case .closure(let c) = e { body = c }
            try args.finish()
            guard let body else { throw ViewSyntaxError(message: "alignmentGuide needs a closure: { d in … }", position: pos) }
            let guide = try guideValue(g)
            let compute = try guideClosure(body, axis: guide.axis)
            switch guide {
            case .horizontal(let h): return AnyView(base.alignmentGuide(h, computeValue: compute))
            case .vertical(let v): return AnyView(base.alignmentGuide(v, computeValue: compute))
            }
        case "background", "overlay":
            let isOverlay = name == "overlay"
            let alignment = try args.take("alignment").map(alignmentValue) ?? .center
            if let closure {
                guard closure.parameters.isEmpty else { throw ViewSyntaxError(message: "the content closure of .\(name) takes no parameters", position: closure.position) }
                let secondary = ViewList(views: try closure.body.map { try view($0) })
                try args.finish()
                return isOverlay ? AnyView(base.overlay(alignment: alignment) { secondary }) : AnyView(base.background(alignment: alignment) { secondary })
            }
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: ".\(name) needs a view", position: pos) }
            let secondary = try view(e)
            try args.finish()
            return isOverlay ? AnyView(base.overlay(secondary, alignment: alignment)) : AnyView(base.background(secondary, alignment: alignment))
        case "aspectRatio":
            var ratio: CGFloat? = nil
            if let e = args.take(nil) {
                if case .call(.identifier("CGSize", _), let a, _, let p) = e {
                    let s = try cgSize(ArgumentList(a, callee: "CGSize", position: p))
                    ratio = s.height != 0 ? s.width / s.height : nil
                } else {
                    ratio = try optionalNumber(e)
                }
            }
            let mode = try args.take("contentMode").map(contentMode) ?? .fit
            try done()
            return AnyView(base.aspectRatio(ratio, contentMode: mode))
        case "scaledToFit": try done(); return AnyView(base.scaledToFit())
        case "scaledToFill": try done(); return AnyView(base.scaledToFill())
        case "offset":
            if let e = args.take(nil) {
                guard case .call(.identifier("CGSize", _), let a, _, let p) = e else {
                    throw ViewSyntaxError(message: "offset takes x:, y: or a CGSize(width:height:)", position: e.position)
                }
                let s = try cgSize(ArgumentList(a, callee: "CGSize", position: p))
                try done()
                return AnyView(base.offset(s))
            }
            let x = try args.take("x").map(number) ?? 0
            let y = try args.take("y").map(number) ?? 0
            try done()
            return AnyView(base.offset(x: x, y: y))
        case "position":
            let x = try args.take("x").map(number) ?? 0
            let y = try args.take("y").map(number) ?? 0
            try done()
            return AnyView(base.position(x: x, y: y))
        case "id":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: ".id needs a value", position: pos) }
            let id: String
            switch e {
            case .string(let s, _): id = s
            case .number(let n, _): id = formatNumber(n)
            default: throw ViewSyntaxError(message: ".id takes a string or a number, found \(e.summary)", position: e.position)
            }
            try done()
            ids.append(id)
            return AnyView(base.id(id))
        case "gridCellColumns":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "gridCellColumns needs a count", position: pos) }
            let n = try int(e)
            try done()
            return AnyView(base.gridCellColumns(n))
        case "gridCellAnchor":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "gridCellAnchor needs a UnitPoint", position: pos) }
            let u = try unitPoint(e)
            try done()
            return AnyView(base.gridCellAnchor(u))
        case "gridColumnAlignment":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "gridColumnAlignment needs a guide", position: pos) }
            let h = try horizontalAlignment(e)
            try done()
            return AnyView(base.gridColumnAlignment(h))
        case "gridCellUnsizedAxes":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "gridCellUnsizedAxes needs axes", position: pos) }
            let a = try axisSet(e)
            try done()
            return AnyView(base.gridCellUnsizedAxes(a))
        case "font":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "font needs a Font", position: pos) }
            let f = try font(e)
            try done()
            return AnyView(base.font(f))
        case "lineLimit":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "lineLimit needs a count or nil", position: pos) }
            let n: Int?
            if case .identifier("nil", _) = e { n = nil } else { n = try int(e) }
            try done()
            return AnyView(base.lineLimit(n))
        case "zIndex":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "zIndex needs a value", position: pos) }
            let z = try number(e)
            try done()
            return AnyView(base.zIndex(Double(z)))
        case "foregroundStyle", "foregroundColor", "fill", "tint", "stroke", "strokeBorder":
            // Drawing only: accepted so fixtures read like real SwiftUI; they do not affect layout.
            _ = args.take(nil)
            _ = args.take("lineWidth")
            try done()
            return base
        // Drawing modifiers, applied for real so that fixtures pin that they don't change layout.
        case "opacity":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "opacity needs a value", position: pos) }
            let v = try number(e)
            try done()
            return AnyView(base.opacity(Double(v)))
        case "scaleEffect":
            guard let e = args.take(nil) else { throw ViewSyntaxError(message: "scaleEffect needs a scale", position: pos) }
            let v = try number(e)
            let anchor = try args.take("anchor").map(unitPoint) ?? .center
            try done()
            return AnyView(base.scaleEffect(v, anchor: anchor))
        case "rotationEffect":
            // `.rotationEffect(.degrees(N))`
            guard let e = args.take(nil), case .call(.implicitMember("degrees", _), let a, nil, _) = e, a.count == 1 else {
                throw ViewSyntaxError(message: "rotationEffect takes .degrees(N)", position: pos)
            }
            let v = try number(a[0].value)
            try done()
            return AnyView(base.rotationEffect(.degrees(Double(v))))
        case "shadow":
            let radius = try args.take("radius").map(number) ?? 0
            let x = try args.take("x").map(number) ?? 0, y = try args.take("y").map(number) ?? 0
            try done()
            return AnyView(base.shadow(radius: radius, x: x, y: y))
        case "blur":
            let radius = try args.take("radius").map(number) ?? 0
            try done()
            return AnyView(base.blur(radius: radius))
        case "compositingGroup":
            try done()
            return AnyView(base.compositingGroup())
        case _ where ViewTreeBuilder.containerModifierNames.contains(name):
            return try containerModifier(name, base, &args, closure, pos)
        case "ignoresSafeArea":
            try done()
            return AnyView(base.ignoresSafeArea())
        case "bold", "italic":
            try done()
            return AnyView(name == "bold" ? AnyView(base.bold()) : AnyView(base.italic()))
        default:
            throw ViewSyntaxError(message: "unknown modifier '.\(name)'", position: pos)
        }
    }

    // MARK: Values

    func number(_ e: Expr) throws -> CGFloat {
        guard let v = try optionalNumber(e) else { throw ViewSyntaxError(message: "expected a number, found nil", position: e.position) }
        return v
    }

    func optionalNumber(_ e: Expr) throws -> CGFloat? {
        switch e {
        case .identifier("nil", _): return nil
        default:
            guard case .number(let v) = try evaluate(e, [:]) else {
                throw ViewSyntaxError(message: "expected a number, found \(e.summary)", position: e.position)
            }
            return v
        }
    }

    func int(_ e: Expr) throws -> Int {
        let v = try number(e)
        guard v == v.rounded(), abs(v) < 1e9 else { throw ViewSyntaxError(message: "expected an integer, found \(e.summary)", position: e.position) }
        return Int(v)
    }

    func bool(_ e: Expr) throws -> Bool {
        switch e {
        case .identifier("true", _): return true
        case .identifier("false", _): return false
        default: throw ViewSyntaxError(message: "expected true or false, found \(e.summary)", position: e.position)
        }
    }

    func string(_ e: Expr) throws -> String {
        guard case .string(let s, _) = e else { throw ViewSyntaxError(message: "expected a string literal, found \(e.summary)", position: e.position) }
        return s
    }

    /// A member name, implicit (`.top`) or qualified by one of `types` (`Alignment.top`).
    func memberName(_ e: Expr, types: [String]) -> (String, String?)? {
        switch e {
        case .implicitMember(let n, _): return (n, nil)
        case .member(.identifier(let t, _), let n, _) where types.contains(t): return (n, t)
        default: return nil
        }
    }

    func horizontalAlignment(_ e: Expr) throws -> HorizontalAlignment {
        if let (n, _) = memberName(e, types: ["HorizontalAlignment"]) {
            switch n {
            case "leading": return .leading
            case "center": return .center
            case "trailing": return .trailing
            case "firstThird": return HorizontalAlignment(FirstThirdHorizontalID.self)
            case "customLeading": return HorizontalAlignment(CustomLeadingID.self)
            default: break
            }
        }
        throw ViewSyntaxError(message: "unknown horizontal alignment \(e.summary) (expected .leading, .center, .trailing, .firstThird or .customLeading)", position: e.position)
    }

    func verticalAlignment(_ e: Expr) throws -> VerticalAlignment {
        if let (n, _) = memberName(e, types: ["VerticalAlignment"]) {
            switch n {
            case "top": return .top
            case "center": return .center
            case "bottom": return .bottom
            case "firstTextBaseline": return .firstTextBaseline
            case "lastTextBaseline": return .lastTextBaseline
            case "firstThird": return VerticalAlignment(FirstThirdVerticalID.self)
            case "midAccountAndName": return VerticalAlignment(MidAccountAndNameID.self)
            default: break
            }
        }
        throw ViewSyntaxError(message: "unknown vertical alignment \(e.summary) (expected .top, .center, .bottom, .firstTextBaseline, .lastTextBaseline, .firstThird or .midAccountAndName)", position: e.position)
    }

    func alignmentValue(_ e: Expr) throws -> Alignment {
        if case .call(.identifier("Alignment", _), let a, nil, let p) = e {
            var args = ArgumentList(a, callee: "Alignment", position: p)
            guard let h = args.take("horizontal"), let v = args.take("vertical") else {
                throw ViewSyntaxError(message: "Alignment(horizontal:vertical:) needs both guides", position: p)
            }
            let result = Alignment(horizontal: try horizontalAlignment(h), vertical: try verticalAlignment(v))
            try args.finish()
            return result
        }
        if let (n, _) = memberName(e, types: ["Alignment"]) {
            switch n {
            case "center": return .center
            case "leading": return .leading
            case "trailing": return .trailing
            case "top": return .top
            case "bottom": return .bottom
            case "topLeading": return .topLeading
            case "topTrailing": return .topTrailing
            case "bottomLeading": return .bottomLeading
            case "bottomTrailing": return .bottomTrailing
            case "centerFirstTextBaseline": return .centerFirstTextBaseline
            case "centerLastTextBaseline": return .centerLastTextBaseline
            case "leadingFirstTextBaseline": return .leadingFirstTextBaseline
            case "leadingLastTextBaseline": return .leadingLastTextBaseline
            case "trailingFirstTextBaseline": return .trailingFirstTextBaseline
            case "trailingLastTextBaseline": return .trailingLastTextBaseline
            default: break
            }
        }
        throw ViewSyntaxError(message: "unknown alignment \(e.summary)", position: e.position)
    }

    enum Guide {
        case horizontal(HorizontalAlignment)
        case vertical(VerticalAlignment)
        var axis: Axis { if case .horizontal = self { return .horizontal }; return .vertical }
    }

    /// An alignment guide for `.alignmentGuide(_:)`; `.center` and `.firstThird` exist on both axes
    /// and need the type (`HorizontalAlignment.center`), as in Swift.
    func guideValue(_ e: Expr) throws -> Guide {
        if case .member(.identifier("HorizontalAlignment", _), _, _) = e { return .horizontal(try horizontalAlignment(e)) }
        if case .member(.identifier("VerticalAlignment", _), _, _) = e { return .vertical(try verticalAlignment(e)) }
        if case .implicitMember(let n, let p) = e {
            if n == "center" || n == "firstThird" {
                throw ViewSyntaxError(message: "ambiguous guide '.\(n)': write HorizontalAlignment.\(n) or VerticalAlignment.\(n)", position: p)
            }
            if let h = try? horizontalAlignment(e) { return .horizontal(h) }
            if let v = try? verticalAlignment(e) { return .vertical(v) }
        }
        throw ViewSyntaxError(message: "unknown alignment guide \(e.summary)", position: e.position)
    }

    func isEdgeSet(_ e: Expr) -> Bool {
        switch e {
        case .implicitMember(let n, _): return ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing"].contains(n)
        case .member(.identifier("Edge", _), _, _): return true
        case .array(let items, _): return items.allSatisfy(isEdgeSet)
        default: return false
        }
    }

    func edgeSet(_ e: Expr) throws -> Edge.Set {
        switch e {
        case .array(let items, _):
            var s: Edge.Set = []
            for i in items { s.formUnion(try edgeSet(i)) }
            return s
        default:
            if let (n, _) = memberName(e, types: ["Edge"]) {
                switch n {
                case "all": return .all
                case "horizontal": return .horizontal
                case "vertical": return .vertical
                case "top": return .top
                case "leading": return .leading
                case "bottom": return .bottom
                case "trailing": return .trailing
                default: break
                }
            }
            throw ViewSyntaxError(message: "unknown edge set \(e.summary)", position: e.position)
        }
    }

    func axisSet(_ e: Expr) throws -> Axis.Set {
        switch e {
        case .array(let items, _):
            var s: Axis.Set = []
            for i in items { s.formUnion(try axisSet(i)) }
            return s
        default:
            if let (n, _) = memberName(e, types: ["Axis"]) {
                if n == "horizontal" { return .horizontal }
                if n == "vertical" { return .vertical }
            }
            throw ViewSyntaxError(message: "unknown axis set \(e.summary) (expected .horizontal, .vertical or [.horizontal, .vertical])", position: e.position)
        }
    }

    func isEdgeInsets(_ e: Expr) -> Bool {
        if case .call(.identifier("EdgeInsets", _), _, _, _) = e { return true }
        return false
    }

    func edgeInsets(_ e: Expr) throws -> EdgeInsets {
        guard case .call(.identifier("EdgeInsets", _), let a, nil, let p) = e else {
            throw ViewSyntaxError(message: "expected EdgeInsets(top:leading:bottom:trailing:), found \(e.summary)", position: e.position)
        }
        var args = ArgumentList(a, callee: "EdgeInsets", position: p)
        let t = try args.take("top").map(number) ?? 0
        let l = try args.take("leading").map(number) ?? 0
        let b = try args.take("bottom").map(number) ?? 0
        let r = try args.take("trailing").map(number) ?? 0
        try args.finish()
        return EdgeInsets(top: t, leading: l, bottom: b, trailing: r)
    }

    func cgSize(_ argsIn: ArgumentList) throws -> CGSize {
        var args = argsIn
        let w = try args.take("width").map(number) ?? 0
        let h = try args.take("height").map(number) ?? 0
        try args.finish()
        return CGSize(width: w, height: h)
    }

    func unitPoint(_ e: Expr) throws -> UnitPoint {
        if case .call(.identifier("UnitPoint", _), let a, nil, let p) = e {
            var args = ArgumentList(a, callee: "UnitPoint", position: p)
            let x = try args.take("x").map(number) ?? 0
            let y = try args.take("y").map(number) ?? 0
            try args.finish()
            return UnitPoint(x: x, y: y)
        }
        if let (n, _) = memberName(e, types: ["UnitPoint"]) {
            switch n {
            case "zero": return .zero
            case "center": return .center
            case "leading": return .leading
            case "trailing": return .trailing
            case "top": return .top
            case "bottom": return .bottom
            case "topLeading": return .topLeading
            case "topTrailing": return .topTrailing
            case "bottomLeading": return .bottomLeading
            case "bottomTrailing": return .bottomTrailing
            default: break
            }
        }
        throw ViewSyntaxError(message: "unknown unit point \(e.summary)", position: e.position)
    }

    func contentMode(_ e: Expr) throws -> ContentMode {
        if let (n, _) = memberName(e, types: ["ContentMode"]) {
            if n == "fit" { return .fit }
            if n == "fill" { return .fill }
        }
        throw ViewSyntaxError(message: "unknown content mode \(e.summary) (expected .fit or .fill)", position: e.position)
    }

    func font(_ e: Expr) throws -> Font {
        switch e {
        case .call(let callee, let a, nil, let p):
            if let (n, _) = memberName(callee, types: ["Font"]), n == "system" {
                var args = ArgumentList(a, callee: "system", position: p)
                if let s = args.take("size") {
                    let size = try number(s)
                    try args.finish()
                    return .system(size: size)
                }
                if let styleExpr = args.take(nil) {
                    let style = try font(styleExpr)
                    try args.finish()
                    return style
                }
            }
        default:
            if let (n, _) = memberName(e, types: ["Font"]) {
                switch n {
                case "largeTitle": return .largeTitle
                case "title": return .title
                case "title2": return .title2
                case "title3": return .title3
                case "headline": return .headline
                case "subheadline": return .subheadline
                case "body": return .body
                case "callout": return .callout
                case "footnote": return .footnote
                case "caption": return .caption
                case "caption2": return .caption2
                default: break
                }
            }
        }
        throw ViewSyntaxError(message: "unknown font \(e.summary) (expected .system(size: N) or a text style such as .body)", position: e.position)
    }

    // MARK: Expressions (numbers and alignment-guide closures)

    /// Evaluates an arithmetic expression; `env` binds closure parameters to ViewDimensions.
    func evaluate(_ e: Expr, _ env: [String: ViewDimensions], guideAxis: Axis? = nil) throws -> ClosureValue {
        func num(_ x: Expr) throws -> CGFloat {
            guard case .number(let v) = try evaluate(x, env, guideAxis: guideAxis) else {
                throw ViewSyntaxError(message: "expected a number, found \(x.summary)", position: x.position)
            }
            return v
        }
        switch e {
        case .number(let v, _): return .number(CGFloat(v))
        case .unary("-", let x, _): return .number(-(try num(x)))
        case .binary(let op, let a, let b, let p):
            let x = try num(a), y = try num(b)
            switch op {
            case "+": return .number(x + y)
            case "-": return .number(x - y)
            case "*": return .number(x * y)
            case "/": return .number(x / y)
            default: throw ViewSyntaxError(message: "unsupported operator '\(op)'", position: p)
            }
        case .implicitMember("infinity", _), .member(.identifier("CGFloat", _), "infinity", _),
             .member(.identifier("Double", _), "infinity", _):
            return .number(.infinity)
        case .identifier(let name, let p):
            if let d = env[name] { return .dimensions(d) }
            if let proxy = geometryBindings[name] { return .proxy(proxy) }
            throw ViewSyntaxError(message: "unknown name '\(name)'", position: p)
        case .member(let base, let name, let p) where try isGeometryValue(base, env, guideAxis):
            return try geometryMember(try evaluate(base, env, guideAxis: guideAxis), name, p)
        case .call(.member(let base, "frame", _), let args, nil, let p) where try isGeometryValue(base, env, guideAxis):
            return try geometryFrame(try evaluate(base, env, guideAxis: guideAxis), args, p)
        case .member(let base, let name, let p):
            if case .dimensions(let d) = try evaluate(base, env, guideAxis: guideAxis) {
                if name == "width" { return .number(d.width) }
                if name == "height" { return .number(d.height) }
            }
            throw ViewSyntaxError(message: "unknown member '.\(name)' of \(base.summary)", position: p)
        case .subscripted(let base, let args, let p):
            guard case .dimensions(let d) = try evaluate(base, env, guideAxis: guideAxis), args.count == 1, args[0].label == nil else {
                throw ViewSyntaxError(message: "only ViewDimensions can be subscripted, as d[.leading]", position: p)
            }
            let g = args[0].value
            // `.center`/`.firstThird` resolve to the axis of the guide being computed.
            if case .implicitMember(let n, _) = g, n == "center" || n == "firstThird", let axis = guideAxis {
                return .number(axis == .horizontal ? d[try horizontalAlignment(g)] : d[try verticalAlignment(g)])
            }
            switch try guideValue(g) {
            case .horizontal(let h): return .number(d[h])
            case .vertical(let v): return .number(d[v])
            }
        default:
            throw ViewSyntaxError(message: "expected a number, found \(e.summary)", position: e.position)
        }
    }

    /// Turns `{ d in d[.leading] - 10 }` (or `$0`) into a guide computation. The closure is
    /// checked once against a 10×10 ViewDimensions so that mistakes surface at parse time.
    func guideClosure(_ c: Closure, axis: Axis) throws -> (ViewDimensions) -> CGFloat {
        guard c.body.count == 1 else {
            throw ViewSyntaxError(message: "an alignmentGuide closure must be a single expression", position: c.position)
        }
        guard c.parameters.count <= 1 else {
            throw ViewSyntaxError(message: "an alignmentGuide closure takes one parameter", position: c.position)
        }
        let param = c.parameters.first ?? "$0"
        let body = c.body[0]
        let builder = self
        func run(_ d: ViewDimensions) throws -> CGFloat {
            var env: [String: ViewDimensions] = [:]
            if param != "_" { env[param] = d }
            guard case .number(let v) = try builder.evaluate(body, env, guideAxis: axis) else {
                throw ViewSyntaxError(message: "an alignmentGuide closure must return a number", position: body.position)
            }
            return v
        }
        _ = try run(ViewDimensions(width: 10, height: 10))
        return { d in (try? run(d)) ?? 0 }
    }
}
