import Foundation
@testable import SwiftUI
import LayoutRendering
import Testing

// SF Symbols drawn from the symbol table (Resources/symbols/sf-symbols.tsv): real-style rows,
// tab bars and toolbars are laid out and rendered, and pixels are sampled where each symbol's
// artwork must (or must not) be.

private func symbolFrames(_ r: LayoutResult) -> [CGRect] { r.views.filter { $0.kind == "Image" }.map(\.frame) }

/// The fraction of the pixels of `rect` that differ from the background.
private func ink(_ image: RenderedImage, in rect: CGRect) -> Double {
    var count = 0, total = 0
    for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY.rounded(.down)) {
        for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX.rounded(.down)) {
            total += 1
            if !near(image.pixel(x: x, y: y), lightBackground, 0.08) { count += 1 }
        }
    }
    return total == 0 ? 0 : Double(count) / Double(total)
}

/// The fraction of the pixels of `rect` that are near black (the glyph's solid inside, not
/// its antialiased edges).
private func solid(_ image: RenderedImage, in rect: CGRect) -> Double {
    var count = 0, total = 0
    for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY.rounded(.down)) {
        for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX.rounded(.down)) {
            total += 1
            let p = image.pixel(x: x, y: y)
            if p.red + p.green + p.blue < 0.6 { count += 1 }
        }
    }
    return total == 0 ? 0 : Double(count) / Double(total)
}

/// Which cells of an n×n grid over `rect` have ink: a coarse picture of a glyph.
private func mask(_ image: RenderedImage, in rect: CGRect, cells n: Int = 6) -> [Bool] {
    var cells: [Bool] = []
    for j in 0..<n {
        for i in 0..<n {
            let cell = CGRect(x: rect.minX + rect.width * CGFloat(i) / CGFloat(n), y: rect.minY + rect.height * CGFloat(j) / CGFloat(n),
                              width: rect.width / CGFloat(n), height: rect.height / CGFloat(n))
            cells.append(ink(image, in: cell) > 0.2)
        }
    }
    return cells
}

@Suite("SF Symbols are drawn from the symbol table")
struct SymbolTests {
    @Test func settingsRowsDrawTheirOwnGlyphsSizedByTheFont() throws {
        // A settings screen's rows, as public SwiftUI settings screens write them.
        let view = VStack(alignment: .leading, spacing: 12) {
            HStack {
                Label("Wi-Fi", systemImage: "wifi")
                Spacer()
                Text("Home").foregroundStyle(.secondary)
                Image(systemName: "chevron.right").foregroundStyle(.tertiary)
            }
            Label("Bluetooth", systemImage: "bluetooth")
            Label("Notifications", systemImage: "bell")
        }.padding()
        let (r, image) = try renderSaving("symbols-settings-rows", view, in: CGSize(width: 320, height: 160), scale: 1)
        let frames = symbolFrames(r)
        try #require(frames.count == 4)
        // Body is 17 pt: each symbol is a 17 pt square (medium scale).
        for f in frames { #expect(abs(f.width - 17) < 0.01 && abs(f.height - 17) < 0.01) }
        let wifi = frames[0], bluetooth = frames[2], bell = frames[3]
        // Drawn, not a filled square: some ink, well under the whole box.
        for f in [wifi, bluetooth, bell] {
            let amount = ink(image, in: f)
            #expect(amount > 0.1 && amount < 0.7, "ink \(amount) in \(f)")
        }
        // Each name draws its own artwork.
        #expect(mask(image, in: wifi) != mask(image, in: bluetooth))
        #expect(mask(image, in: bluetooth) != mask(image, in: bell))
        // Wi-Fi's arcs: ink at the top centre, none in the bottom corners.
        #expect(ink(image, in: CGRect(x: wifi.midX - 2, y: wifi.minY + 2, width: 4, height: 2)) > 0.5)
        #expect(ink(image, in: CGRect(x: wifi.minX, y: wifi.maxY - 4, width: 3, height: 3)) == 0)
        #expect(r.diagnostics.allSatisfy { !$0.message.contains("SF Symbol") })
    }

    @Test func tabBarSymbolsTakeTheFillVariant() throws {
        // A tab bar's items, filled as iOS fills the selected tab's symbols.
        func bar(_ variant: SymbolVariants) -> some View {
            HStack(spacing: 20) {
                ForEach(["house", "magnifyingglass", "heart", "person.crop.circle"], id: \.self) { name in
                    VStack(spacing: 2) { Image(systemName: name).font(.system(size: 24)); Text(name).font(.caption2) }
                }
            }.symbolVariant(variant)
        }
        let view = VStack(spacing: 20) { bar(.none); bar(.fill) }
        let (r, image) = try renderSaving("symbols-tab-bar", view, in: CGSize(width: 400, height: 160), scale: 1)
        let images = r.views.filter { $0.kind == "Image" }
        try #require(images.count == 8)
        #expect(images[4].detail.hasPrefix("house.fill "))
        #expect(images[6].detail.hasPrefix("heart.fill "))
        #expect(images[7].detail.hasPrefix("person.crop.circle.fill "))
        // magnifyingglass has no fill variant: the base symbol is drawn.
        #expect(images[5].detail.hasPrefix("magnifyingglass "))
        // Filled hearts and profile circles have more ink than their outlines.
        #expect(solid(image, in: images[6].frame) > solid(image, in: images[2].frame) + 0.1)
        // person.crop.circle.fill is a disc with the person knocked out: between the ring and
        // the head it is inked, where the outline symbol is empty.
        func between(_ f: CGRect) -> RGBA { image.pixel(x: Int(f.minX + f.width * 0.22), y: Int(f.minY + f.height * 0.4)) }
        #expect(near(between(images[7].frame), Color.black.resolve(in: .light), 0.1))
        #expect(near(between(images[3].frame), lightBackground, 0.1))
    }

    @Test func largeStarSitsOnTheTextBaseline() throws {
        let view = HStack(alignment: .firstTextBaseline) {
            Image(systemName: "star.fill").imageScale(.large).foregroundStyle(.yellow).id("star")
            Text("Favourites").id("text")
        }
        let measurer = PangoTextMeasurer()
        let r = LayoutHost.layout(view, in: CGSize(width: 300, height: 100), textMeasurer: measurer)
        let star = try #require(r.frame(of: "star")), text = try #require(r.frame(of: "text"))
        #expect(abs(star.height - 17 * 1.35) < 0.01)
        // The star's centre is at the middle of the capitals: half the cap height above the
        // text's baseline.
        let baseline = text.minY + measurer.measure("Favourites", font: .body, width: nil).firstBaseline
        #expect(abs(star.midY - (baseline - 17 * SymbolMetrics.capHeight / 2)) < 0.01)
        // Small and medium are 0.75 and 1 times the point size and centred the same way.
        for (scale, factor) in [(Image.Scale.small, 0.75), (.medium, 1.0)] {
            let r2 = LayoutHost.layout(HStack(alignment: .firstTextBaseline) {
                Image(systemName: "star.fill").imageScale(scale).id("star"); Text("Favourites").id("text")
            }, in: CGSize(width: 300, height: 100), textMeasurer: measurer)
            let s = try #require(r2.frame(of: "star")), t = try #require(r2.frame(of: "text"))
            #expect(abs(s.height - 17 * factor) < 0.01)
            let b = t.minY + measurer.measure("Favourites", font: .body, width: nil).firstBaseline
            #expect(abs(s.midY - (b - 17 * SymbolMetrics.capHeight / 2)) < 0.01)
        }
        // Drawn in the foreground style.
        let image = try ImageExporter.renderImage(result: r, scale: 1, scheme: .light, background: true)
        #expect(near(image.pixel(x: Int(star.midX), y: Int(star.midY)), Color.yellow.resolve(in: .light), 0.05))
    }

    @Test func unknownNameIsALabelledPlaceholderAndADiagnostic() throws {
        let view = HStack { Image(systemName: "sparkle.magnifyingglass.nonsense").font(.largeTitle).id("unknown"); Text("Search") }
        let (r, image) = try renderSaving("symbols-unknown", view, in: CGSize(width: 200, height: 80), scale: 2)
        let f = try #require(r.frame(of: "unknown"))
        #expect(f.width > 30 && f.height == f.width)  // the size a symbol would take, not 0×0
        #expect(r.diagnostics.contains { $0.message == "unknown SF Symbol 'sparkle.magnifyingglass.nonsense' (drawn as a placeholder)" })
        // A box outline, never a filled square: its centre is mostly light, its edges inked.
        let scaled = CGRect(x: f.minX * 2, y: f.minY * 2, width: f.width * 2, height: f.height * 2)
        let amount = ink(image, in: scaled)
        #expect(amount > 0.03 && amount < 0.5, "ink \(amount)")
        #expect(ink(image, in: CGRect(x: scaled.minX, y: scaled.midY - 8, width: 3, height: 16)) > 0.3)
        // The label: ink inside, near the top where the name is written.
        #expect(ink(image, in: scaled.insetBy(dx: 6, dy: 6)) > 0.02)
    }

    @Test func hierarchicalAndPaletteLayers() throws {
        let view = HStack(spacing: 20) {
            Image(systemName: "plus.circle.fill").symbolRenderingMode(.hierarchical).foregroundStyle(.blue).id("h")
            Image(systemName: "xmark.circle.fill").symbolRenderingMode(.palette).foregroundStyle(.white, .red).id("p")
            Image(systemName: "plus.circle.fill").foregroundStyle(.blue).id("m")
            Image(systemName: "exclamationmark.triangle.fill").symbolRenderingMode(.multicolor).id("c")
        }.font(.system(size: 64))
        let (r, image) = try renderSaving("symbols-layers", view, in: CGSize(width: 380, height: 100), scale: 1)
        let h = try #require(r.frame(of: "h")), p = try #require(r.frame(of: "p")), m = try #require(r.frame(of: "m"))
        let blue = Color.blue.resolve(in: .light), red = Color.red.resolve(in: .light), white = Color.white.resolve(in: .light)
        func at(_ f: CGRect, _ fx: CGFloat, _ fy: CGFloat) -> RGBA { image.pixel(x: Int(f.minX + f.width * fx), y: Int(f.minY + f.height * fy)) }
        // Hierarchical: the disc is the secondary layer (blue at 0.6), the plus is primary blue.
        #expect(near(at(h, 0.3, 0.3), lightBackground.mixed(with: blue, by: 0.6), 0.04))
        #expect(near(at(h, 0.5, 0.5), blue, 0.04))
        // Palette: the cross in the first style, the disc in the second.
        #expect(near(at(p, 0.5, 0.5), white, 0.04))
        #expect(near(at(p, 0.3, 0.3), red, 0.04))
        // Monochrome: the disc in the foreground, the plus knocked out to the background.
        #expect(near(at(m, 0.3, 0.3), blue, 0.04))
        #expect(near(at(m, 0.5, 0.5), lightBackground, 0.04))
        // Multicolor: the warning triangle in iOS's yellow, whatever the foreground.
        let c = try #require(r.frame(of: "c"))
        #expect(near(at(c, 0.3, 0.8), RGBA(1, 0.8, 0), 0.04))
    }

    @Test func twoForegroundStylesColourTheLayersWithoutAMode() throws {
        // `foregroundStyle(_:_:)` alone colours a symbol's layers as palette mode does; a single
        // style further in takes the secondary back.
        let view = HStack(spacing: 20) {
            Image(systemName: "xmark.circle.fill").foregroundStyle(.white, .red).id("p")
            Image(systemName: "xmark.circle.fill").foregroundStyle(.blue).id("m")
        }.foregroundStyle(.white, .green).font(.system(size: 64))
        let (r, image) = try renderSaving("symbols-implicit-palette", view, in: CGSize(width: 200, height: 100), scale: 1)
        let p = try #require(r.frame(of: "p")), m = try #require(r.frame(of: "m"))
        func at(_ f: CGRect, _ fx: CGFloat, _ fy: CGFloat) -> RGBA { image.pixel(x: Int(f.minX + f.width * fx), y: Int(f.minY + f.height * fy)) }
        #expect(near(at(p, 0.5, 0.5), Color.white.resolve(in: .light), 0.04))
        #expect(near(at(p, 0.3, 0.3), Color.red.resolve(in: .light), 0.04))
        #expect(near(at(m, 0.3, 0.3), Color.blue.resolve(in: .light), 0.04))
        #expect(near(at(m, 0.5, 0.5), lightBackground, 0.04))
    }

    @Test func heavierFontsDrawHeavierSymbols() throws {
        let view = HStack(spacing: 20) {
            Image(systemName: "trash").id("regular")
            Image(systemName: "trash").fontWeight(.bold).id("bold")
        }.font(.system(size: 48))
        let (r, image) = try renderSaving("symbols-weight", view, in: CGSize(width: 200, height: 80), scale: 1)
        let regular = try #require(r.frame(of: "regular")), bold = try #require(r.frame(of: "bold"))
        #expect(regular.size == bold.size)
        #expect(ink(image, in: bold) > ink(image, in: regular) * 1.15)
    }

    @Test func everyListedNameHasArtworkInItsBox() {
        let names = SymbolCatalog.names
        // Several hundred of the names public SwiftUI code uses, with their .fill variants.
        #expect(names.count > 1000)
        for required in ["wifi", "star.fill", "gearshape.fill", "person.crop.circle.fill", "chevron.right", "xmark.circle.fill",
                         "square.and.arrow.up", "magnifyingglass", "trash", "heart.fill", "house.fill", "bell.badge.fill"] {
            #expect(names.contains(required), "\(required)")
        }
        for name in names {
            let parts = SymbolCatalog.artwork(named: name) ?? []
            #expect(!parts.isEmpty, "\(name) has no parts")
            for part in parts {
                let bounds = part.path.boundingRect
                #expect(!part.path.isEmpty && bounds.minX > -0.6 && bounds.minY > -0.6 && bounds.maxX < 16.6 && bounds.maxY < 16.6,
                        "\(name): \(bounds)")
            }
        }
    }

    @Test func svgPathDataCommands() {
        // Relative commands, implicit repeats, arcs with flags run into numbers, exponents.
        let p = SVGPathData.parse("m1 1 2 0v2h-2zM8 8a2 2 0 00.5.5 1e1 1e-1 0 0 1 2 2l.5-.5")
        var moves = 0, lines = 0, curves = 0, closes = 0
        p.forEach { e in
            switch e {
            case .move: moves += 1
            case .line: lines += 1
            case .curve: curves += 1
            case .closeSubpath: closes += 1
            case .quadCurve: break
            }
        }
        #expect(moves == 2 && closes == 1 && lines == 4 && curves >= 2)
        #expect(p.currentPoint.map { abs($0.x - 11) < 1e-9 && abs($0.y - 10) < 1e-9 } == true)
        // A half circle arc ends exactly where it is told and bulges the right way.
        let arc = SVGPathData.parse("M0 8A8 8 0 0 1 16 8")
        #expect(abs(arc.boundingRect.minY) < 0.01 && abs(arc.boundingRect.maxY - 8) < 0.01)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/icons/Adwaita/scalable")
                   && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func generatedTableMatchesTheResourceFile() throws {
        // The compiled table is regenerated from Resources/symbols/sf-symbols.tsv whenever it changes.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("meson-helpers/generate-symbols").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run meson-helpers/generate-symbols")
    }
}
