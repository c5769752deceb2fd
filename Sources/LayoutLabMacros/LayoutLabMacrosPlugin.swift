import LayoutLabMacroExpansions
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

// The compiler asks the plugin for `LayoutLabMacros.PreviewMacro` (the module and type an
// `#externalMacro` names) and matches the type's full name, so each macro is declared here and
// forwards to its expansion in `LayoutLabMacroExpansions`.

/// `#Preview`: see `LayoutLabMacroExpansions.PreviewMacro`.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try LayoutLabMacroExpansions.PreviewMacro.expansion(of: node, in: context)
    }
}

/// `@Previewable`: see `LayoutLabMacroExpansions.PreviewableMacro`.
public struct PreviewableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try LayoutLabMacroExpansions.PreviewableMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

/// `@Entry`: see `LayoutLabMacroExpansions.EntryMacro`.
public struct EntryMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        try LayoutLabMacroExpansions.EntryMacro.expansion(of: node, providingAccessorsOf: declaration, in: context)
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try LayoutLabMacroExpansions.EntryMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

@main
struct LayoutLabMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [PreviewMacro.self, PreviewableMacro.self, EntryMacro.self]
}
