import PreviewNaming
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview("Name", traits: …) { body }`: registers a preview and does nothing else.
///
/// Expands to a function that returns the preview's `PreviewRegistration` under a linker symbol
/// derived from the macro's file and position (`PreviewSymbol`). Nothing runs at load time: the
/// preview agent, which finds the same `#Preview`s by parsing the source, calls the function.
/// The body keeps SwiftUI's form: a view builder run on the main actor.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var name: ExprSyntax?
        var traits: [ExprSyntax] = []
        var body = node.trailingClosure
        var inTraits = false
        for (index, argument) in node.arguments.enumerated() {
            switch argument.label?.text {
            case "traits"?:
                inTraits = true
                traits.append(argument.expression.trimmed)
            case "body"?:
                body = argument.expression.as(ClosureExprSyntax.self)
            case nil where inTraits:
                // `traits: .a, .b`: the variadic traits after the label.
                traits.append(argument.expression.trimmed)
            case nil where index == 0:
                name = argument.expression.trimmed
            default:
                throw MacroExpansionErrorMessage("#Preview: unexpected argument '\(argument.trimmedDescription)'")
            }
        }
        guard let body else {
            throw MacroExpansionErrorMessage("#Preview needs a body: #Preview { MyView() }")
        }
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath),
              let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
              let line = location.line.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
              let column = location.column.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) })
        else {
            throw MacroExpansionErrorMessage("#Preview: the compiler gave no source location for this preview")
        }
        let symbol = PreviewSymbol.name(filePath: file, line: line, column: column)
        let function = context.makeUniqueName("preview")
        let traitList = traits.map(\.description).joined(separator: ", ")
        // `@Previewable` properties make the body a view of its own, as SwiftUI's expansion does:
        // the properties become its stored properties and the rest its `body`, so a change to
        // one evaluates the body again (the preview's own views read it, not only bindings).
        let (properties, rest) = previewableProperties(of: body.statements)
        if !properties.isEmpty {
            // A fixed name (local to the uniquely named function): the view's identity, and
            // with it the state a rebuild keeps, must not change when the preview moves lines.
            let view: TokenSyntax = "__PreviewBody"
            let declarations = properties.map { "    \($0.trimmedDescription)" }.joined(separator: "\n")
            return [
                """
                @_silgen_name(\(literal: symbol))
                func \(function)() -> SwiftUI.PreviewRegistration {
                    struct \(view): SwiftUI.View {
                \(raw: declarations)
                        var body: some SwiftUI.View {\(rest)
                        }
                    }
                    return SwiftUI.PreviewRegistration(
                        name: \(name ?? "nil"), traits: [\(raw: traitList)],
                        file: \(literal: file), line: \(literal: line), column: \(literal: column)
                    ) { () -> SwiftUI.AnyView in
                        SwiftUI.AnyView(\(view)())
                    }
                }
                """
            ]
        }
        return [
            """
            @_silgen_name(\(literal: symbol))
            func \(function)() -> SwiftUI.PreviewRegistration {
                SwiftUI.PreviewRegistration(
                    name: \(name ?? "nil"), traits: [\(raw: traitList)],
                    file: \(literal: file), line: \(literal: line), column: \(literal: column)
                ) { () -> SwiftUI.AnyView in
                    SwiftUI.PreviewRegistration.makeView {\(body.statements)
                    }
                }
            }
            """
        ]
    }
}

/// The `@Previewable` variable declarations at the top of a `#Preview` body (without that
/// attribute), and the body's other statements.
private func previewableProperties(of statements: CodeBlockItemListSyntax) -> ([VariableDeclSyntax], CodeBlockItemListSyntax) {
    var properties: [VariableDeclSyntax] = []
    var rest: [CodeBlockItemSyntax] = []
    for item in statements {
        guard var variable = item.item.as(VariableDeclSyntax.self) else { rest.append(item); continue }
        let attributes = variable.attributes.filter { element in
            guard case .attribute(let attribute) = element else { return true }
            return attribute.attributeName.trimmedDescription != "Previewable"
        }
        guard attributes.count < variable.attributes.count else { rest.append(item); continue }
        variable.attributes = AttributeListSyntax(attributes)
        properties.append(variable)
    }
    return (properties, CodeBlockItemListSyntax(rest))
}

/// `@Previewable`: marks a property declared in a `#Preview` body (such as `@State var value`).
/// It adds nothing itself: `#Preview` moves the property into a view it makes of the body.
public struct PreviewableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}
