import Foundation
import LayoutCore

/// A device's orientation: portrait (the screen as the catalog gives it) or landscape (turned:
/// width and height swapped, the landscape safe area).
public enum DeviceOrientation: String, Codable, Hashable, Sendable, CaseIterable {
    case portrait, landscape

    /// The orientation a name gives (`portrait`, `landscape`; any case), or nil.
    public init?(name: String) {
        guard let o = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self = o
    }
}

/// A device a preview can be shown on, as Xcode's canvas shows it: its screen in points, the
/// safe area's insets in each orientation, its size classes, display scale and keyboard, and
/// what the optional device frame draws (corner radius, sensor housing, home indicator).
///
/// ``DeviceProfile/all`` is the device menu (the inspector's drop-down, the Variants view's
/// device axis, the snapshot `device` axis, `layoutlab render --device`);
/// ``DeviceProfile/followTheWindow`` is the window's own behaviour: its size, no insets.
///
/// Sources of the numbers:
/// - Screens in points and display scales: Apple's Human Interface Guidelines, "Layout",
///   *Specifications* (https://developer.apple.com/design/human-interface-guidelines/layout),
///   and the table at https://gist.github.com/ricsantos/e7baee6885626b9cb87c021a5097623f
///   (iPhone 15 393×852 @3x, 15 Pro Max 430×932 @3x).
/// - Safe-area insets: what UIKit's `safeAreaInsets` reports for a full-screen view controller
///   on the device: iPhone 15 / 15 Pro (and Pro Max) 59 top and 34 bottom in portrait, 59
///   leading and trailing and 21 bottom in landscape (printed in "iOS Layout Adaptation",
///   http://csl.cool/2023/09/15/ios-dev/ios-layout-adaptation); a home-button iPhone has the 20-point
///   status bar in portrait and no insets in landscape, where the status bar is hidden
///   (https://useyourloaf.com/blog/supporting-iphone-x/); iPads with a home indicator have the
///   24-point status bar and the 20-point home indicator in both orientations.
/// - Screen corner radii: the values iOS reports (`_displayCornerRadius`, collected at
///   http://kylebashour.com/posts/finding-the-real-iphone-x-corner-radius: iPhone 12 47.33,
///   12 Pro Max 53.33, iPad Pro 11″ 18); 55 for the iPhone 15 and 15 Pro Max is the same
///   source's value for the Dynamic Island phones (chosen: the frame is a drawing, never layout).
/// - Keyboard heights are chosen, not published: the system keyboard's frame depends on the
///   language, the predictive bar and the device (Apple: read `keyboardFrameEndUserInfoKey`).
///   The values are the English keyboard with the predictive bar, including the band under it
///   where the home indicator sits (iPhone 15 portrait 336, landscape 209).
public struct DeviceProfile: Hashable, Sendable {
    /// What the device is, for the frame and the environment.
    public enum Family: String, Hashable, Sendable { case phone, pad, watch, computer, window }
    /// What sits at the top of the screen.
    public enum SensorHousing: String, Hashable, Sendable { case dynamicIsland, notch, none }
    /// What sits at the bottom: the home indicator bar, a physical home button, or nothing.
    public enum HomeAffordance: String, Hashable, Sendable { case indicator, button, none }
    /// A pair of size classes, `compact` or `regular` (`UserInterfaceSizeClass` names).
    public struct SizeClasses: Hashable, Sendable {
        public var horizontal: String
        public var vertical: String
        public init(horizontal: String, vertical: String) { self.horizontal = horizontal; self.vertical = vertical }
        public static let compactRegular = SizeClasses(horizontal: "compact", vertical: "regular")
        public static let compactCompact = SizeClasses(horizontal: "compact", vertical: "compact")
        public static let regularCompact = SizeClasses(horizontal: "regular", vertical: "compact")
        public static let regularRegular = SizeClasses(horizontal: "regular", vertical: "regular")
    }

    /// The name the device menu shows, such as "iPhone 15".
    public let name: String
    /// The name the command line takes, lower case with hyphens: `iphone-15`.
    public let id: String
    public let family: Family
    /// The screen's width and height in points, portrait (0 for ``followTheWindow``).
    public let width: Double
    public let height: Double
    /// The safe area's insets in portrait and in landscape.
    public let portraitInsets: EdgeInsets
    public let landscapeInsets: EdgeInsets
    public let portraitSizeClasses: SizeClasses
    public let landscapeSizeClasses: SizeClasses
    /// Pixels per point.
    public let displayScale: Double
    /// The radius of the screen's rounded corners, in points (0: square).
    public let cornerRadius: Double
    public let sensorHousing: SensorHousing
    public let homeAffordance: HomeAffordance
    /// The height of the on-screen keyboard from the screen's bottom edge, in each orientation
    /// (0: no on-screen keyboard).
    public let portraitKeyboardHeight: Double
    public let landscapeKeyboardHeight: Double

    /// Whether this is ``followTheWindow``: no screen of its own.
    public var followsWindow: Bool { family == .window }

    /// The screen in `orientation`, in points.
    public func screen(_ orientation: DeviceOrientation) -> CGSize {
        orientation == .portrait ? CGSize(width: width, height: height) : CGSize(width: height, height: width)
    }
    public func safeAreaInsets(_ orientation: DeviceOrientation) -> EdgeInsets {
        orientation == .portrait ? portraitInsets : landscapeInsets
    }
    public func sizeClasses(_ orientation: DeviceOrientation) -> SizeClasses {
        orientation == .portrait ? portraitSizeClasses : landscapeSizeClasses
    }
    public func keyboardHeight(_ orientation: DeviceOrientation) -> Double {
        orientation == .portrait ? portraitKeyboardHeight : landscapeKeyboardHeight
    }

    /// What a request carries of the device in `orientation` (nil for ``followTheWindow``).
    public func wire(_ orientation: DeviceOrientation = .portrait) -> WireDevice? {
        guard !followsWindow else { return nil }
        let classes = sizeClasses(orientation)
        return WireDevice(name: id, orientation: orientation, safeAreaInsets: WireInsets(safeAreaInsets(orientation)),
                          keyboardHeight: keyboardHeight(orientation), horizontalSizeClass: classes.horizontal,
                          verticalSizeClass: classes.vertical, displayScale: displayScale)
    }

    /// The menu's label: the name and, for a device, its screen ("iPhone 15  393×852").
    public var label: String {
        followsWindow ? name : "\(name)  \(Self.points(width))×\(Self.points(height))"
    }
    static func points(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    // MARK: The catalog

    private static func phone(_ name: String, _ id: String, _ w: Double, _ h: Double, portrait: EdgeInsets, landscape: EdgeInsets,
                              landscapeClasses: SizeClasses, scale: Double, corner: Double, housing: SensorHousing,
                              home: HomeAffordance, keyboard: (Double, Double)) -> DeviceProfile {
        DeviceProfile(name: name, id: id, family: .phone, width: w, height: h, portraitInsets: portrait, landscapeInsets: landscape,
                      portraitSizeClasses: .compactRegular, landscapeSizeClasses: landscapeClasses, displayScale: scale,
                      cornerRadius: corner, sensorHousing: housing, homeAffordance: home,
                      portraitKeyboardHeight: keyboard.0, landscapeKeyboardHeight: keyboard.1)
    }
    private static func pad(_ name: String, _ id: String, _ w: Double, _ h: Double) -> DeviceProfile {
        let insets = EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0)
        return DeviceProfile(name: name, id: id, family: .pad, width: w, height: h, portraitInsets: insets, landscapeInsets: insets,
                             portraitSizeClasses: .regularRegular, landscapeSizeClasses: .regularRegular, displayScale: 2,
                             cornerRadius: 18, sensorHousing: .none, homeAffordance: .indicator,
                             portraitKeyboardHeight: 313, landscapeKeyboardHeight: 398)
    }
    private static func screenOnly(_ name: String, _ id: String, _ family: Family, _ w: Double, _ h: Double, scale: Double,
                                   classes: SizeClasses, corner: Double) -> DeviceProfile {
        DeviceProfile(name: name, id: id, family: family, width: w, height: h, portraitInsets: EdgeInsets(), landscapeInsets: EdgeInsets(),
                      portraitSizeClasses: classes, landscapeSizeClasses: classes, displayScale: scale, cornerRadius: corner,
                      sensorHousing: .none, homeAffordance: .none, portraitKeyboardHeight: 0, landscapeKeyboardHeight: 0)
    }

    /// The Dynamic Island phones' insets (iPhone 15, 15 Pro, 15 Plus, 15 Pro Max).
    private static let islandPortrait = EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)
    private static let islandLandscape = EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59)

    /// The devices of the menu, in its order.
    public static let all: [DeviceProfile] = [
        phone("iPhone SE", "iphone-se", 375, 667, portrait: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), landscape: EdgeInsets(),
              landscapeClasses: .compactCompact, scale: 2, corner: 0, housing: .none, home: .button, keyboard: (260, 200)),
        phone("iPhone 15", "iphone-15", 393, 852, portrait: islandPortrait, landscape: islandLandscape,
              landscapeClasses: .compactCompact, scale: 3, corner: 55, housing: .dynamicIsland, home: .indicator, keyboard: (336, 209)),
        phone("iPhone 15 Pro Max", "iphone-15-pro-max", 430, 932, portrait: islandPortrait, landscape: islandLandscape,
              landscapeClasses: .regularCompact, scale: 3, corner: 55, housing: .dynamicIsland, home: .indicator, keyboard: (346, 209)),
        pad("iPad mini", "ipad-mini", 744, 1133),
        pad("iPad Pro 11″", "ipad-pro-11", 834, 1194),
        screenOnly("Laptop window", "laptop-window", .computer, 1280, 800, scale: 2, classes: .regularRegular, corner: 0),
        screenOnly("Desktop", "desktop", .computer, 1920, 1080, scale: 1, classes: .regularRegular, corner: 0),
        screenOnly("Watch 45 mm", "watch-45-mm", .watch, 198, 242, scale: 2, classes: .compactCompact, corner: 40),
    ]

    /// The window's own behaviour: its size proposed, no insets, SwiftUI's default environment.
    public static let followTheWindow = DeviceProfile(
        name: "Follow the window", id: "follow-the-window", family: .window, width: 0, height: 0,
        portraitInsets: EdgeInsets(), landscapeInsets: EdgeInsets(), portraitSizeClasses: .compactRegular,
        landscapeSizeClasses: .compactRegular, displayScale: 1, cornerRadius: 0, sensorHousing: .none, homeAffordance: .none,
        portraitKeyboardHeight: 0, landscapeKeyboardHeight: 0)

    /// Every name `named(_:)` takes: ``followTheWindow`` and then ``all``.
    public static var choices: [DeviceProfile] { [followTheWindow] + all }

    /// The device a name picks: its `id` (`iphone-15`), or its menu name ignoring case and
    /// spaces ("iPhone 15"), or the name Xcode's `PreviewDevice` uses for it ("iPhone 15 Pro",
    /// "iPad mini (6th generation)" picks the nearest entry).
    public static func named(_ name: String) -> DeviceProfile? {
        let key = normalized(name)
        if let d = choices.first(where: { normalized($0.id) == key || normalized($0.name) == key }) { return d }
        // Xcode's simulator names: the same screen under another name.
        let aliases: [(String, String)] = [
            ("iphone15pro", "iphone-15"), ("iphone14pro", "iphone-15"), ("iphone15plus", "iphone-15-pro-max"),
            ("iphone14promax", "iphone-15-pro-max"), ("iphonese3rdgeneration", "iphone-se"),
            ("iphonese2ndgeneration", "iphone-se"), ("ipadmini6thgeneration", "ipad-mini"),
            ("ipadpro11inch4thgeneration", "ipad-pro-11"), ("ipadpro11inch", "ipad-pro-11"), ("ipadpro11", "ipad-pro-11"),
            ("applewatchseries945mm", "watch-45-mm"),
        ]
        guard let id = aliases.first(where: { $0.0 == key })?.1 else { return nil }
        return all.first { $0.id == id }
    }

    /// The device whose wire form is `wire` (by its `name`), or nil.
    public static func of(_ wire: WireDevice) -> DeviceProfile? { choices.first { $0.id == wire.name } }

    /// Lower case, letters and digits only: "iPad Pro 11″" and "ipad-pro-11" both give "ipadpro11".
    private static func normalized(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
    }
}

/// Edge insets as the wire carries them.
public struct WireInsets: Codable, Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(_ e: EdgeInsets) {
        self.init(top: Double(e.top), leading: Double(e.leading), bottom: Double(e.bottom), trailing: Double(e.trailing))
    }
    public var edgeInsets: EdgeInsets {
        EdgeInsets(top: CGFloat(top), leading: CGFloat(leading), bottom: CGFloat(bottom), trailing: CGFloat(trailing))
    }
}

/// The device a preview is laid out on, as a request carries it (`WireEnvironment.device`):
/// what the agent needs to lay it out as the device does, with no catalog of its own.
public struct WireDevice: Codable, Hashable, Sendable {
    /// The device's `DeviceProfile.id`, such as `iphone-15`.
    public var name: String
    public var orientation: DeviceOrientation
    /// The screen's safe-area insets (`LayoutHost.safeAreaInsets`).
    public var safeAreaInsets: WireInsets
    /// The on-screen keyboard's height, in effect while a text field of a live preview has focus
    /// (`LayoutHost.keyboardInsets`); 0: none.
    public var keyboardHeight: Double
    /// `compact` or `regular`: `@Environment(\.horizontalSizeClass)`, `verticalSizeClass`.
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    /// `@Environment(\.displayScale)`.
    public var displayScale: Double
    public init(name: String, orientation: DeviceOrientation, safeAreaInsets: WireInsets, keyboardHeight: Double,
                horizontalSizeClass: String, verticalSizeClass: String, displayScale: Double) {
        self.name = name; self.orientation = orientation; self.safeAreaInsets = safeAreaInsets; self.keyboardHeight = keyboardHeight
        self.horizontalSizeClass = horizontalSizeClass; self.verticalSizeClass = verticalSizeClass; self.displayScale = displayScale
    }
}
