import Foundation
import Testing
@testable import PreviewHost

// How the preview build finds a person's asset catalogs and what it generates from them.

@Suite("Asset catalogs are found beside a file and generate Xcode's symbols")
struct AssetCatalogDiscoveryTests {
    private func makeCatalog(in ws: Workspace) throws {
        try ws.write("App/Assets.xcassets/Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 } }"#)
        try ws.write("App/Assets.xcassets/BrandColor.colorset/Contents.json", #"""
            { "colors" : [ { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1", "blue" : "0.8", "green" : "0.4", "red" : "0.2" } }, "idiom" : "universal" } ] }
            """#)
        try ws.write("App/Assets.xcassets/app-logo.imageset/Contents.json", #"{ "images" : [ { "filename" : "logo.png", "idiom" : "universal", "scale" : "1x" } ] }"#)
        // A catalog one folder further down is not the file's: Xcode compiles a target's own.
        try ws.write("App/Nested/Other.xcassets/Contents.json", "{}")
    }

    @Test func aFilesSiblingCatalogsAreLoadedAndWatched() throws {
        let ws = try Workspace("assets-find")
        try makeCatalog(in: ws)
        let file = try ws.write("App/Card.swift", "import SwiftUI\n#Preview { Color(.brand) }\n")
        let project = try PreviewProject.load(path: file.path)
        let catalog = ws.url("App/Assets.xcassets").resolvingSymlinksInPath().path
        #expect(project.assetCatalogs.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == [catalog])
        // Every set's folder and Contents.json is watched, so an edit reloads the preview.
        let watched = PreviewProject.files(inCatalogs: project.assetCatalogs)
        #expect(watched.contains { $0.hasSuffix("BrandColor.colorset/Contents.json") })
        #expect(watched.contains { $0.hasSuffix("app-logo.imageset") })
    }

    @Test func generatedSymbolsNameEverySet() throws {
        let ws = try Workspace("assets-symbols")
        try makeCatalog(in: ws)
        let source = PreviewBuilder.assetSymbols(catalogs: [ws.url("App/Assets.xcassets").path])
        // "BrandColor" is `.brand`, "app-logo" `.appLogo`, as Xcode 15 names them.
        #expect(source.contains("extension ColorResource {\n    static let `brand` = ColorResource(name: \"BrandColor\")\n}"))
        #expect(source.contains("extension ImageResource {\n    static let `appLogo` = ImageResource(name: \"app-logo\")\n}"))
        #expect(PreviewBuilder.assetSymbols(catalogs: []).isEmpty)
    }
}
