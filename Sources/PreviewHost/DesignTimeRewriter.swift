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
}

/// Turns a person's integer, floating-point, string and Boolean literals into reads from the
/// preview agent's table (`__designTimeInteger("key", 16)`), so an edit that changes only
/// literal values reaches a running preview without the compiler: the literal fast path.
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
    static let version = "design-time-literals-1"

    /// The kinds of literal the table holds, as the skeleton marks them.
    enum Kind: String {
        case integer = "Integer", float = "Float", string = "String", boolean = "Boolean"
    }

    /// Rewrites `source`, the text of `path` (the path the person's editor and the compiler's
    /// messages use).
    public static func rewrite(source: String, path: String) -> DesignTimeRewrite {
        let (found, broken) = literals(in: source, path: path)
        let bytes = Array(source.utf8)
        var out: [UInt8] = Array("#sourceLocation(file: \(PreviewBuilder.literal(path)), line: 1)\n".utf8)
        out.reserveCapacity(bytes.count + found.count * 40 + 64)
        var cursor = 0
        for literal in found {
            out += bytes[cursor..<literal.start]
            let prefix = "__designTime\(literal.kind.rawValue)(\(PreviewBuilder.literal(literal.key)), "
            out += Array(prefix.utf8)
            out += bytes[literal.start..<literal.end]
            out.append(UInt8(ascii: ")"))
            cursor = literal.end
        }
        out += bytes[cursor...]
        out += Array("\n#sourceLocation()\n".utf8)
        return DesignTimeRewrite(text: String(decoding: out, as: UTF8.self), snapshot: snapshot(of: found, source: bytes),
                                 hasSyntaxErrors: broken)
    }

    /// The snapshot `rewrite` would give, without the rewritten text (for comparing a save).
    public static func snapshot(source: String, path: String) -> LiteralSnapshot {
        snapshot(of: literals(in: source, path: path).found, source: Array(source.utf8))
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

    static func literals(in source: String, path: String) -> (found: [Found], hasSyntaxErrors: Bool) {
        let tree = Parser.parse(source: source)
        var hash = FNV1a()
        hash.add(path)
        let visitor = LiteralFinder(keyPrefix: String(hash.value, radix: 16))
        visitor.walk(tree)
        return (visitor.found, tree.hasError)
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
