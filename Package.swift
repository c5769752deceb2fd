// swift-tools-version: 6.1
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
        // Benchmarks (meson-helpers/run-benchmarks): the engine against Taffy, Yoga and GTK.
        .executable(name: "layoutlab-bench", targets: ["LayoutBenchmarks"]),
        .executable(name: "gtk-layout-bench", targets: ["GtkLayoutBench"]),
        .executable(name: "layoutlab-app-bench", targets: ["LayoutAppBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .target(name: "LayoutEngine"),
        .target(name: "SwiftUI", dependencies: ["LayoutEngine"]),
        .target(name: "LayoutGallery", dependencies: ["SwiftUI"]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "LayoutRendering", dependencies: ["LayoutEngine", "CPangoCairo"]),
        .target(
            name: "LayoutLabApp",
            dependencies: ["LayoutEngine", "LayoutGallery", "LayoutRendering", "CGtk"]),
        .executableTarget(name: "layoutlab", dependencies: ["LayoutLabApp"]),
        .executableTarget(name: "LayoutBenchmarks", dependencies: ["LayoutEngine", "LayoutGallery"],
                          exclude: ["peers"]),
        .executableTarget(name: "GtkLayoutBench", dependencies: ["CGtk"]),
        .executableTarget(name: "LayoutAppBench", dependencies: ["LayoutLabApp", "LayoutGallery"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "Yams"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "SeedLayoutTests", dependencies: ["SwiftUI", "LayoutGallery"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "LayoutGalleryTests", dependencies: ["LayoutGallery"]),
        .testTarget(name: "LayoutRenderingTests", dependencies: ["LayoutRendering", "LayoutGallery"]),
        .testTarget(name: "LayoutLabAppTests", dependencies: ["LayoutLabApp"]),
    ],
    swiftLanguageModes: [.v6]
)
