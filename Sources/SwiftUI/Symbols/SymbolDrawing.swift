import Foundation
import LayoutCore

/// The size and baseline of a symbol image.
///
/// SF Symbols are designed against the San Francisco font: a symbol at a point size has about
/// the font's size as its box at the medium scale, and is centred vertically on the middle of
/// the capitals (Apple's HIG, "SF Symbols": symbols "automatically align with text"; the
/// scales are relative to the cap height). LayoutLab's choices, tested in SymbolTests:
/// - the box is a square of the point size times the `imageScale` factor (0.75 small, 1
///   medium, 1.35 large: the engine's long-standing values, close to the ratios the SF Symbols
///   app shows between the scales);
/// - the baseline (first and last text baseline) is half the box below its centre plus half
///   of SF Pro's cap height (0.705 em), so the symbol's centre is at the middle of the
///   capitals of text of the same font on the same baseline, whatever the scale.
struct SymbolMetrics {
    /// SF Pro's cap height in ems (1443/2048 units).
    static let capHeight: CGFloat = 0.705
    let side: CGFloat
    let baseline: CGFloat

    init(pointSize: CGFloat, scale: Image.Scale) {
        let size = pointSize.isFinite ? max(pointSize, 0) : 17
        let factor: CGFloat = scale == .small ? 0.75 : scale == .large ? 1.35 : 1
        side = size * factor
        baseline = side / 2 + size * Self.capHeight / 2
    }
}

/// How a symbol's parts become display items.
enum SymbolDrawing {
    /// The opacities of hierarchical layers: the ladder of `.primary`, `.secondary` and
    /// `.tertiary` (Paint.hierarchical), so a hierarchical symbol's secondary layer matches
    /// secondary text beside it.
    static let layerOpacities: [Double] = [1, 0.6, 0.3]

    /// The extra outline, in 16-unit box units, that thickens a symbol drawn at `weight`: the
    /// artwork is drawn at regular weight, and heavier fonts stroke each part's outline with its
    /// fill (SF Symbols come in nine weights matching the font's; lighter than regular is drawn
    /// regular, as the artwork cannot be thinned).
    static func emboldening(for weight: Font.Weight) -> CGFloat {
        switch weight.value {
        case ..<450: return 0
        case ..<550: return 0.3
        case ..<650: return 0.55
        case ..<750: return 0.8
        case ..<850: return 1.05
        default: return 1.3
        }
    }

    static func items(_ parts: [SymbolPart], environment env: EnvironmentValues, mode: SymbolRenderingMode?,
                      weight: Font.Weight, side: CGFloat) -> [DisplayItem.Kind] {
        // Several foreground styles without a mode colour the layers as palette mode does:
        // `foregroundStyle(.white, .gray)` on a filled symbol shows both (SwiftUI: "you can
        // specify these styles explicitly using foregroundStyle(_:_:)"; on devices two styles
        // alone switch to palette rendering).
        let kind = mode?.kind ?? (env.symbols.extraStyles.isEmpty ? .monochrome : .palette)
        let layered = kind == .hierarchical || kind == .palette
        let foreground = env.resolvedForeground
        let palette = [foreground] + env.symbols.extraStyles
        let stroke = emboldening(for: weight)
        var items: [DisplayItem.Kind] = []
        items.reserveCapacity(parts.count * 2)
        for part in parts where layered || !part.layeredOnly {
            var paint = foreground
            var opacity = part.opacity
            switch kind {
            case .monochrome: break
            case .hierarchical: opacity *= layerOpacities[min(part.layer, layerOpacities.count - 1)]
            case .palette: paint = palette[min(part.layer, palette.count - 1)]
            case .multicolor: if let c = part.color { paint = .color(Color(red: c.red, green: c.green, blue: c.blue, opacity: c.alpha)) }
            }
            let shape = ShapeKind.path(part.path, size: SymbolCatalog.box)
            var drawn: [DisplayItem.Kind] = [part.evenOdd ? .fillEvenOdd(shape, paint) : .fill(shape, paint)]
            if stroke > 0 {
                drawn.append(.strokePath(shape, paint, StrokeStyle(lineWidth: stroke * side / SymbolCatalog.box.width,
                                                                   lineCap: .round, lineJoin: .round)))
            }
            if opacity < 0.999 {
                // A group, so that the fill and the thickening stroke over it are dimmed as one.
                items.append(.beginGroup(opacity: opacity)); items += drawn; items.append(.endGroup)
            } else {
                items += drawn
            }
        }
        return items
    }

    /// A dashed rounded box in the foreground style with the unknown name written small inside
    /// it (up to two lines, cut off with an ellipsis): visible and labelled, where SwiftUI would
    /// draw nothing, so a missing symbol is found on the canvas.
    static func placeholder(named name: String, side: CGFloat, environment env: EnvironmentValues) -> [DisplayItem.Kind] {
        let dash = max(side / 8, 1)
        let labelSize = max(side * 0.24, 4)
        return [
            .beginOpacity(0.7),
            .strokePath(.inset(.roundedRectangle(cornerRadius: side * 0.18), by: 0.5), env.resolvedForeground,
                        StrokeStyle(lineWidth: 1, dash: [dash, dash * 0.6])),
            .text(TextRun(string: name, font: Font(size: labelSize), paint: env.resolvedForeground,
                          alignment: .center, lineLimit: 2)),
            .endOpacity,
        ]
    }
}
