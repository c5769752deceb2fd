import Foundation
import SwiftUI
import PreviewProtocol

/// One environment setting a snapshot can be recorded across, as Xcode's variants mode offers
/// them: `--variants color-scheme,dynamic-type,…`.
public enum SnapshotAxis: String, CaseIterable, Codable, Sendable, Comparable {
    /// Light and dark.
    case colorScheme = "color-scheme"
    /// Every `DynamicTypeSize`, `xSmall` to `accessibility5`.
    case dynamicType = "dynamic-type"
    /// Left to right and right to left.
    case layoutDirection = "layout-direction"
    /// Every device of the device menu (`DeviceProfile.all`), proposed its portrait screen with
    /// its safe area, size classes and display scale.
    case device
    /// The default device in portrait and in landscape, each with its safe area.
    case orientation

    /// The axes a comma-separated list names (`all` for every one), in the order `allCases`
    /// lists them, each once.
    public static func parse(_ list: String) throws(CommandLineError) -> [SnapshotAxis] {
        var axes: Set<SnapshotAxis> = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !word.isEmpty {
            if word == "all" { axes.formUnion(allCases); continue }
            guard let axis = SnapshotAxis(rawValue: word) else {
                throw CommandLineError("snapshot: unknown variant axis '\(word)' (color-scheme, dynamic-type, layout-direction, device, orientation or all)")
            }
            axes.insert(axis)
        }
        guard !axes.isEmpty else { throw CommandLineError("snapshot: --variants needs at least one axis (color-scheme, dynamic-type, layout-direction, device, orientation or all)") }
        return allCases.filter(axes.contains)
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Whether the axis changes the proposal rather than the environment: a preview that keeps
    /// its own size (a fixed-size or size-that-fits trait) would only repeat its default there.
    public var changesProposal: Bool { self == .device || self == .orientation }

    /// Every value of the axis, the default's included (a variants grid shows it too).
    public var variants: [SnapshotVariant] {
        switch self {
        case .colorScheme:
            WireEnvironment.colorSchemes.map { SnapshotVariant(axis: self, name: $0, environment: WireEnvironment(colorScheme: $0)) }
        case .dynamicType:
            WireEnvironment.dynamicTypeSizes.map { SnapshotVariant(axis: self, name: $0, environment: WireEnvironment(dynamicTypeSize: $0)) }
        case .layoutDirection:
            WireEnvironment.layoutDirections.map { SnapshotVariant(axis: self, name: $0, environment: WireEnvironment(layoutDirection: $0)) }
        case .device:
            DeviceProfile.all.map { SnapshotVariant(axis: self, device: $0, orientation: .portrait, name: $0.id) }
        case .orientation:
            DeviceOrientation.allCases.map { SnapshotVariant(axis: self, device: SnapshotVariant.defaultDevice, orientation: $0, name: $0.rawValue) }
        }
    }
}

/// One variant of a preview: a single setting changed from the default (light, `.large`, left
/// to right, proposed the default device's portrait size).
public struct SnapshotVariant: Hashable, Sendable {
    /// The device a snapshot is proposed by when no variant names one, and whose size the
    /// orientation axis turns: iPhone 15 (393×852 points), the phone Xcode's canvas starts with.
    public static let defaultDevice = DeviceProfile.all.first { $0.id == "iphone-15" }!
    /// `defaultDevice`'s portrait size.
    public static var defaultProposal: CGSize { CGSize(width: defaultDevice.width, height: defaultDevice.height) }

    public var axis: SnapshotAxis
    /// What the file name carries after `@`: `dark`, `rtl`, `accessibility3`, `iphone-se`, `landscape`.
    public var name: String
    /// The environment the variant lays out in (nil: SwiftUI's defaults).
    public var environment: WireEnvironment?
    /// The size the variant proposes (nil: `defaultProposal`).
    public var proposal: CGSize?

    /// A variant of `axis` named `name` that lays out in `environment` and proposes `proposal`.
    public init(axis: SnapshotAxis, name: String, environment: WireEnvironment? = nil, proposal: CGSize? = nil) {
        self.axis = axis; self.name = name; self.environment = environment; self.proposal = proposal
    }

    /// `device`'s screen turned to `orientation`, with its insets and environment.
    init(axis: SnapshotAxis, device: DeviceProfile, orientation: DeviceOrientation, name: String) {
        self.init(axis: axis, name: name, environment: WireEnvironment(device: device.wire(orientation)), proposal: device.screen(orientation))
    }

    /// The variants of `axes` a preview sized `sizing` is recorded in: all of them, but those
    /// that change the proposal only for a preview proposed the canvas.
    public static func variants(of axes: [SnapshotAxis], for sizing: WireSizing) -> [SnapshotVariant] {
        axes.sorted().filter { !$0.changesProposal || sizing == .window }.flatMap(\.variants)
    }
}

/// How a preview's name becomes a file name in a snapshot folder.
///
/// Names are kept as readable as a file allows: letters (of any script) and digits stay, as do
/// `-`, `_` and `.`; a run of anything else (spaces, slashes, emoji, `@`, which separates the
/// variant) becomes one `-`, with none at either end; a name with nothing left is `preview`.
/// Two previews whose names come out the same, ignoring case (macOS and Windows file systems do),
/// get `-2`, `-3`, … in catalog order.
public enum SnapshotNaming {
    /// `name` made file-safe (see the type), in Unicode's composed form so that it reads the same
    /// on every file system.
    public static func fileSafe(_ name: String) -> String {
        var out = ""
        var pendingDash = false
        for c in name.precomposedStringWithCanonicalMapping {
            if c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(c)
            } else {
                pendingDash = true
            }
        }
        // A leading dot would hide the files; trailing dots vanish on some file systems.
        while out.hasPrefix(".") { out.removeFirst() }
        while out.hasSuffix(".") { out.removeLast() }
        return out.isEmpty ? "preview" : out
    }

    /// The file-safe names of `names`, in order, made unique (see the type).
    public static func fileNames(for names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            let base = fileSafe(name)
            var candidate = base
            var n = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(base)-\(n)"
                n += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// A device's name as a variant: lower case, words joined by hyphens ("iPhone 15 Pro Max"
    /// is `iphone-15-pro-max`, "iPad Pro 11″" is `ipad-pro-11`).
    public static func slug(_ name: String) -> String {
        name.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.joined(separator: "-")
    }

    /// The file name (without extension) of a preview's snapshot: `NAME` or `NAME@VARIANT`.
    public static func stem(_ fileName: String, variant: String?) -> String {
        variant.map { "\(fileName)@\($0)" } ?? fileName
    }
}
