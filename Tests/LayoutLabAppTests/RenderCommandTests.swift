import Foundation
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore

/// The width and height in a PNG's IHDR chunk.
func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
    let data = try Data(contentsOf: url)
    #expect(data.count > 24)
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

@Suite("layoutlab render")
struct RenderCommandTests {
    let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-render-\(UUID().uuidString)", isDirectory: true)

    @Test @MainActor func writesPNGOfTheExpectedPixelSize() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let png = dir.appendingPathComponent("out.png")
        let status = LayoutLab.main(arguments: ["render", "--scene", "capsules", "--layout", "flow",
                                                "--width", "400", "--height", "300", "--png", png.path])
        #expect(status == 0)
        let size = try pngSize(png)
        #expect(size.width == 400 && size.height == 300)
    }

    @Test @MainActor func scaleMultipliesPixels() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let png = dir.appendingPathComponent("out2.png"), svg = dir.appendingPathComponent("out.svg"), json = dir.appendingPathComponent("out.json")
        let status = LayoutLab.main(arguments: ["render", "--scene", "pets", "--layout", "vstack", "--width", "320", "--height", "500",
                                                "--png", png.path, "--svg", svg.path, "--json", json.path, "--scale", "2", "--dark"])
        #expect(status == 0)
        let size = try pngSize(png)
        #expect(size.width == 640 && size.height == 1000)
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        #expect(svgText.contains("<svg"))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        #expect(object?["views"] != nil)
    }

    @Test @MainActor func everyBuiltInLayoutAndSceneRenders() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for layout in LabLayout.builtIn.map(\.name) {
            for scene in LabScene.builtIn.map(\.name) {
                let json = dir.appendingPathComponent("r.json")
                #expect(LayoutLab.main(arguments: ["render", "--scene", scene, "--layout", layout, "--json", json.path]) == 0,
                        "\(scene) in \(layout)")
            }
        }
    }
}
