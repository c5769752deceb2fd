import Foundation
import LayoutCore

/// One filled part of a symbol's artwork, in a 16×16 box (y down).
struct SymbolPart: Sendable {
    /// The layer the part belongs to: 0 primary, 1 secondary, 2 tertiary (hierarchical opacity
    /// and palette colours follow it).
    var layer: Int
    /// The part's own opacity (Adwaita draws some parts dimmed).
    var opacity: Double
    /// Whether the part is filled even-odd (holes, glyphs knocked out of an enclosure).
    var evenOdd: Bool
    /// Whether the part is drawn only when layers have styles of their own (hierarchical,
    /// palette): the glyph knocked out of a filled circle or square, drawn on top in its layer's
    /// style, as SF Symbols' layered modes show it.
    var layeredOnly: Bool
    /// The part's own colour for `.multicolor`, if it has one.
    var color: RGBA?
    /// The outline in the 16×16 box.
    var path: Path
}

/// The artwork of SF Symbol names (Resources/symbols/sf-symbols.tsv, compiled into
/// `symbolArtworkData` by meson-helpers/generate-symbols).
///
/// The table is indexed once, on first use (a few hundred lines split, no path parsed); each
/// symbol's paths are parsed the first time it is drawn and cached, so a symbol costs a
/// dictionary lookup after that.
enum SymbolCatalog {
    /// The side of the box the artwork is drawn in.
    static let box = CGSize(width: 16, height: 16)

    private struct Index: Sendable {
        var keyOfName: [String: Substring] = [:]
        var linesOfKey: [Substring: [Substring]] = [:]
    }

    private static let index: Index = {
        var index = Index()
        var currentKey: Substring? = nil
        for line in symbolArtworkData.split(separator: "\n", omittingEmptySubsequences: true) {
            switch line.first {
            case "#":
                currentKey = line.dropFirst()
                index.linesOfKey[line.dropFirst()] = []
            case "P":
                if let key = currentKey { index.linesOfKey[key, default: []].append(line) }
            case "=":
                guard let space = line.firstIndex(of: " ") else { continue }
                index.keyOfName[String(line[line.index(after: line.startIndex)..<space])] = line[line.index(after: space)...]
            default: continue
            }
        }
        return index
    }()

    private static let cache = Locked<[Substring: [SymbolPart]]>([:])

    /// Every SF Symbol name the table draws.
    static var names: [String] { Array(index.keyOfName.keys) }

    /// Whether `name` has artwork.
    static func contains(_ name: String) -> Bool { index.keyOfName[name] != nil }

    /// The parts of `name`'s artwork, or nil for a name the table does not list.
    static func artwork(named name: String) -> [SymbolPart]? {
        guard let key = index.keyOfName[name] else { return nil }
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let parts = (index.linesOfKey[key] ?? []).compactMap(parsePart)
        cache.withLock { $0[key] = parts }
        return parts
    }

    /// The name a symbol variant asks for, as SwiftUI composes it: the base name's own variant
    /// suffixes are kept, then the enclosure (`.circle`, `.square`, `.rectangle`), `.slash` and
    /// `.fill` are added in SF Symbols' order (`person.crop.circle.fill`, `bell.slash.fill`).
    /// When the table has no such symbol the variant falls back to fewer suffixes (SwiftUI
    /// draws the base symbol when a variant does not exist).
    static func resolvedName(_ name: String, variants: SymbolVariants) -> String {
        guard variants != .none else { return name }
        var shapes: [String] = []
        if variants.contains(.circle) { shapes.append("circle") }
        if variants.contains(.square) { shapes.append("square") }
        if variants.contains(.rectangle) { shapes.append("rectangle") }
        var candidates: [String] = []
        let parts = name.split(separator: ".").map(String.init)
        func compose(shape: Bool, slash: Bool, fill: Bool) -> String {
            var p = parts
            if shape, let s = shapes.first, !p.contains(s) { p.append(s) }
            if slash, variants.contains(.slash), !p.contains("slash") { p.append("slash") }
            if fill, variants.contains(.fill), !p.contains("fill") { p.append("fill") }
            return p.joined(separator: ".")
        }
        candidates.append(compose(shape: true, slash: true, fill: true))
        candidates.append(compose(shape: true, slash: true, fill: false))
        candidates.append(compose(shape: false, slash: true, fill: true))
        candidates.append(compose(shape: false, slash: false, fill: true))
        candidates.append(compose(shape: true, slash: false, fill: false))
        for candidate in candidates where contains(candidate) { return candidate }
        return name
    }

    // MARK: Decoding

    /// Decodes `P LAYER OPACITY RULE ROLE COLOR|SEG;SEG…` (see meson-helpers/generate-symbols).
    private static func parsePart(_ line: Substring) -> SymbolPart? {
        guard let bar = line.firstIndex(of: "|") else { return nil }
        let fields = line[..<bar].split(separator: " ")
        guard fields.count == 6, let layer = Int(fields[1]), let opacity = Double(fields[2]) else { return nil }
        var path = Path()
        for segment in line[line.index(after: bar)...].split(separator: ";") {
            guard let colon = segment.firstIndex(of: ":") else { continue }
            let matrix = segment[..<colon]
            var transform = CGAffineTransform.identity
            if matrix != "-" {
                let v = matrix.split(separator: ",").compactMap { Double($0) }
                if v.count == 6 { transform = CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) }
            }
            path.addPath(SVGPathData.parse(segment[segment.index(after: colon)...]), transform: transform)
        }
        return SymbolPart(layer: layer, opacity: opacity, evenOdd: fields[3] == "e", layeredOnly: fields[4] == "k",
                          color: fields[5] == "-" ? nil : hexColor(fields[5]), path: path)
    }

    private static func hexColor(_ text: Substring) -> RGBA? {
        var hex = text.dropFirst()
        if hex.count == 3 { hex = Substring(hex.map { "\($0)\($0)" }.joined()) }
        guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
        return RGBA(Double((v >> 16) & 0xff) / 255, Double((v >> 8) & 0xff) / 255, Double(v & 0xff) / 255)
    }
}

/// A parser of SVG path data (`d` attributes): every command of SVG 1.1 (moves, lines,
/// horizontal and vertical lines, cubic and quadratic curves with their smooth forms, elliptical
/// arcs, close), absolute and relative, with implicit repeats and exponents.
enum SVGPathData {
    /// The path `data` describes; parsing stops at the first malformed command (as browsers do,
    /// what was read before it is kept).
    static func parse<S: StringProtocol>(_ data: S) -> Path {
        var scanner = Scanner(Array(data.utf8))
        var path = Path()
        var current = CGPoint.zero, start = CGPoint.zero
        var lastControl: CGPoint? = nil, lastQuad: CGPoint? = nil
        var command: UInt8 = 0
        while true {
            scanner.skipSeparators()
            guard let byte = scanner.peek() else { break }
            if scanner.isCommand(byte) {
                command = byte; scanner.advance()
            } else if command == 0 {
                break
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")  // coordinates after a move are lines
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            } else if command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                break
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : .zero
            func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: base.x + x, y: base.y + y) }
            var nextControl: CGPoint? = nil, nextQuad: CGPoint? = nil
            switch command | 0x20 {  // lower-cased
            case UInt8(ascii: "m"):
                guard let x = scanner.number(), let y = scanner.number() else { return path }
                current = point(x, y); start = current
                path.move(to: current)
            case UInt8(ascii: "l"):
                guard let x = scanner.number(), let y = scanner.number() else { return path }
                current = point(x, y); path.addLine(to: current)
            case UInt8(ascii: "h"):
                guard let x = scanner.number() else { return path }
                current = CGPoint(x: (relative ? current.x : 0) + x, y: current.y); path.addLine(to: current)
            case UInt8(ascii: "v"):
                guard let y = scanner.number() else { return path }
                current = CGPoint(x: current.x, y: (relative ? current.y : 0) + y); path.addLine(to: current)
            case UInt8(ascii: "c"):
                guard let x1 = scanner.number(), let y1 = scanner.number(), let x2 = scanner.number(),
                      let y2 = scanner.number(), let x = scanner.number(), let y = scanner.number() else { return path }
                let c2 = point(x2, y2), end = point(x, y)
                path.addCurve(to: end, control1: point(x1, y1), control2: c2)
                current = end; nextControl = c2
            case UInt8(ascii: "s"):
                guard let x2 = scanner.number(), let y2 = scanner.number(), let x = scanner.number(),
                      let y = scanner.number() else { return path }
                let c1 = lastControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = point(x2, y2), end = point(x, y)
                path.addCurve(to: end, control1: c1, control2: c2)
                current = end; nextControl = c2
            case UInt8(ascii: "q"):
                guard let x1 = scanner.number(), let y1 = scanner.number(), let x = scanner.number(),
                      let y = scanner.number() else { return path }
                let c = point(x1, y1), end = point(x, y)
                path.addQuadCurve(to: end, control: c)
                current = end; nextQuad = c
            case UInt8(ascii: "t"):
                guard let x = scanner.number(), let y = scanner.number() else { return path }
                let c = lastQuad.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let end = point(x, y)
                path.addQuadCurve(to: end, control: c)
                current = end; nextQuad = c
            case UInt8(ascii: "a"):
                guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                      let large = scanner.flag(), let sweep = scanner.flag(),
                      let x = scanner.number(), let y = scanner.number() else { return path }
                let end = point(x, y)
                addArc(to: &path, from: current, to: end, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = end
            case UInt8(ascii: "z"):
                path.closeSubpath(); current = start
            default:
                return path
            }
            lastControl = nextControl; lastQuad = nextQuad
        }
        return path
    }

    /// Adds an SVG elliptical arc as cubic curves (SVG 1.1 appendix F.6: endpoint to centre
    /// parameterisation, out-of-range radii scaled up).
    private static func addArc(to path: inout Path, from p0: CGPoint, to p1: CGPoint, rx: Double, ry: Double,
                               rotation: Double, large: Bool, sweep: Bool) {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p0 != p1 else { path.addLine(to: p1); return }
        let phi = rotation * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(num, 0) / den).squareRoot() : 0
        if large == sweep { coef = -coef }
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p1.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
        var delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        let segments = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ t: Double) -> (CGPoint, CGPoint) {
            let x = rx * cos(t), y = ry * sin(t), dxt = -rx * sin(t), dyt = ry * cos(t)
            return (CGPoint(x: cx + cosPhi * x - sinPhi * y, y: cy + sinPhi * x + cosPhi * y),
                    CGPoint(x: cosPhi * dxt - sinPhi * dyt, y: sinPhi * dxt + cosPhi * dyt))
        }
        var t = theta1
        for i in 0..<segments {
            let (a, da) = onEllipse(t)
            let (b, db) = onEllipse(t + step)
            let end = i == segments - 1 ? p1 : b
            path.addCurve(to: end, control1: CGPoint(x: a.x + k * da.x, y: a.y + k * da.y),
                          control2: CGPoint(x: b.x - k * db.x, y: b.y - k * db.y))
            t += step
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }
        mutating func advance() { i += 1 }
        func isCommand(_ b: UInt8) -> Bool {
            // 'e'/'E' are exponents, never commands.
            switch b | 0x20 {
            case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
                 UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
                return (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
            default: return false
            }
        }
        mutating func skipSeparators() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x2c || bytes[i] == 0x0a || bytes[i] == 0x09 || bytes[i] == 0x0d { i += 1 }
        }
        /// An arc flag: a single 0 or 1, which may run into the next number ("a1 1 0 00.5.5").
        mutating func flag() -> Bool? {
            skipSeparators()
            guard let b = peek(), b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else { return nil }
            i += 1
            return b == UInt8(ascii: "1")
        }
        /// A number: sign, digits, one decimal point, exponent ("-.5e-3"); a second point or a
        /// sign ends it, as SVG's grammar reads "0.5.5" and "1-2" as two numbers.
        mutating func number() -> Double? {
            skipSeparators()
            let begin = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var digits = false, point = false
            while i < bytes.count {
                let b = bytes[i]
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digits = true; i += 1 }
                else if b == UInt8(ascii: "."), !point { point = true; i += 1 }
                else { break }
            }
            guard digits else { i = begin; return nil }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                var j = i + 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
                if j < bytes.count, bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9") {
                    i = j
                    while i < bytes.count, bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
                }
            }
            return Double(String(decoding: bytes[begin..<i], as: UTF8.self))
        }
    }
}
