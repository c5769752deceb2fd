// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "LayoutLab",
    platforms: [.macOS(.v14)],
    products: [
        // The layout engine: SwiftUI's layout system in pure Swift (Foundation only).
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        // `import SwiftUI` on Linux: re-exports the engine so SwiftUI layout code compiles unchanged.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // Layouts SwiftUI does not ship (Flow, Radial, equal-width stacks) and the sample scenes.
        .library(name: "LayoutGallery", targets: ["LayoutGallery"]),
        // Cairo/Pango rendering of laid-out views to PNG, SVG and GTK drawing areas.
        .library(name: "LayoutRendering", targets: ["LayoutRendering"]),
        // The GTK4 preview window, usable as a library from other packages.
        .library(name: "LayoutLabApp", targets: ["LayoutLabApp"]),
        .executable(name: "layoutlab", targets: ["layoutlab"]),
        // What `layoutlab preview` links a person's code with: the engine, the SwiftUI shim, the
        // gallery, the scenes and the agent runtime, as one shared library.
        .library(name: "LayoutLabPreviewRuntime", type: .dynamic, targets: ["LayoutLabPreviewAgent"]),
        // Benchmarks (meson-helpers/run-benchmarks): the engine against Taffy, Yoga and GTK.
        .executable(name: "layoutlab-bench", targets: ["LayoutBenchmarks"]),
        .executable(name: "gtk-layout-bench", targets: ["GtkLayoutBench"]),
        .executable(name: "layoutlab-app-bench", targets: ["LayoutAppBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // layoutlab's command line: subcommands, generated --help, shell completion.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `#Preview` is a real macro; any of the reachable swift-syntax releases builds it.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        .target(name: "LayoutEngine"),
        // The compiler plugin behind `#Preview` (and `@Previewable`).
        // How a `#Preview` names its registration symbol (shared by the macro and the builder).
        .target(name: "PreviewNaming"),
        .macro(
            name: "LayoutLabMacros",
            dependencies: [
                "PreviewNaming",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(name: "SwiftUI", dependencies: ["LayoutEngine", "LayoutLabMacros"]),
        .target(name: "LayoutGallery", dependencies: ["SwiftUI"]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "LayoutRendering", dependencies: ["LayoutEngine", "CPangoCairo"]),
        // The window's content, free of GTK: layout choices, scenes and their parameters. The
        // window and the preview agent (which runs a person's code) both use it.
        .target(name: "LabCore", dependencies: ["LayoutEngine", "LayoutGallery"]),
        // The messages between the window and the preview agent.
        .target(name: "PreviewProtocol", dependencies: ["LayoutEngine"]),
        // The preview agent's runtime: linked, as a shared library, with a person's code.
        .target(
            name: "LayoutLabPreviewAgent",
            dependencies: ["SwiftUI", "LabCore", "LayoutRendering", "PreviewProtocol"]),
        // Builds a person's code into a preview agent and talks to it (free of GTK).
        .target(
            name: "PreviewHost",
            dependencies: [
                "PreviewNaming", "PreviewProtocol", "LayoutEngine",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .target(
            name: "LayoutLabApp",
            dependencies: ["LayoutEngine", "LayoutGallery", "LayoutRendering", "LabCore", "PreviewHost", "CGtk",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "layoutlab", dependencies: ["LayoutLabApp"]),
        .executableTarget(name: "LayoutBenchmarks", dependencies: ["LayoutEngine", "LayoutGallery"],
                          exclude: ["peers"]),
        .executableTarget(name: "GtkLayoutBench", dependencies: ["CGtk"]),
        .executableTarget(name: "LayoutAppBench", dependencies: ["LayoutLabApp", "LayoutGallery"]),
        // The fuzzer (issue 12): random trees, invariants, minimised reproducers. Shared by
        // `layoutlab-fuzz` (not a product: `swift run -c release layoutlab-fuzz`) and the tests.
        .target(name: "LayoutFuzzing", dependencies: ["LayoutEngine", "LayoutGallery"]),
        .executableTarget(name: "layoutlab-fuzz", dependencies: ["LayoutFuzzing", "LayoutEngine", "LayoutGallery"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "Yams"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SeedLayoutTests", dependencies: ["SwiftUI", "LayoutGallery"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "LayoutGalleryTests", dependencies: ["LayoutGallery"]),
        .testTarget(name: "LayoutFuzzTests", dependencies: ["LayoutFuzzing", "LayoutEngine", "LayoutGallery"]),
        .testTarget(name: "LayoutRenderingTests", dependencies: ["LayoutRendering", "LayoutGallery"]),
        .testTarget(name: "LayoutLabAppTests", dependencies: ["LayoutLabApp"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: ["PreviewHost", "LayoutLabApp", "SwiftUI", "LayoutRendering", "PreviewNaming",
                           .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                           "LayoutLabMacros"]),
    ],
    swiftLanguageModes: [.v6]
)
