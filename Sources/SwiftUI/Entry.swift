import LayoutCore

/// Declares an environment value with its default, as SwiftUI's `@Entry` (iOS 18):
///
/// ```swift
/// extension EnvironmentValues {
///     @Entry var accent: Color = .blue
/// }
/// ```
/// It makes a private `EnvironmentKey` and a getter and setter through it.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "LayoutLabMacros", type: "EntryMacro")
