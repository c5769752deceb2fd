import Foundation
import PreviewNaming
import SwiftParser
import SwiftSyntax

/// The literals of one file as a preview build compiled them: what the literal fast path
/// compares a saved file with.
public struct LiteralSnapshot: Sendable, Equatable {
    /// The file's text with every literal the build reads from the table replaced by a mark of
    /// its kind: two versions of a file with the same skeleton differ only in those values.
    public var skeleton: String
    /// Each literal's key in the agent's table, in source order.
    public var keys: [String]
    /// Each literal's value as the table holds it (`16`, `0.5`, a string's contents, `true`).
    public var values: [String]
    /// Whether each literal is read when a view is made rather than when a body runs: in a
    /// `#Preview` body, a provider's `previews`, or a property's initial value. The preview's
    /// root view is made once, so a change to one of these makes it again.
    public var remakesRoot: [Bool]

    /// A file compiled as it is (no literal reads): any change to it means compiling again.
    public static func verbatim(_ text: String) -> LiteralSnapshot {
        LiteralSnapshot(skeleton: text, keys: [], values: [], remakesRoot: [])
    }
}

/// A person's file with its literals turned into reads from the agent's table.
public struct DesignTimeRewrite: Sendable {
    /// The text to compile: a `#sourceLocation` line naming the person's file, then the file
    /// with each literal wrapped in a `__designTime…` call (no line added or removed, so the
    /// compiler's lines and `#line` are the person's; its columns are not, so the build reports
    /// the messages of the person's own text).
    public var text: String
    public var snapshot: LiteralSnapshot
    /// Whether the file does not parse: the compiler will say why, from the person's text.
    public var hasSyntaxErrors: Bool
    /// How many view expressions the text marks (`__designTimeView`); 0 without `marksViews`.
    public var viewCount: Int = 0
}

/// A view-making expression of a person's file, as a preview build marks it: the statement
/// `Text("a").padding()` in a view builder, numbered in source order (outer before inner).
///
/// A view the expression makes carries its `index` (`ViewSourceMark`); the index stays when
/// only literal values change, so the window finds the expression again in the current text
/// after a literal fast path, where lines and columns may have moved.
public struct ViewExpression: Sendable, Hashable {
    /// Its ordinal among the file's view expressions.
    public var index: Int
    /// Where it starts: a 1-based line and a 1-based column in UTF-8 bytes, as compilers count.
    public var line: Int
    public var column: Int
    /// The UTF-8 offsets of the whole expression (the modifier chain included).
    public var start: Int
    public var end: Int
    /// The last line of the expression.
    public var endLine: Int
}

/// Turns a person's integer, floating-point, string and Boolean literals into reads from the
/// preview agent's table (`__designTimeInteger("key", 16)`), so an edit that changes only
/// literal values reaches a running preview without the compiler: the literal fast path.
///
/// Implicit-member arguments (`VStack(alignment: .leading)`, `.font(.title)`) are read from the
/// table too (`__designTimeMember("key", .leading)`), by name: the compiler still infers the
/// argument's type, and the agent makes the new member of that type when the type can
/// (`_DesignTimeMemberResolvable`); for any other type a changed name is reported as not
/// applied and the preview compiles again. Only a bare member that is a whole argument of a
/// call is read this way: `.system(size: 20)`, `.red.opacity(0.5)` and `[.top, .leading]`
/// stay code.
///
/// Literals stay literals where a call cannot stand or where the value is read once and kept:
/// attributes, patterns (`case 1:`), enum raw values, default argument values, macro arguments
/// (`#Preview("Name")`), key paths, `#if` conditions, string literals with interpolation or of
/// one character (a `Character` or `Unicode.Scalar` may be meant), and the initial values of
/// stored properties that are kept rather than made again with their view: globals, `static`
/// and `lazy` properties, properties with an attribute (`@State var count = 0`), and the stored
/// properties of classes and actors. A change to one of those compiles again, as any other
/// change does.
public enum DesignTimeRewriter {
    /// Changes when rewritten sources would compile differently (a build fingerprint mixes it in).
    static let version = "design-time-literals-3"

    /// The kinds of literal the table holds, as the skeleton marks them.
    enum Kind: String {
        case integer = "Integer", float = "Float", string = "String", boolean = "Boolean"
        /// An implicit-member argument (`.leading`): its value is the member's name, which the
        /// agent makes through the argument type's `_DesignTimeMemberResolvable` conformance.
        case member = "Member"
    }

    /// Rewrites `source`, the text of `path` (the path the person's editor and the compiler's
    /// messages use). With `marksViews`, each view expression is also wrapped in a
    /// `__designTimeView(ordinal, …)` call (`viewExpressions(in:)`), so the views it makes
    /// know where in the file they were made.
    public static func rewrite(source: String, path: String, marksViews: Bool = false) -> DesignTimeRewrite {
        let tree = Parser.parse(source: source)
        let found = literals(in: tree, path: path)
        let views = marksViews ? viewExpressions(in: tree, source: source) : []
        let bytes = Array(source.utf8)
        // Each insertion at its offset; at one offset, closing parentheses (innermost first)
        // before opening calls (outermost first).
        var edits: [(offset: Int, order: Int, text: String)] = []
        edits.reserveCapacity(found.count * 2 + views.count * 2)
        for literal in found {
            edits.append((literal.start, 1, "__designTime\(literal.kind.rawValue)(\(PreviewBuilder.literal(literal.key)), "))
            edits.append((literal.end, 0, ")"))
        }
        for view in views {
            edits.append((view.start, 1, "__designTimeView(\(view.index), "))
            edits.append((view.end, 0, ")"))
        }
        edits.sort { a, b in
            if a.offset != b.offset { return a.offset < b.offset }
            return a.order < b.order
        }
        var out: [UInt8] = Array("#sourceLocation(file: \(PreviewBuilder.literal(path)), line: 1)\n".utf8)
        out.reserveCapacity(bytes.count + found.count * 40 + views.count * 24 + 64)
        var cursor = 0
        for edit in edits {
            out += bytes[cursor..<edit.offset]
            out += Array(edit.text.utf8)
            cursor = edit.offset
        }
        out += bytes[cursor...]
        out += Array("\n#sourceLocation()\n".utf8)
        return DesignTimeRewrite(text: String(decoding: out, as: UTF8.self), snapshot: snapshot(of: found, source: bytes),
                                 hasSyntaxErrors: tree.hasError, viewCount: views.count)
    }

    /// The view expressions of `source` in the order a preview build numbers them
    /// (`ViewExpression.index`): what the window maps a view's mark back to a line with.
    public static func viewExpressions(in source: String) -> [ViewExpression] {
        viewExpressions(in: Parser.parse(source: source), source: source)
    }

    static func viewExpressions(in tree: SourceFileSyntax, source: String) -> [ViewExpression] {
        let finder = ViewExpressionFinder(converter: SourceLocationConverter(fileName: "", tree: tree))
        finder.walk(tree)
        return finder.found
    }

    /// The snapshot `rewrite` would give, without the rewritten text (for comparing a save).
    public static func snapshot(source: String, path: String) -> LiteralSnapshot {
        snapshot(of: literals(in: Parser.parse(source: source), path: path), source: Array(source.utf8))
    }

    /// The keys and values of `new` that differ from `old`, when the two differ only in literal
    /// values; nil when anything else changed.
    public static func changedValues(from old: LiteralSnapshot, to new: LiteralSnapshot) -> (values: [String: String], remakesRoot: Bool)? {
        guard old.skeleton == new.skeleton, old.keys == new.keys else { return nil }
        var changed: [String: String] = [:]
        var preview = false
        for i in new.values.indices where new.values[i] != old.values[i] {
            changed[new.keys[i]] = new.values[i]
            preview = preview || new.remakesRoot[i]
        }
        return (changed, preview)
    }

    struct Found {
        var start: Int, end: Int
        var kind: Kind
        var value: String
        var key: String
        var remakesRoot: Bool
    }

    static func snapshot(of found: [Found], source: [UInt8]) -> LiteralSnapshot {
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(source.count)
        var cursor = 0
        for literal in found {
            skeleton += source[cursor..<literal.start]
            skeleton += Array("\u{1}\(literal.kind.rawValue)\u{1}".utf8)
            cursor = literal.end
        }
        skeleton += source[cursor...]
        return LiteralSnapshot(skeleton: String(decoding: skeleton, as: UTF8.self), keys: found.map(\.key),
                               values: found.map(\.value), remakesRoot: found.map(\.remakesRoot))
    }

    static func literals(in tree: SourceFileSyntax, path: String) -> [Found] {
        var hash = FNV1a()
        hash.add(path)
        let visitor = LiteralFinder(keyPrefix: String(hash.value, radix: 16))
        visitor.walk(tree)
        return visitor.found
    }

    /// The table's text of an integer literal (`0x1F`, `1_000`): its decimal value; nil when it
    /// does not fit 64 bits.
    static func integerValue(_ text: String) -> String? {
        var digits = text.replacingOccurrences(of: "_", with: "")
        var radix = 10
        for (prefix, r) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits.removeFirst(2)
            radix = r
        }
        if let v = Int64(digits, radix: radix) { return String(v) }
        return UInt64(digits, radix: radix).map { String($0) }
    }

    /// The table's text of a floating-point literal: its digits without separators, as
    /// `Double(_:)` reads them.
    static func floatValue(_ text: String) -> String? {
        let digits = text.replacingOccurrences(of: "_", with: "")
        return Double(digits) == nil ? nil : digits
    }
}

/// Finds the literals a preview build reads from the table, in source order.
private final class LiteralFinder: SyntaxVisitor {
    let keyPrefix: String
    var found: [DesignTimeRewriter.Found] = []
    /// Inside a `#Preview` body, a provider's `previews` or a property declaration: what is read
    /// there is read when a view is made (`LiteralSnapshot.remakesRoot`).
    var rootDepth = 0

    init(keyPrefix: String) {
        self.keyPrefix = keyPrefix
        super.init(viewMode: .sourceAccurate)
    }

    func add(_ node: some SyntaxProtocol, _ kind: DesignTimeRewriter.Kind, _ value: String?) {
        guard let value else { return }
        let start = node.positionAfterSkippingLeadingTrivia, end = node.endPositionBeforeTrailingTrivia
        found.append(.init(start: start.utf8Offset, end: end.utf8Offset, kind: kind, value: value,
                           key: "\(keyPrefix):\(found.count)", remakesRoot: rootDepth > 0))
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        add(node, .integer, DesignTimeRewriter.integerValue(node.literal.text))
        return .skipChildren
    }
    override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        add(node, .float, DesignTimeRewriter.floatValue(node.literal.text))
        return .skipChildren
    }
    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        add(node, .boolean, node.literal.tokenKind == .keyword(.true) ? "true" : "false")
        return .skipChildren
    }
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        // Interpolations are code; one character may be a `Character` or a `Unicode.Scalar`,
        // which a string read cannot give.
        if let value = node.representedLiteralValue, value.count != 1 { add(node, .string, value) }
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.base == nil, node.declName.argumentNames == nil,
              let argument = node.parent?.as(LabeledExprSyntax.self), argument.expression.id == node.id,
              argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true else { return .visitChildren }
        let name = node.declName.baseName.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        add(node, .member, name)
        return .skipChildren
    }

    // Where a literal must stay one.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ExpressionPatternSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseParameterSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if let elements = node.elements { walk(elements) }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        macro(node.macroName.text, node.trailingClosure, node.additionalTrailingClosures)
        return .skipChildren
    }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        macro(node.macroName.text, node.trailingClosure, node.additionalTrailingClosures)
        return .skipChildren
    }

    /// A macro's arguments stay as they are (a macro may need literals: `#Preview("Name")`); its
    /// trailing closures are code.
    func macro(_ name: String, _ closure: ClosureExprSyntax?, _ more: MultipleTrailingClosureElementListSyntax) {
        let preview = name == "Preview"
        if preview { rootDepth += 1 }
        if let closure { walk(closure) }
        walk(more)
        if preview { rootDepth -= 1 }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifiers = Set(node.modifiers.map(\.name.text))
        let isPreviews = modifiers.contains("static") && node.bindings.contains {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "previews"
        }
        guard !isPreviews else {
            rootDepth += 1
            for binding in node.bindings { walk(binding) }
            rootDepth -= 1
            return .skipChildren
        }
        let kept = !node.attributes.isEmpty || !modifiers.isDisjoint(with: ["static", "class", "lazy"])
            || Self.isGlobal(node) || Self.isClassMember(node)
        guard kept else {
            // A property of a view: its initial value is read when the view is made.
            guard node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true else { return .visitChildren }
            for binding in node.bindings {
                if let initializer = binding.initializer {
                    rootDepth += 1
                    walk(initializer)
                    rootDepth -= 1
                }
                if let accessors = binding.accessorBlock { walk(accessors) }
            }
            return .skipChildren
        }
        // The initial value is read once and kept: a change to it must compile again. Getters
        // and observers are code.
        for binding in node.bindings { if let accessors = binding.accessorBlock { walk(accessors) } }
        return .skipChildren
    }

    static func isGlobal(_ node: VariableDeclSyntax) -> Bool {
        node.parent?.as(CodeBlockItemSyntax.self)?.parent?.parent?.is(SourceFileSyntax.self) == true
    }

    static func isClassMember(_ node: VariableDeclSyntax) -> Bool {
        guard let block = node.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return false }
        return block.parent?.is(ClassDeclSyntax.self) == true || block.parent?.is(ActorDeclSyntax.self) == true
    }
}


/// Finds the view expressions a preview build marks: expression statements in closures and
/// bodies whose expression is a call on a capitalised name (`Text("a")`, `HStack { … }`), a
/// member of one (`Color.red`), or a chain of calls and members rooted at one
/// (`Text("a").padding()`).
///
/// A statement that is not a view still compiles (`__designTimeView` then returns its value
/// unchanged). Left alone: statements of a file's top level, closures given to collection
/// methods (`map`, `filter`, …, whose element type a wrapper would change), chains with a
/// preview modifier (`previewDisplayName`: the preview runtime reads them from the view's
/// type), and chains that optional chaining or `try`/`await` start.
private final class ViewExpressionFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    var found: [ViewExpression] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    /// Methods whose closures compute values of the caller's element type.
    static let valueClosureMethods: Set<String> = [
        "map", "flatMap", "compactMap", "filter", "reduce", "sorted", "sort", "first", "last", "contains", "allSatisfy",
        "min", "max", "firstIndex", "lastIndex", "drop", "prefix", "partition", "removeAll", "forEach", "lazy", "zip",
        "mapValues", "compactMapValues", "grouping", "split", "joined", "elementsEqual", "starts", "count",
    ]
    static let previewModifiers: Set<String> = [
        "previewDisplayName", "previewDevice", "previewLayout", "previewInterfaceOrientation", "previewContext",
    ]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if case .expr(let expr) = node.item, isInBody(node), Self.isViewChain(expr) {
            let start = expr.positionAfterSkippingLeadingTrivia, end = expr.endPositionBeforeTrailingTrivia
            let from = converter.location(for: start), to = converter.location(for: end)
            found.append(ViewExpression(index: found.count, line: from.line, column: from.column,
                                        start: start.utf8Offset, end: end.utf8Offset, endLine: to.line))
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        Self.isValueClosure(node) ? .skipChildren : .visitChildren
    }

    // Where statements are not code that makes views.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Whether the statement is in a closure or a body (not at the file's top level).
    private func isInBody(_ node: CodeBlockItemSyntax) -> Bool {
        var p = node.parent
        while let n = p {
            if n.is(SourceFileSyntax.self) { return false }
            if n.is(ClosureExprSyntax.self) || n.is(CodeBlockSyntax.self) || n.is(AccessorBlockSyntax.self)
                || n.is(SwitchCaseSyntax.self) { return true }
            p = n.parent
        }
        return false
    }

    /// A closure passed to a collection method (`names.map { Text($0) }`).
    static func isValueClosure(_ closure: ClosureExprSyntax) -> Bool {
        var p = closure.parent
        // Up through the argument (`LabeledExprSyntax`, its list) or a trailing closure's list.
        while let n = p, !n.is(FunctionCallExprSyntax.self) {
            guard n.is(LabeledExprSyntax.self) || n.is(LabeledExprListSyntax.self)
                || n.is(MultipleTrailingClosureElementSyntax.self) || n.is(MultipleTrailingClosureElementListSyntax.self) else { return false }
            p = n.parent
        }
        guard let call = p?.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return valueClosureMethods.contains(member.declName.baseName.text)
    }

    /// Calls and members down to a capitalised name, with no preview modifier on the way.
    static func isViewChain(_ expr: ExprSyntax) -> Bool {
        var e = expr
        while true {
            if let call = e.as(FunctionCallExprSyntax.self) {
                e = call.calledExpression
            } else if let member = e.as(MemberAccessExprSyntax.self) {
                guard let base = member.base, !previewModifiers.contains(member.declName.baseName.text) else { return false }
                e = base
            } else if let generic = e.as(GenericSpecializationExprSyntax.self) {
                e = generic.expression
            } else if let name = e.as(DeclReferenceExprSyntax.self) {
                let text = name.baseName.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                guard let first = text.unicodeScalars.first else { return false }
                return CharacterSet.uppercaseLetters.contains(first) && text != "Self"
                    && e.id != expr.id  // a bare name is a value, not a call
            } else {
                return false
            }
        }
    }
}