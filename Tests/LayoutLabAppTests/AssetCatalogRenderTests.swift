import Foundation
import Testing
import LayoutTestSupport

// A person's file with an asset catalog beside it, previewed headless through the built
// `layoutlab render --source`: the preview build finds the catalog, generates Xcode 15's asset
// symbols, the agent loads the sets, and the PNG shows the colour set's light and dark
// appearances and the image set's pixels.

private let cardSource = """
    import SwiftUI

    struct BrandCard: View {
        var body: some View {
            VStack(spacing: 0) {
                Color("BrandColor").frame(width: 100, height: 40)
                Image("Logo").frame(width: 100, height: 40)
                Rectangle().fill(Color(.brand)).frame(width: 100, height: 40)
                Image(.logo).resizable().frame(width: 100, height: 40)
                Image(systemName: "star.fill").foregroundStyle(Color(.brand)).font(.system(size: 30)).frame(width: 100, height: 40)
                Image("Missing")
            }
        }
    }

    #Preview("Card", traits: .fixedLayout(width: 100, height: 200)) {
        BrandCard()
    }
    """

private let brandColorSet = #"""
    {
      "colors" : [
        { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0.800", "green" : "0.400", "red" : "0.200" } },
          "idiom" : "universal" },
        { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
          "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "32", "green" : "64", "red" : "224" } },
          "idiom" : "universal" }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """#

private let logoImageSet = #"""
    { "images" : [ { "idiom" : "universal", "scale" : "1x" },
                   { "filename" : "logo@2x.png", "idiom" : "universal", "scale" : "2x" },
                   { "idiom" : "universal", "scale" : "3x" } ],
      "info" : { "author" : "xcode", "version" : 1 } }
    """#

/// 16×16 pixels of green (0, 192, 0).
private let greenPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFUlEQVR4nGNgOMBAGhrVMKph+GoAABRKwAEWpR3/AAAAAElFTkSuQmCC")!

@Suite("Asset catalogs in previews (layoutlab render --source)")
struct AssetCatalogRenderTests {
    @Test func colourSetAndImageSetBesideAFileAreDrawnLightAndDark() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-assets-render-\(UUID().uuidString)")
        defer { if ProcessInfo.processInfo.environment["LAYOUTLAB_KEEP_TEST_FILES"] == nil { try? FileManager.default.removeItem(at: dir) } }
        let fm = FileManager.default
        let catalog = dir.appendingPathComponent("Assets.xcassets")
        try fm.createDirectory(at: catalog.appendingPathComponent("BrandColor.colorset"), withIntermediateDirectories: true)
        try fm.createDirectory(at: catalog.appendingPathComponent("Logo.imageset"), withIntermediateDirectories: true)
        try #"{ "info" : { "author" : "xcode", "version" : 1 } }"#.write(to: catalog.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try brandColorSet.write(to: catalog.appendingPathComponent("BrandColor.colorset/Contents.json"), atomically: true, encoding: .utf8)
        try logoImageSet.write(to: catalog.appendingPathComponent("Logo.imageset/Contents.json"), atomically: true, encoding: .utf8)
        try greenPNG.write(to: catalog.appendingPathComponent("Logo.imageset/logo@2x.png"))
        let file = dir.appendingPathComponent("BrandCard.swift")
        try cardSource.write(to: file, atomically: true, encoding: .utf8)

        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.appendingPathComponent(".cache").path
        let binary = try #require(layoutlabExecutable(), "build layoutlab first (swift build)")
        let light = dir.appendingPathComponent("light.png"), dark = dir.appendingPathComponent("dark.png")
        let first = try runProcess(binary, ["render", "--source", file.path, "--preview", "Card", "--png", light.path],
                                   environment: env, timeout: 300, outputDirectory: dir)
        #expect(first.status == 0, "\(first.stderr)")
        // A missing image set is reported.
        #expect(first.stderr.contains("no image named \"Missing\""), "\(first.stderr)")
        let second = try runProcess(binary, ["render", "--source", file.path, "--preview", "Card", "--dark", "--png", dark.path],
                                    environment: env, timeout: 300, outputDirectory: dir)
        #expect(second.status == 0, "\(second.stderr)")

        func rgb(_ url: URL, _ x: Int, _ y: Int) throws -> [Int] {
            let p = try pixel(url, x: x, y: y)
            return [p.red, p.green, p.blue]
        }
        func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        let lightBrand = [51, 102, 204], darkBrand = [224, 64, 32], green = [0, 192, 0]
        // Color("BrandColor") and the generated Color(.brand): the light appearance in light…
        #expect(close(try rgb(light, 50, 20), lightBrand))
        #expect(close(try rgb(light, 50, 100), lightBrand))
        // …the dark one in dark.
        #expect(close(try rgb(dark, 50, 20), darkBrand))
        #expect(close(try rgb(dark, 50, 100), darkBrand))
        // Image("Logo"): 16 px at 2× is 8×8 points, centred in its 100×40 frame.
        #expect(close(try rgb(light, 50, 60), green))
        #expect(!close(try rgb(light, 40, 60), green))
        // Image(.logo).resizable() fills its frame.
        #expect(close(try rgb(light, 3, 123), green))
        #expect(close(try rgb(dark, 96, 157), green))
        // A symbol in the asset colour.
        #expect(close(try rgb(dark, 50, 182), darkBrand))
    }
}
