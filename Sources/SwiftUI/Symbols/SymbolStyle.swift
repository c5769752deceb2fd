import Foundation
import LayoutCore

/// How symbols are coloured, as SwiftUI's `SymbolRenderingMode`.
///
/// LayoutLab's symbols have up to three layers (primary, secondary, tertiary: an enclosing
/// circle or square is secondary, Adwaita's dimmed parts are secondary):
/// - `monochrome` (the default) fills every layer with the foreground style;
/// - `hierarchical` fills layer *n* with the foreground style at the opacity of the *n*th
///   hierarchical level (1, 0.6, 0.3: the ladder `.primary`, `.secondary`, `.tertiary` use);
/// - `palette` fills layer *n* with the *n*th style of `foregroundStyle(_:_:_:)` (the last one
///   for layers beyond);
/// - `multicolor` fills parts that have a colour of their own (the table's tints for the symbols
///   SF Symbols colours — yellow warnings, red hearts, green checkmarks —, Adwaita's red error
///   dots) with it and the rest with the foreground style.
public struct SymbolRenderingMode: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case monochrome, multicolor, hierarchical, palette }
    let kind: Kind
    /// One colour: the foreground style.
    public static let monochrome = SymbolRenderingMode(kind: .monochrome)
    /// The symbol's own colours where it has them.
    public static let multicolor = SymbolRenderingMode(kind: .multicolor)
    /// Layers of one colour at decreasing opacities.
    public static let hierarchical = SymbolRenderingMode(kind: .hierarchical)
    /// Layers in the styles given to `foregroundStyle(_:_:)` or `foregroundStyle(_:_:_:)`.
    public static let palette = SymbolRenderingMode(kind: .palette)
}

/// A variant of symbols, as SwiftUI's `SymbolVariants`: `Image(systemName: "heart")` under
/// `.symbolVariant(.fill)` draws `heart.fill`, under `.circle.fill` `heart.circle.fill` (a
/// variant the table does not have falls back to fewer suffixes, then to the base symbol).
public struct SymbolVariants: Hashable, Sendable {
    struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let fill = Flags(rawValue: 1), circle = Flags(rawValue: 2), square = Flags(rawValue: 4)
        static let rectangle = Flags(rawValue: 8), slash = Flags(rawValue: 16)
    }
    let flags: Flags
    /// No variant.
    public static let none = SymbolVariants(flags: [])
    /// Filled.
    public static let fill = SymbolVariants(flags: .fill)
    /// In a circle.
    public static let circle = SymbolVariants(flags: .circle)
    /// In a square.
    public static let square = SymbolVariants(flags: .square)
    /// In a rectangle.
    public static let rectangle = SymbolVariants(flags: .rectangle)
    /// Slashed.
    public static let slash = SymbolVariants(flags: .slash)
    /// This variant, filled (`.circle.fill`).
    public var fill: SymbolVariants { SymbolVariants(flags: flags.union(.fill)) }
    /// This variant in a circle.
    public var circle: SymbolVariants { SymbolVariants(flags: flags.union(.circle)) }
    /// This variant in a square.
    public var square: SymbolVariants { SymbolVariants(flags: flags.union(.square)) }
    /// This variant in a rectangle.
    public var rectangle: SymbolVariants { SymbolVariants(flags: flags.union(.rectangle)) }
    /// This variant, slashed.
    public var slash: SymbolVariants { SymbolVariants(flags: flags.union(.slash)) }
    /// Whether this variant includes `other`'s.
    public func contains(_ other: SymbolVariants) -> Bool { flags.isSuperset(of: other.flags) }
}

/// The symbol settings a view passes down.
struct SymbolEnvironment: Sendable {
    var renderingMode: SymbolRenderingMode? = nil
    var variants: SymbolVariants = .none
    /// The secondary and tertiary styles of `foregroundStyle(_:_:_:)` (the primary is the
    /// environment's foreground style).
    var extraStyles: [Paint] = []
}

struct SymbolEnvironmentKey: EnvironmentKey {
    static let defaultValue = SymbolEnvironment()
}

extension EnvironmentValues {
    var symbols: SymbolEnvironment {
        get { self[SymbolEnvironmentKey.self] }
        set { self[SymbolEnvironmentKey.self] = newValue }
    }
    /// The rendering mode of symbols, as in SwiftUI (nil: each symbol's default, monochrome).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { symbols.renderingMode }
        set { symbols.renderingMode = newValue }
    }
    /// The variant of symbols, as in SwiftUI.
    public var symbolVariants: SymbolVariants {
        get { symbols.variants }
        set { symbols.variants = newValue }
    }
}

extension View {
    /// Sets how symbols in the view are coloured, as in SwiftUI.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        withEnvironment { $0.symbols.renderingMode = mode }
    }
    /// Draws symbols in the view in a variant (`.fill`, `.circle`, `.slash`, …), as in SwiftUI.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        withEnvironment { $0.symbols.variants = SymbolVariants(flags: $0.symbols.variants.flags.union(variant.flags)) }
    }
    /// Sets the primary and secondary styles, as in SwiftUI: text and shapes take the primary;
    /// symbols' layers take both in `.palette` mode.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        let paints = [primary._paint, secondary._paint]
        return withEnvironment { $0.foregroundStyle = paints[0]; $0.symbols.extraStyles = Array(paints.dropFirst()) }
    }
    /// Sets the primary, secondary and tertiary styles, as in SwiftUI: text and shapes take the
    /// primary; symbols' layers take all three in `.palette` mode.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        let paints = [primary._paint, secondary._paint, tertiary._paint]
        return withEnvironment { $0.foregroundStyle = paints[0]; $0.symbols.extraStyles = Array(paints.dropFirst()) }
    }
}

extension Image {
    /// Sets how this symbol is coloured, as in SwiftUI.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var copy = self
        copy.symbolMode = mode
        return copy
    }
}
