import SwiftSyntax
import SwiftSyntaxMacros

/// `@Entry var name: Type = value` in an extension of `EnvironmentValues` (SwiftUI's iOS 18
/// macro): makes a private `EnvironmentKey` whose default is the initial value, and a getter and
/// setter that read and write the environment through it. Without an initial value the default
/// is nil (the type must be optional).
public struct EntryMacro: AccessorMacro, PeerMacro {
    static func parts(_ declaration: some DeclSyntaxProtocol) -> (name: String, type: TypeSyntax?, value: ExprSyntax?)? {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        return (identifier.identifier.trimmedDescription, binding.typeAnnotation?.type.trimmed, binding.initializer?.value.trimmed)
    }

    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _, _) = parts(declaration) else { return [] }
        return [
            "get { self[__Key_\(raw: name).self] }",
            "set { self[__Key_\(raw: name).self] = newValue }",
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (name, type, value) = parts(declaration) else { return [] }
        let defaultValue: DeclSyntax
        if let type {
            defaultValue = "static var defaultValue: \(type) { \(value ?? "nil") }"
        } else if let value {
            defaultValue = "nonisolated(unsafe) static let defaultValue = \(value)"
        } else {
            return []
        }
        return ["private struct __Key_\(raw: name): EnvironmentKey { \(defaultValue) }"]
    }
}
