import Foundation
import LayoutCore

/// The colour sets and image sets of Xcode asset catalogs (`.xcassets` folders), for
/// `Color("Name")`, `Image("Name")` and Xcode 15's generated `Color(.name)` / `Image(.name)`.
///
/// The preview agent loads the catalogs the preview build found beside a file or in a
/// package's targets (the paths come in `LAYOUTLAB_ASSET_CATALOGS`, separated by `:`) before
/// any of the person's code runs. What is read, as Xcode writes it:
/// - `NAME.colorset/Contents.json`: each entry's `color` (`srgb`, `extended-srgb`,
///   `display-p3` — converted to sRGB —, `gray-gamma` / `extended-gray`), components as floats
///   ("0.200"), 8-bit integers ("51") or hex ("0x33"); the entry without `appearances` is
///   the light (any) appearance, the one with `luminosity` `dark` the dark one. `Color("Name")`
///   is drawn in the appearance of the colour scheme it is drawn in.
/// - `NAME.imageset/Contents.json`: the images' `filename` and `scale`; the largest scale
///   present is drawn (iPhones are 3×), its natural size is the pixel size over the scale. PNG
///   files are drawn; PDF, SVG, HEIC and JPEG files are not (their image is a placeholder with
///   a diagnostic).
/// Folders inside a catalog (groups, with or without "provides namespace") are searched too;
/// a namespaced folder prefixes its names (`Icons/Star`), as Xcode does.
public enum AssetCatalog {
    /// The environment variable the preview agent reads catalog paths from.
    public static let environmentVariable = "LAYOUTLAB_ASSET_CATALOGS"

    /// A colour set's appearances.
    public struct ColorSet: Hashable, Sendable {
        /// The light (any) appearance.
        public var light: RGBA
        /// The dark appearance (the light one when the set has none).
        public var dark: RGBA
    }

    /// An image set's chosen image.
    public struct ImageSet: Hashable, Sendable {
        /// The file drawn: the largest-scale image of the set.
        public var path: String
        /// The size in points (pixels over the scale); zero for a file that is not drawn.
        public var size: CGSize
        /// Whether LayoutLab draws the file (PNG).
        public var isDrawable: Bool
    }

    private struct Contents: Sendable {
        var colors: [String: ColorSet] = [:]
        var images: [String: ImageSet] = [:]
        var problems: [String] = []
    }
    private static let contents = Locked(Contents())

    /// Loads every catalog listed in `LAYOUTLAB_ASSET_CATALOGS`; returns the problems found.
    @discardableResult
    public static func loadFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let list = environment[environmentVariable], !list.isEmpty else { return [] }
        return list.split(separator: ":").flatMap { load(catalogAt: String($0)) }
    }

    /// Loads the colour and image sets of the catalog at `path` (later catalogs win for a name
    /// two define); returns the problems found (unreadable sets, malformed components).
    @discardableResult
    public static func load(catalogAt path: String) -> [String] {
        let found = read(catalogAt: path)
        contents.withLock { c in
            c.colors.merge(found.colors) { _, new in new }
            c.images.merge(found.images) { _, new in new }
            c.problems += found.problems
        }
        return found.problems
    }

    /// The names of the colour sets and image sets of the catalog at `path`, without loading
    /// it (the preview build generates `ColorResource` and `ImageResource` symbols from them).
    public static func setNames(inCatalogAt path: String) -> (colors: [String], images: [String]) {
        let found = read(catalogAt: path)
        return (found.colors.keys.sorted(), found.images.keys.sorted())
    }

    private static func read(catalogAt path: String) -> Contents {
        var found = Contents()
        scan(directory: path, prefix: "", into: &found)
        return found
    }

    private static let reportedMissing = Locked<Set<String>>([])

    /// Says once on standard error that no catalog has the colour `name`, as SwiftUI logs "No
    /// color named '…' found in asset catalog".
    static func reportMissingColor(_ name: String) {
        guard reportedMissing.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data("No color named '\(name)' found in asset catalog (drawn clear)\n".utf8))
    }

    /// Forgets every loaded set (tests).
    public static func removeAll() { contents.withLock { $0 = Contents() } }

    /// The colour set named `name`, if a loaded catalog has one.
    public static func color(named name: String) -> ColorSet? { contents.withLock { $0.colors[name] } }
    /// The image set named `name`, if a loaded catalog has one.
    public static func image(named name: String) -> ImageSet? { contents.withLock { $0.images[name] } }
    /// The names of the loaded colour sets and image sets.
    public static var names: (colors: [String], images: [String]) {
        contents.withLock { (Array($0.colors.keys).sorted(), Array($0.images.keys).sorted()) }
    }

    // MARK: Reading

    private static func scan(directory: String, prefix: String, into found: inout Contents) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            found.problems.append("\(directory): the asset catalog cannot be read")
            return
        }
        for entry in entries.sorted() {
            let full = (directory as NSString).appendingPathComponent(entry)
            let ext = (entry as NSString).pathExtension, base = (entry as NSString).deletingPathExtension
            switch ext {
            case "colorset":
                if let set = readColorSet(full, problems: &found.problems) { found.colors[prefix + base] = set }
            case "imageset":
                if let set = readImageSet(full, problems: &found.problems) { found.images[prefix + base] = set }
            case "":
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let json = readJSON((full as NSString).appendingPathComponent("Contents.json"))
                let namespaced = ((json?["properties"] as? [String: Any])?["provides-namespace"] as? Bool) == true
                scan(directory: full, prefix: namespaced ? prefix + entry + "/" : prefix, into: &found)
            default:
                continue
            }
        }
    }

    private static func readJSON(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func readColorSet(_ path: String, problems: inout [String]) -> ColorSet? {
        guard let json = readJSON((path as NSString).appendingPathComponent("Contents.json")),
              let entries = json["colors"] as? [[String: Any]] else {
            problems.append("\(path): no readable Contents.json with \"colors\"")
            return nil
        }
        var light: RGBA? = nil, dark: RGBA? = nil
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad"].contains(idiom) { continue }
            guard let color = entry["color"] as? [String: Any] else { continue }
            guard let rgba = parseColor(color) else {
                problems.append("\(path): a colour whose components cannot be read")
                continue
            }
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            let luminosity = appearances.first { ($0["appearance"] as? String) == "luminosity" }?["value"] as? String
            if appearances.contains(where: { ($0["appearance"] as? String) == "contrast" }) { continue }
            switch luminosity {
            case "dark": if dark == nil { dark = rgba }
            case nil, "light": if light == nil || luminosity == nil { light = light ?? rgba }
            default: continue
            }
        }
        guard let any = light ?? dark else {
            problems.append("\(path): no colour")
            return nil
        }
        return ColorSet(light: any, dark: dark ?? any)
    }

    /// One component: "0.5" (a fraction), "128" (8-bit) or "0x80" (hex, 8-bit).
    static func component(_ value: Any?) -> Double? {
        if let n = value as? Double { return n }
        guard let s = (value as? String)?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return nil }
        if s.lowercased().hasPrefix("0x") { return UInt8(s.dropFirst(2), radix: 16).map { Double($0) / 255 } }
        if s.contains(".") { return Double(s) }
        return Int(s).map { Double($0) / 255 }
    }

    static func parseColor(_ color: [String: Any]) -> RGBA? {
        guard let c = color["components"] as? [String: Any] else { return nil }
        let alpha = component(c["alpha"]) ?? 1
        let space = (color["color-space"] as? String) ?? "srgb"
        if let white = component(c["white"]) { return RGBA(white, white, white, alpha) }
        guard let r = component(c["red"]), let g = component(c["green"]), let b = component(c["blue"]) else { return nil }
        if space == "display-p3" { return displayP3ToSRGB(r, g, b, alpha) }
        return RGBA(r, g, b, alpha)
    }

    /// Display P3 to sRGB: both use the sRGB transfer curve; the linear values are mapped by
    /// the P3→sRGB matrix (D65), and colours outside sRGB are clamped.
    static func displayP3ToSRGB(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> RGBA {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double {
            let c = min(max(v, 0), 1)
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        let lr = linear(r), lg = linear(g), lb = linear(b)
        return RGBA(encoded(1.2249401 * lr - 0.2249404 * lg),
                    encoded(-0.0420569 * lr + 1.0420571 * lg),
                    encoded(-0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb), a)
    }

    static func readImageSet(_ path: String, problems: inout [String]) -> ImageSet? {
        guard let json = readJSON((path as NSString).appendingPathComponent("Contents.json")),
              let entries = json["images"] as? [[String: Any]] else {
            problems.append("\(path): no readable Contents.json with \"images\"")
            return nil
        }
        var best: (file: String, scale: Double)? = nil
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad"].contains(idiom) { continue }
            if let appearances = entry["appearances"] as? [[String: Any]], !appearances.isEmpty { continue }
            guard let file = entry["filename"] as? String else { continue }
            let scale = (entry["scale"] as? String).flatMap { Double($0.replacingOccurrences(of: "x", with: "")) } ?? 1
            if best == nil || scale > best!.scale { best = (file, scale) }
        }
        guard let best else {
            problems.append("\(path): an image set without images")
            return nil
        }
        let file = (path as NSString).appendingPathComponent(best.file)
        if best.file.lowercased().hasSuffix(".png"), let pixels = pngSize(file) {
            return ImageSet(path: file, size: CGSize(width: pixels.width / best.scale, height: pixels.height / best.scale), isDrawable: true)
        }
        problems.append("\(path): \(best.file) is not drawn (LayoutLab draws PNG images; PDF, SVG, HEIC and JPEG are shown as placeholders)")
        return ImageSet(path: file, size: .zero, isDrawable: false)
    }

    /// The pixel size in a PNG's IHDR chunk (bytes 16–23), without decoding the image.
    static func pngSize(_ path: String) -> CGSize? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 24), header.count == 24,
              header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let bytes = [UInt8](header)
        func be(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return CGSize(width: be(16), height: be(20))
    }

    /// The Swift name Xcode 15 generates for an asset: camel case from the words of the name,
    /// starting lower case, without a trailing "Color" (colour sets) or "Image" (image sets)
    /// when something is left ("BrandColor" → `brand`, "app-logo" → `appLogo`).
    public static func symbolName(for name: String, droppingSuffix suffix: String) -> String? {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let words = last.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard let first = words.first else { return nil }
        var symbol = first.prefix(1).lowercased() + first.dropFirst()
        for w in words.dropFirst() { symbol += w.prefix(1).uppercased() + w.dropFirst() }
        if symbol.count > suffix.count, symbol.hasSuffix(suffix) { symbol.removeLast(suffix.count) }
        guard let c = symbol.first, c.isLetter || c == "_" else { return "_" + symbol }
        return symbol
    }
}

/// A colour resource of an asset catalog, as Xcode 15 generates them (`Color(.brand)`).
public struct ColorResource: Hashable, Sendable {
    /// The colour set's name.
    public let name: String
    /// Creates a resource for the colour set `name` (the bundle is not used: catalogs are
    /// loaded by the preview agent).
    public init(name: String, bundle: Bundle = .main) { self.name = name }
}

/// An image resource of an asset catalog, as Xcode 15 generates them (`Image(.logo)`).
public struct ImageResource: Hashable, Sendable {
    /// The image set's name.
    public let name: String
    /// Creates a resource for the image set `name` (the bundle is not used).
    public init(name: String, bundle: Bundle = .main) { self.name = name }
}

extension Color {
    /// The colour set `name` of the loaded asset catalogs, as in SwiftUI: its light and dark
    /// appearances, drawn in the colour scheme where it is drawn. A name no catalog has is
    /// clear, as SwiftUI draws it (the preview build reports it).
    public init(_ name: String, bundle: Bundle? = nil) {
        if let set = AssetCatalog.color(named: name) {
            self.init(storage: .appearance(light: set.light, dark: set.dark))
        } else {
            AssetCatalog.reportMissingColor(name)
            self.init(storage: .rgba(RGBA(0, 0, 0, 0)))
        }
    }
    /// The colour of a generated asset symbol (`Color(.brand)`), as in SwiftUI.
    public init(_ resource: ColorResource) { self.init(resource.name) }
}

extension Image {
    /// The image of a generated asset symbol (`Image(.logo)`), as in SwiftUI.
    public init(_ resource: ImageResource) { self.init(resource.name) }
}
