import Foundation

/// The environment a preview is laid out in, as the variants of a snapshot, the window's
/// environment controls and `render`'s flags set it: what Xcode's canvas settings set.
///
/// Every field is optional: nil keeps SwiftUI's default (light, `.large`, left to right, the
/// process's locale). Values are the names people write: `ColorScheme` and `DynamicTypeSize`
/// case names, `ltr` / `rtl`, a locale identifier.
public struct WireEnvironment: Codable, Hashable, Sendable {
    /// `light` or `dark`.
    public var colorScheme: String?
    /// A `DynamicTypeSize` case name, `xSmall` … `accessibility5`.
    public var dynamicTypeSize: String?
    /// `ltr` or `rtl`.
    public var layoutDirection: String?
    /// A locale identifier such as `ar` or `de_DE`.
    public var locale: String?
    /// The device the preview is shown on: its safe area, keyboard, size classes and display
    /// scale (`DeviceProfile.wire(_:)`); nil: the window's own behaviour, no insets.
    public var device: WireDevice?

    public init(colorScheme: String? = nil, dynamicTypeSize: String? = nil, layoutDirection: String? = nil, locale: String? = nil,
                device: WireDevice? = nil) {
        self.colorScheme = colorScheme; self.dynamicTypeSize = dynamicTypeSize
        self.layoutDirection = layoutDirection; self.locale = locale; self.device = device
    }

    /// Whether nothing is set (SwiftUI's defaults).
    public var isDefault: Bool { colorScheme == nil && dynamicTypeSize == nil && layoutDirection == nil && locale == nil && device == nil }

    /// The colour schemes, in the order variants list them.
    public static let colorSchemes = ["light", "dark"]
    /// The Dynamic Type sizes, smallest first, as `DynamicTypeSize` names its cases.
    public static let dynamicTypeSizes = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                                          "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"]
    /// The layout directions.
    public static let layoutDirections = ["ltr", "rtl"]

    /// Checks every field; the message names the field and what it accepts.
    public func validated() throws(WireEnvironmentError) -> WireEnvironment {
        var checked = self
        if let c = colorScheme {
            guard let name = Self.colorSchemes.first(where: { $0.caseInsensitiveCompare(c) == .orderedSame }) else {
                throw WireEnvironmentError(message: "unknown colour scheme '\(c)' (light or dark)")
            }
            checked.colorScheme = name
        }
        if let d = dynamicTypeSize {
            guard let name = Self.dynamicTypeSizes.first(where: { $0.caseInsensitiveCompare(d) == .orderedSame }) else {
                throw WireEnvironmentError(message: "unknown Dynamic Type size '\(d)' (one of: \(Self.dynamicTypeSizes.joined(separator: ", ")))")
            }
            checked.dynamicTypeSize = name
        }
        if let l = layoutDirection {
            switch l.lowercased() {
            case "ltr", "lefttoright", "left-to-right": checked.layoutDirection = "ltr"
            case "rtl", "righttoleft", "right-to-left": checked.layoutDirection = "rtl"
            default: throw WireEnvironmentError(message: "unknown layout direction '\(l)' (ltr or rtl)")
            }
        }
        if let locale, locale.isEmpty || locale.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=") }) {
            throw WireEnvironmentError(message: "'\(locale)' is not a locale identifier (such as en_US, ar or he_IL)")
        }
        if let d = device {
            let i = d.safeAreaInsets
            guard [i.top, i.leading, i.bottom, i.trailing, d.keyboardHeight].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 10_000 }) else {
                throw WireEnvironmentError(message: "device '\(d.name)': insets and the keyboard's height must be 0…10000 points")
            }
            guard [d.horizontalSizeClass, d.verticalSizeClass].allSatisfy({ $0 == "compact" || $0 == "regular" }) else {
                throw WireEnvironmentError(message: "device '\(d.name)': size classes are compact or regular")
            }
            guard d.displayScale.isFinite, d.displayScale > 0, d.displayScale <= 16 else {
                throw WireEnvironmentError(message: "device '\(d.name)': the display scale must be above 0 and at most 16")
            }
        }
        return checked
    }
}

/// A `WireEnvironment` field with a value nobody can lay out in.
public struct WireEnvironmentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
