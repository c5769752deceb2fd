import Foundation
import SwiftUI
import LayoutRendering
import Testing

/// A 16×16 PNG of one green (0, 192, 0), written by the tests as an image set's 2× image.
let greenPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFUlEQVR4nGNgOMBAGhrVMKph+GoAABRKwAEWpR3/AAAAAElFTkSuQmCC")!

/// Writes an asset catalog as Xcode writes one: a colour set with light and dark appearances
/// (components as floats, as 8-bit integers and as hex), a Display P3 colour, a PNG image set
/// with only a 2× image, a PDF image set, and a namespaced folder.
func writeSampleCatalog(at catalog: URL) throws {
    let fm = FileManager.default
    func write(_ path: String, _ text: String) throws {
        let url = catalog.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write("Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 } }"#)
    try write("BrandColor.colorset/Contents.json", #"""
        {
          "colors" : [
            { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0.800", "green" : "0.400", "red" : "0.200" } },
              "idiom" : "universal" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
              "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0x20", "green" : "0x40", "red" : "0xE0" } },
              "idiom" : "universal" }
          ],
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """#)
    try write("Accent.colorset/Contents.json", #"""
        { "colors" : [ { "color" : { "color-space" : "display-p3", "components" : { "alpha" : "1.000", "blue" : "0", "green" : "128", "red" : "255" } }, "idiom" : "universal" } ] }
        """#)
    try write("Logo.imageset/Contents.json", #"""
        { "images" : [ { "idiom" : "universal", "scale" : "1x" },
                       { "filename" : "logo@2x.png", "idiom" : "universal", "scale" : "2x" },
                       { "idiom" : "universal", "scale" : "3x" } ],
          "info" : { "author" : "xcode", "version" : 1 } }
        """#)
    try greenPNG.write(to: catalog.appendingPathComponent("Logo.imageset/logo@2x.png"))
    try write("Vector.imageset/Contents.json", #"{ "images" : [ { "filename" : "vector.pdf", "idiom" : "universal" } ], "properties" : { "preserves-vector-representation" : true } }"#)
    try Data("%PDF-1.4\n".utf8).write(to: catalog.appendingPathComponent("Vector.imageset/vector.pdf"))
    try write("Icons/Contents.json", #"{ "properties" : { "provides-namespace" : true } }"#)
    try write("Icons/Star.imageset/Contents.json", #"{ "images" : [ { "filename" : "star.png", "idiom" : "universal", "scale" : "1x" } ] }"#)
    try greenPNG.write(to: catalog.appendingPathComponent("Icons/Star.imageset/star.png"))
}

/// The catalogs are a process-wide registry: these tests run one at a time.
@Suite("Asset catalogs: colour sets and image sets", .serialized)
struct AssetCatalogTests {
    private func withCatalog<T>(_ body: () throws -> T) throws -> T {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("Assets.xcassets")
        try writeSampleCatalog(at: catalog)
        AssetCatalog.removeAll()
        defer { AssetCatalog.removeAll() }
        let problems = AssetCatalog.loadFromEnvironment([AssetCatalog.environmentVariable: catalog.path])
        #expect(problems.count == 1 && problems[0].contains("vector.pdf is not drawn"), "\(problems)")
        return try body()
    }

    @Test func colorSetsHaveTheirLightAndDarkAppearances() throws {
        try withCatalog {
            let brand = try #require(AssetCatalog.color(named: "BrandColor"))
            #expect(brand.light == RGBA(0.2, 0.4, 0.8, 1))
            #expect(brand.dark == RGBA(224.0 / 255, 64.0 / 255, 32.0 / 255, 1))
            // Color("Name") follows the colour scheme it is drawn in.
            #expect(Color("BrandColor").resolve(in: .light) == brand.light)
            #expect(Color("BrandColor").resolve(in: .dark) == brand.dark)
            #expect(Color(ColorResource(name: "BrandColor")).resolve(in: .dark) == brand.dark)
            // Display P3 (1, 0.5, 0) is outside sRGB's reds: converted and clamped, still orange.
            let accent = try #require(AssetCatalog.color(named: "Accent")).light
            #expect(abs(accent.red - 1) < 1e-9 && accent.green > 0.45 && accent.green < 0.6 && abs(accent.blue) < 1e-9, "\(accent)")
            // Only the light appearance: dark is the same.
            #expect(AssetCatalog.color(named: "Accent")?.dark == accent)
            // A name no catalog has is clear, as SwiftUI draws it.
            #expect(Color("NoSuchColor").resolve(in: .light).alpha == 0)
        }
    }

    @Test func imageSetsTakeTheirLargestScaleAndAreDrawn() throws {
        try withCatalog {
            let logo = try #require(AssetCatalog.image(named: "Logo"))
            #expect(logo.size == CGSize(width: 8, height: 8) && logo.isDrawable)  // 16 px at 2×
            #expect(AssetCatalog.image(named: "Icons/Star")?.size == CGSize(width: 16, height: 16))
            #expect(AssetCatalog.image(named: "Star") == nil)  // the folder provides a namespace
            let view = VStack(spacing: 0) {
                Image("Logo").id("logo")
                Image(ImageResource(name: "Logo")).resizable().frame(width: 40, height: 20).id("big")
                Image("Vector").id("vector")
                Image("Missing").id("missing")
            }
            let (r, image) = try renderSaving("asset-images", view, in: CGSize(width: 100, height: 100), scale: 2)
            let logoFrame = try #require(r.frame(of: "logo")), big = try #require(r.frame(of: "big"))
            #expect(logoFrame.size == CGSize(width: 8, height: 8))
            let green = RGBA(0, 192.0 / 255, 0)
            #expect(near(image.pixel(x: Int(logoFrame.midX * 2), y: Int(logoFrame.midY * 2)), green))
            #expect(near(image.pixel(x: Int(big.minX * 2) + 3, y: Int(big.minY * 2) + 3), green))
            #expect(near(image.pixel(x: Int(big.maxX * 2) - 3, y: Int(big.maxY * 2) - 3), green))
            #expect(r.frame(of: "missing")?.size == .zero)
            #expect(r.diagnostics.contains { $0.message.contains("no image named \"Missing\"") })
            #expect(r.diagnostics.contains { $0.message.contains("vector.pdf, which LayoutLab does not draw") })
        }
    }

    @Test func generatedSymbolNamesFollowXcode() {
        #expect(AssetCatalog.symbolName(for: "BrandColor", droppingSuffix: "Color") == "brand")
        #expect(AssetCatalog.symbolName(for: "Color", droppingSuffix: "Color") == "color")
        #expect(AssetCatalog.symbolName(for: "app-logo", droppingSuffix: "Image") == "appLogo")
        #expect(AssetCatalog.symbolName(for: "Icons/Star Filled", droppingSuffix: "Image") == "starFilled")
        #expect(AssetCatalog.symbolName(for: "3D", droppingSuffix: "Image") == "_3D")
    }
}
