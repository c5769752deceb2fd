import Foundation
import SwiftParser
import SwiftSyntax

/// A place in a file as the compiler names it: a 1-based line and a 1-based column counted in
/// UTF-8 bytes (what `#line` and `#column` give).
public struct SourcePosition: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A stretch of a file's text: UTF-8 offsets (`start..<end`) and where it starts and ends.
public struct SourceSpan: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var from: SourcePosition
    public var to: SourcePosition
}

/// One argument of a view's initializer or of one of its modifiers, as the source writes it.
public struct SourceArgument: Sendable, Hashable {
    /// What the argument's text is; the inspector edits the literal kinds.
    public enum Kind: String, Sendable {
        case integer, float, boolean, string
        /// An enum-like member: `.leading`, `.title`, `Color.red`.
        case member
        case `nil`
        /// Anything else (a variable, a closure, an operation): shown, not edited.
        case expression
    }

    /// The call in the view's chain: 0 is the view's own initializer (`HStack(spacing: 8)`),
    /// 1… its modifiers in source order.
    public var call: Int
    /// The modifier's name (`padding`), or nil for the view's initializer.
    public var modifier: String?
    /// The call the argument is in when it is nested in one of the call's arguments:
    /// `RoundedRectangle` in `.clipShape(RoundedRectangle(cornerRadius: 8))`, `.system` in
    /// `.font(.system(size: 14))`.
    public var inner: String?
    /// The argument's label (`spacing`), nil when it has none (`.padding(12)`).
    public var label: String?
    /// Its index among its call's arguments.
    public var index: Int
    public var kind: Kind
    /// The argument's text as written (`-4`, `0.5`, `.leading`, `"Hello"`).
    public var text: String
    public var span: SourceSpan

    /// Whether the inspector can change it in place.
    public var isLiteral: Bool { kind != .expression }

    /// The number it holds, for integer and floating-point literals (a leading `-` included).
    public var number: Double? {
        guard kind == .integer || kind == .float else { return nil }
        var digits = text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: " ", with: "")
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        let value: Double?
        if kind == .integer, let v = DesignTimeRewriter.integerValue(digits).flatMap(Double.init) { value = v } else { value = Double(digits) }
        return value.map { negative ? -$0 : $0 }
    }

    /// How the inspector names it: `spacing`, `padding`, `frame width`,
    /// `clipShape RoundedRectangle cornerRadius`.
    public var title: String {
        [modifier, inner, label].compactMap { $0 }.joined(separator: " ")
    }
}

/// One call of a view's chain: the view's initializer or a modifier.
public struct SourceCall: Sendable, Hashable {
    /// The type (`HStack`, `Color.red`) for the view itself, else the modifier's name.
    public var name: String
    /// From the call's name (the modifier's `.`) to its end.
    public var span: SourceSpan
    /// Whether it has an argument list in parentheses (`HStack { … }` has none).
    public var hasParentheses: Bool
}

/// A view expression in a person's source: the view's initializer and its chain of modifiers,
/// with their arguments.
public struct ViewSource: Sendable, Hashable {
    /// The view's type as written: `HStack`, `Text`, `Color.red`.
    public var typeName: String
    /// The whole expression, modifiers included.
    public var span: SourceSpan
    /// The view's initializer, then its modifiers in source order.
    public var calls: [SourceCall]
    /// Every argument of every call, in source order.
    public var arguments: [SourceArgument]

    /// The modifiers' names in source order.
    public var modifiers: [String] { calls.dropFirst().map(\.name) }

    /// The argument of `call` (0: the initializer) labelled `label` (nil: the first unlabelled
    /// one), not nested in another call.
    public func argument(call: Int = 0, label: String?) -> SourceArgument? {
        arguments.first { $0.call == call && $0.inner == nil && $0.label == label }
    }

    /// The calls of the modifier `name`, by index in `calls`.
    public func calls(named name: String) -> [Int] {
        calls.indices.dropFirst().filter { calls[$0].name == name }
    }
}

/// Reads and edits the view expressions of a person's file with SwiftSyntax: finds the view
/// that starts at a line and column, lists the arguments its source gives it, and writes new
/// text for a changed value, an added argument or modifier, or a removed modifier. An edit
/// changes only the bytes it must: comments, indentation and the rest of the formatting stay.
public struct ViewSourceEditor {
    public let text: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    public init(text: String) {
        self.text = text
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: "", tree: tree)
    }

    /// Whether the file parses without errors (an edit of a broken file is refused).
    public var parses: Bool { !tree.hasError }

    // MARK: Finding views

    /// The view whose expression (or one of whose modifiers) starts at `position`, or when none
    /// does, the one on that line starting nearest to it (a literal edited earlier on the line
    /// may have moved it); `typeName` (`HStack`), when given, must match.
    public func view(at position: SourcePosition, typeName: String? = nil) -> ViewSource? {
        let exact = converter.position(ofLine: position.line, column: position.column)
        if let token = tree.token(at: exact), token.positionAfterSkippingLeadingTrivia == exact,
           let chain = Self.chain(containing: Syntax(token)), let view = describe(chain),
           typeName == nil || view.typeName == typeName {
            return view
        }
        let onLine = views().filter { $0.span.from.line == position.line && (typeName == nil || $0.typeName == typeName) }
        return onLine.min { abs($0.span.from.column - position.column) < abs($1.span.from.column - position.column) }
    }

    /// The view whose expression starts at UTF-8 offset `offset` (a preview build's mark of
    /// the view names its expression's range in the file).
    public func view(atOffset offset: Int) -> ViewSource? {
        guard offset >= 0, offset < text.utf8.count, let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
              let chain = Self.chain(containing: Syntax(token)) else { return nil }
        return describe(chain)
    }

    /// Every view expression of the file (a call or member on a capitalised type, with its
    /// modifiers), outermost first.
    public func views() -> [ViewSource] {
        let finder = ChainFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.chains.compactMap(describe)
    }

    /// The top of the modifier chain that `node` is part of: climbs while the node is the
    /// called expression of a call or the base of a member access.
    static func chain(containing node: Syntax) -> ExprSyntax? {
        var current: Syntax? = node
        // From a token to the expression it names.
        while let c = current, !c.is(ExprSyntax.self) { current = c.parent }
        guard var expr = current?.as(ExprSyntax.self) else { return nil }
        while let parent = expr.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == expr.id {
                expr = ExprSyntax(call)
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expr.id {
                expr = ExprSyntax(member)
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base != nil {
                // The modifier's name: `.padding` of `x.padding(8)`.
                expr = ExprSyntax(member)
            } else {
                break
            }
        }
        return expr
    }

    /// The view's calls and arguments, from the top of its chain; nil when the chain does not
    /// start with a type (`content.padding()`, a call of a function).
    func describe(_ top: ExprSyntax) -> ViewSource? {
        var modifiers: [(call: FunctionCallExprSyntax, member: MemberAccessExprSyntax)] = []
        var expr = top
        // Down the chain: each `base.name(args)` is a modifier.
        while let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, Self.isView(base) {
            modifiers.append((call, member))
            expr = base
        }
        let baseCall = expr.as(FunctionCallExprSyntax.self)
        let callee = baseCall?.calledExpression ?? expr
        guard Self.isTypeName(callee) else { return nil }
        let typeName = callee.trimmedDescription
        var calls = [SourceCall(name: typeName, span: span(of: Syntax(expr)), hasParentheses: baseCall?.leftParen != nil)]
        var arguments: [SourceArgument] = []
        if let baseCall { collect(baseCall.arguments, call: 0, modifier: nil, inner: nil, into: &arguments) }
        for (k, (call, member)) in modifiers.reversed().enumerated() {
            let start = member.period.positionAfterSkippingLeadingTrivia.utf8Offset
            calls.append(SourceCall(name: member.declName.baseName.text,
                                    span: span(start: start, end: call.endPositionBeforeTrailingTrivia.utf8Offset),
                                    hasParentheses: call.leftParen != nil))
            collect(call.arguments, call: k + 1, modifier: member.declName.baseName.text, inner: nil, into: &arguments)
        }
        return ViewSource(typeName: typeName, span: span(of: Syntax(top)), calls: calls, arguments: arguments)
    }

    /// Whether `expr` can be the view a modifier is called on: a call, a member, a name.
    static func isView(_ expr: ExprSyntax) -> Bool {
        expr.is(FunctionCallExprSyntax.self) || expr.is(MemberAccessExprSyntax.self) || expr.is(DeclReferenceExprSyntax.self)
            || expr.is(GenericSpecializationExprSyntax.self)
    }

    /// `HStack`, `Color.red`, `ScrollView<…>`, `SwiftUI.Text`: names that start with a capital.
    static func isTypeName(_ expr: ExprSyntax) -> Bool {
        if let name = expr.as(DeclReferenceExprSyntax.self) { return name.baseName.text.first?.isUppercase == true }
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return isTypeName(generic.expression) }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base { return isTypeName(base) }
        return false
    }

    func collect(_ list: LabeledExprListSyntax, call: Int, modifier: String?, inner: String?, into out: inout [SourceArgument]) {
        for (index, element) in list.enumerated() {
            let label = element.label?.text
            if let nested = element.expression.as(FunctionCallExprSyntax.self), nested.trailingClosure == nil,
               Self.isTypeName(nested.calledExpression) || nested.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil {
                // `RoundedRectangle(cornerRadius: 8)`, `.system(size: 14)`: its own arguments.
                collect(nested.arguments, call: call, modifier: modifier, inner: nested.calledExpression.trimmedDescription, into: &out)
                continue
            }
            out.append(SourceArgument(call: call, modifier: modifier, inner: inner, label: label, index: index,
                                      kind: Self.kind(of: element.expression), text: element.expression.trimmedDescription,
                                      span: span(of: Syntax(element.expression))))
        }
    }

    /// The kind of argument `text` (Swift source typed by a person) is; nil when it is not one
    /// expression.
    public static func kind(ofArgument text: String) -> SourceArgument.Kind? {
        let file = Parser.parse(source: "_ = f(\(text))")
        guard !file.hasError, file.statements.count == 1,
              let call = file.statements.first?.item.as(ExprSyntax.self)
                .flatMap({ $0.as(SequenceExprSyntax.self)?.elements.last?.as(FunctionCallExprSyntax.self) }),
              call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else { return nil }
        return kind(of: argument.expression)
    }

    static func kind(of expr: ExprSyntax) -> SourceArgument.Kind {
        if expr.is(IntegerLiteralExprSyntax.self) { return .integer }
        if expr.is(FloatLiteralExprSyntax.self) { return .float }
        if expr.is(BooleanLiteralExprSyntax.self) { return .boolean }
        if expr.is(NilLiteralExprSyntax.self) { return .nil }
        if let string = expr.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } ? .string : .expression
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            let k = kind(of: prefix.expression)
            return k == .integer || k == .float ? k : .expression
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            if member.base == nil { return .member }
            if let base = member.base, isTypeName(base) { return .member }
        }
        return .expression
    }

    func span(of node: Syntax) -> SourceSpan {
        span(start: node.positionAfterSkippingLeadingTrivia.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    func span(start: Int, end: Int) -> SourceSpan {
        let a = converter.location(for: AbsolutePosition(utf8Offset: start))
        let b = converter.location(for: AbsolutePosition(utf8Offset: end))
        return SourceSpan(start: start, end: end, from: SourcePosition(line: a.line, column: a.column),
                          to: SourcePosition(line: b.line, column: b.column))
    }

    // MARK: Editing

    /// The text with `argument`'s value replaced by `value` (Swift source: `12`, `.trailing`).
    public func setting(_ argument: SourceArgument, to value: String) -> String {
        splice(argument.span.start..<argument.span.end, value)
    }

    /// The parameter orders of SwiftUI's initializers and modifiers, for placing an added
    /// argument where Swift requires it (labelled arguments keep the declaration's order).
    static let parameterOrder: [[String]] = [
        ["alignment", "spacing", "pinnedViews", "content"],
        ["horizontalSpacing", "verticalSpacing"],
        ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"],
        ["width", "height", "alignment"],
        ["x", "y"],
    ]

    /// The text with `label: value` added to call `call` of `view` (0: the view's initializer;
    /// `HStack { … }` becomes `HStack(spacing: 8) { … }`), in the position SwiftUI's parameter
    /// order gives it; nil when the call already has that argument.
    public func addingArgument(label: String, value: String, call: Int = 0, of view: ViewSource) -> String? {
        guard view.calls.indices.contains(call), view.argument(call: call, label: label) == nil,
              let node = callSyntax(call, of: view) else { return nil }
        let written = "\(label): \(value)"
        guard let open = node.leftParen, let close = node.rightParen else {
            // No parentheses: they go after the name, before a trailing closure.
            let at = node.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset
            return splice(at..<at, "(\(written))")
        }
        let order = Self.parameterOrder.first { $0.contains(label) } ?? []
        let rank = order.firstIndex(of: label)
        let existing = Array(node.arguments)
        if let rank, let later = existing.first(where: { arg in
            arg.label.flatMap { order.firstIndex(of: $0.text) }.map { $0 > rank } ?? false
        }) {
            let at = later.positionAfterSkippingLeadingTrivia.utf8Offset
            return splice(at..<at, "\(written), ")
        }
        if let last = existing.last {
            let at = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
            return splice(at..<at, ", \(written)")
        }
        _ = open
        let at = close.positionAfterSkippingLeadingTrivia.utf8Offset
        return splice(at..<at, written)
    }

    /// The text without `argument` (one not nested in another call) and its comma; a call left
    /// with no arguments before a trailing closure loses its parentheses (`HStack { … }`).
    public func removingArgument(_ argument: SourceArgument, of view: ViewSource) -> String? {
        guard argument.inner == nil, let node = callSyntax(argument.call, of: view) else { return nil }
        let elements = Array(node.arguments)
        guard elements.indices.contains(argument.index) else { return nil }
        if elements.count == 1, let open = node.leftParen, let close = node.rightParen, node.trailingClosure != nil {
            return splice(open.position.utf8Offset..<close.endPositionBeforeTrailingTrivia.utf8Offset, "")
        }
        let element = elements[argument.index]
        if argument.index + 1 < elements.count {
            // Up to the next argument: `spacing: 8, ` of `HStack(spacing: 8, content: …)`.
            return splice(element.positionAfterSkippingLeadingTrivia.utf8Offset..<elements[argument.index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, "")
        }
        // The last: from the end of the one before (its comma included).
        let start = argument.index > 0 ? elements[argument.index - 1].expression.endPositionBeforeTrailingTrivia.utf8Offset
            : element.positionAfterSkippingLeadingTrivia.utf8Offset
        return splice(start..<element.endPositionBeforeTrailingTrivia.utf8Offset, "")
    }

    /// The text with `.modifier` (Swift source without the dot: `padding(12)`) added at the end
    /// of `view`'s chain: on a line of its own, indented as the chain's modifiers are, when the
    /// chain is written over several lines, else on the same line.
    public func addingModifier(_ modifier: String, to view: ViewSource) -> String {
        let at = view.span.end
        let bytes = Array(text.utf8)
        if let last = view.calls.dropFirst().last {
            // The indentation of the last modifier's line, when it starts its own line.
            let indent = indentation(ofLineAt: last.span.start, in: bytes)
            if lineStart(of: last.span.start, in: bytes) + indent.utf8.count == last.span.start {
                return splice(at..<at, "\n\(indent).\(modifier)")
            }
        }
        if view.span.from.line != view.span.to.line {
            return splice(at..<at, "\n\(indentation(ofLineAt: view.span.start, in: bytes)).\(modifier)")
        }
        return splice(at..<at, ".\(modifier)")
    }

    /// The text without modifier `call` (≥ 1) of `view`: the call and the line break and
    /// indentation before it (a comment on the lines above it goes with it).
    public func removingModifier(_ call: Int, of view: ViewSource) -> String? {
        guard call >= 1, view.calls.indices.contains(call), let node = callSyntax(call, of: view),
              let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        var start = member.period.position.utf8Offset
        // The base's trailing trivia (a space before `.padding`) goes too.
        if let base = member.base { start = base.endPositionBeforeTrailingTrivia.utf8Offset }
        return splice(start..<node.endPositionBeforeTrailingTrivia.utf8Offset, "")
    }

    /// Swift source for `number` in place of a literal of `kind`: an integer literal stays one
    /// when the number is whole, a floating-point one keeps its point (`12.0`), so a change of
    /// value alone keeps the literal's kind (and the literal fast path).
    public static func literal(_ number: Double, replacing kind: SourceArgument.Kind) -> String {
        let whole = number.rounded() == number && abs(number) < 1e15
        if whole && kind != .float { return String(Int64(number)) }
        if whole { return String(format: "%.1f", number) }
        var s = String(format: "%.4f", number)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    func callSyntax(_ call: Int, of view: ViewSource) -> FunctionCallExprSyntax? {
        guard let top = tree.token(at: AbsolutePosition(utf8Offset: view.span.start)).flatMap({ Self.chain(containing: Syntax($0)) })
        else { return nil }
        var calls: [FunctionCallExprSyntax?] = []
        var expr = top
        while let c = expr.as(FunctionCallExprSyntax.self), let member = c.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, Self.isView(base) {
            calls.append(c)
            expr = base
        }
        calls.append(expr.as(FunctionCallExprSyntax.self))
        calls.reverse()
        guard calls.count == view.calls.count else { return nil }
        return calls[call]
    }

    func splice(_ range: Range<Int>, _ replacement: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...], as: UTF8.self)
    }

    func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var i = offset
        while i > 0, bytes[i - 1] != UInt8(ascii: "\n") { i -= 1 }
        return i
    }

    func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var i = lineStart(of: offset, in: bytes)
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { out.append(bytes[i]); i += 1 }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Finds the tops of view chains: calls and members on capitalised types with their modifiers.
private final class ChainFinder: SyntaxVisitor {
    var chains: [ExprSyntax] = []
    var seen: Set<SyntaxIdentifier> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        consider(ExprSyntax(node))
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base != nil { consider(ExprSyntax(node)) }
        return .visitChildren
    }

    func consider(_ expr: ExprSyntax) {
        guard let top = ViewSourceEditor.chain(containing: Syntax(expr)), !seen.contains(top.id) else { return }
        seen.insert(top.id)
        chains.append(top)
    }
}
