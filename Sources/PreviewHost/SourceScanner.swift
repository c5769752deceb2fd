import Foundation
import PreviewNaming
import SwiftIfConfig
import SwiftParser
import SwiftSyntax

/// What the preview builder needs to know of one Swift file, read from its syntax (no type
/// checking): its `#Preview`s, its `PreviewProvider`s, its `Layout`s and whether it has `@main`.
public struct ScannedFile: Sendable, Equatable {
    /// A `#Preview` and the symbol its registration is under.
    public struct Preview: Sendable, Equatable {
        public var line: Int, column: Int
        /// The literal name, when the first argument is a string literal (for `--list` before building).
        public var name: String?
        public var symbol: String
    }
    /// A type conforming to `PreviewProvider` or `Layout`, by its qualified name.
    public struct TypeReference: Sendable, Equatable {
        public var name: String
        public var line: Int
    }
    /// A `Layout` type the builder leaves out, and why.
    public struct SkippedLayout: Sendable, Equatable {
        public var name: String
        public var line: Int
        public var reason: String
    }
    public var path: String
    public var previews: [Preview] = []
    public var providers: [TypeReference] = []
    /// `Layout` types that can be made with no arguments.
    public var layouts: [TypeReference] = []
    public var skippedLayouts: [SkippedLayout] = []
    public var hasMainAttribute = false
}

/// Finds previews, preview providers and layouts in Swift source.
///
/// Only what the compiler compiles is found: each `#if` is evaluated with `configuration`
/// (Linux, `DEBUG`, `canImport(SwiftUI)` true, `canImport(UIKit)` false, …) and only its active
/// clause is scanned.
public enum SourceScanner {
    /// Scans `source`, the text of the file at `path` (the path the compiler will be given).
    public static func scan(source: String, path: String,
                            configuration: PreviewBuildConfiguration = PreviewBuildConfiguration()) -> ScannedFile {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let visitor = ScanVisitor(path: path, converter: converter, configuration: configuration)
        visitor.walk(tree)
        return visitor.result
    }

    /// Scans the file at `path`.
    public static func scan(fileAt path: String,
                            configuration: PreviewBuildConfiguration = PreviewBuildConfiguration()) throws -> ScannedFile {
        scan(source: try String(contentsOfFile: path, encoding: .utf8), path: path, configuration: configuration)
    }
}

private final class ScanVisitor: ActiveSyntaxVisitor {
    let converter: SourceLocationConverter
    var result: ScannedFile
    /// Enclosing type names (for nested types), with whether each is generic or private.
    var scopes: [(name: String, hidden: Bool)] = []
    /// Function and closure bodies are not scanned: types declared there cannot be referenced.
    var functionDepth = 0

    init(path: String, converter: SourceLocationConverter, configuration: PreviewBuildConfiguration) {
        self.converter = converter
        self.result = ScannedFile(path: path)
        super.init(viewMode: .sourceAccurate, configuration: configuration)
    }

    func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { addPreview(node, arguments: node.arguments) }
        return .skipChildren
    }

    /// At the top level of a file the parser may read `#Preview { … }` as an expression
    /// statement; the compiler (parsing as a library) expands it as a declaration all the same.
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview", node.parent?.is(CodeBlockItemSyntax.self) == true {
            addPreview(node, arguments: node.arguments)
            return .skipChildren
        }
        return .visitChildren
    }

    func addPreview(_ node: some SyntaxProtocol, arguments: LabeledExprListSyntax) {
        guard functionDepth == 0, scopes.isEmpty else { return }
        let loc = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        var name: String?
        if let first = arguments.first, first.label == nil, let literal = first.expression.as(StringLiteralExprSyntax.self) {
            name = literal.representedLiteralValue
        }
        result.previews.append(.init(line: loc.line, column: loc.column, name: name,
                                     symbol: PreviewSymbol.name(filePath: result.path, line: loc.line, column: loc.column)))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { functionDepth += 1; return .visitChildren }
    override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { functionDepth += 1; return .visitChildren }
    override func visitPost(_ node: ClosureExprSyntax) { functionDepth -= 1 }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { functionDepth += 1; return .visitChildren }
    override func visitPost(_ node: AccessorBlockSyntax) { functionDepth -= 1 }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { functionDepth += 1; return .visitChildren }
    override func visitPost(_ node: InitializerDeclSyntax) { functionDepth -= 1 }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes,
                  generic: node.genericParameterClause != nil, inheritance: node.inheritanceClause,
                  members: node.memberBlock, kind: .structure, node: node)
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes,
                  generic: node.genericParameterClause != nil, inheritance: node.inheritanceClause,
                  members: node.memberBlock, kind: .classType, node: node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes,
                  generic: node.genericParameterClause != nil, inheritance: node.inheritanceClause,
                  members: node.memberBlock, kind: .enumeration, node: node)
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes,
                  generic: node.genericParameterClause != nil, inheritance: node.inheritanceClause,
                  members: node.memberBlock, kind: .classType, node: node)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // `extension MyLayout: Layout { … }` makes MyLayout a layout; whether it can be made with
        // no arguments is decided where it is declared, so an extension conformance is offered
        // when the type is declared in the same file (and recorded there).
        let extended = node.extendedType.trimmedDescription
        if functionDepth == 0, let clause = node.inheritanceClause {
            let names = Self.inherited(clause)
            if names.contains("PreviewProvider") {
                result.providers.append(.init(name: extended, line: line(node)))
            }
            if names.contains("Layout") {
                pendingExtensionLayouts.append((extended, line(node)))
            }
        }
        scopes.append((extended, false))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    var pendingExtensionLayouts: [(String, Int)] = []
    /// Declared types that can be made with no arguments, by qualified name.
    var constructible: [String: Bool] = [:]

    enum TypeKind { case structure, classType, enumeration }

    func enterType(name: String, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax, generic: Bool,
                   inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, kind: TypeKind,
                   node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        let isPrivate = modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        let hidden = isPrivate || generic || functionDepth > 0 || scopes.contains { $0.hidden }
        let qualified = (scopes.map(\.name) + [name]).joined(separator: ".")
        if attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }) {
            result.hasMainAttribute = true
        }
        let canMake = Self.canMakeWithNoArguments(members: members, kind: kind)
        constructible[qualified] = canMake && !hidden
        let names = inheritance.map(Self.inherited) ?? []
        if names.contains("PreviewProvider") {
            if !hidden { result.providers.append(.init(name: qualified, line: line(node))) }
        }
        if names.contains("Layout") {
            if hidden {
                let why = generic ? "it is generic" : (functionDepth > 0 ? "it is declared inside a function" : "it is private")
                result.skippedLayouts.append(.init(name: qualified, line: line(node), reason: why))
            } else if canMake {
                result.layouts.append(.init(name: qualified, line: line(node)))
            } else {
                result.skippedLayouts.append(.init(name: qualified, line: line(node), reason: "it cannot be made with no arguments"))
            }
        }
        scopes.append((name, hidden))
        return .visitChildren
    }

    override func visitPost(_ node: SourceFileSyntax) {
        for (name, line) in pendingExtensionLayouts where !result.layouts.contains(where: { $0.name == name }) {
            if constructible[name] == true {
                result.layouts.append(.init(name: name, line: line))
            } else if constructible[name] == false {
                result.skippedLayouts.append(.init(name: name, line: line, reason: "it cannot be made with no arguments"))
            }
        }
    }

    static func inherited(_ clause: InheritanceClauseSyntax) -> [String] {
        clause.inheritedTypes.map { t in
            let text = t.type.trimmedDescription
            // `SwiftUI.Layout` counts as `Layout`.
            return text.split(separator: ".").last.map(String.init) ?? text
        }
    }

    /// Whether `T()` compiles: an `init()` (or one whose parameters all have defaults), or — for
    /// structs without initializers — every stored property has a value or is an optional `var`.
    static func canMakeWithNoArguments(members: MemberBlockSyntax, kind: TypeKind) -> Bool {
        var hasInit = false
        for member in members.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                hasInit = true
                let failable = initializer.optionalMark != nil
                let allDefaulted = initializer.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
                if allDefaulted && !failable { return true }
            }
        }
        if hasInit { return false }
        if kind == .enumeration { return false }
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) { continue }
            let isVar = variable.bindingSpecifier.text == "var"
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock {
                    // Computed properties need no value; observed ones do.
                    if case .getter = accessors.accessors { continue }
                    if case .accessors(let list) = accessors.accessors,
                       list.contains(where: { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) }) { continue }
                }
                if binding.initializer != nil { continue }
                if variable.attributes.contains(where: { _ in true }) && isVar {
                    // Property wrappers such as @State need a value too; without one, no `T()`.
                    return false
                }
                if isVar, let type = binding.typeAnnotation?.type,
                   type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { continue }
                return false
            }
        }
        return true
    }
}
