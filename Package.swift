// swift-tools-version: 6.2
// 6.2: the engine's memo uses InlineArray (SE-0453), new in Swift 6.2.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "LayoutLab",
    // InlineArray needs macOS 26 where Apple's runtime provides it; on Linux there is no minimum.
    platforms: [.macOS(.v26)],
    products: [
        // SwiftUI's layout system in pure Swift (Foundation only): proposals, the `Layout`
        // protocol and its proxies, the view tree, the layout pass, the built-in layouts, the host.
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        // `import SwiftUI` on Linux: views, modifiers, controls and data flow over the layout core,
        // which it re-exports, so SwiftUI code compiles unchanged.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // Layouts SwiftUI does not ship (Flow, Radial, equal-width stacks) and the sample scenes.
        .library(name: "LayoutGallery", targets: ["LayoutGallery"]),
        // The animation runtime (LayoutAnimator): frames interpolated between layout results.
        .library(name: "LayoutAnimation", targets: ["LayoutAnimation"]),
        // Cairo/Pango rendering of laid-out views to PNG, SVG and GTK drawing areas.
        .library(name: "LayoutRendering", targets: ["LayoutRendering"]),
        // Animated GIF (giflib) and WebM (GStreamer) writers and decoders for recordings.
        .library(name: "LayoutRecording", targets: ["LayoutRecording"]),
        // The app without its window (no GTK): the session and its actions, settings, export,
        // `layoutlab render`, the command line and automation scripts.
        .library(name: "LayoutLabCore", targets: ["LayoutLabCore"]),
        // The GTK4 preview window, usable as a library from other packages.
        .library(name: "LayoutLabApp", targets: ["LayoutLabApp"]),
        // The command (GTK-free: `render`, `--help`); it starts `layoutlab-window` for the window.
        .executable(name: "layoutlab", targets: ["layoutlab"]),
        .executable(name: "layoutlab-window", targets: ["layoutlab-window"]),
        // What `layoutlab preview` links a person's code with: the engine, the SwiftUI shim, the
        // gallery, the scenes and the agent runtime, as one shared library.
        .library(name: "LayoutLabPreviewRuntime", type: .dynamic, targets: ["LayoutLabPreviewAgent"]),
    ],
    dependencies: [
        // The conformance fixtures' YAML, read at build time by fixture-test-generator.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // layoutlab's command line: subcommands, generated --help, shell completion.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `#Preview` is a real macro; any of the reachable swift-syntax releases builds it. 602 is
        // the first whose SwiftIfConfig (which `#if`s the preview builder respects) fits.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        // `swift package generate-documentation`: the DocC catalogs (the engine guide and rules).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "LayoutCore"),
        // The animation runtime of the preview app: interpolates placed frames between layout
        // results (`Animation` and `Animatable` values stay in the engine).
        .target(name: "LayoutAnimation", dependencies: ["LayoutCore"]),
        // The compiler plugin behind `#Preview` (and `@Previewable`).
        // How a `#Preview` names its registration symbol (shared by the macro and the builder),
        // and how a name a person types picks a preview, scene or layout (everywhere alike).
        .target(name: "PreviewNaming"),
        // What the macros expand to, as a library: the plugin serves it and the tests call it. A
        // test target that depended on the macro target itself would make SwiftPM build every
        // test and all it depends on a second time, for the host.
        .target(
            name: "LayoutLabMacroExpansions",
            dependencies: [
                "PreviewNaming",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ]),
        .macro(
            name: "LayoutLabMacros",
            dependencies: [
                "LayoutLabMacroExpansions",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(name: "SwiftUI", dependencies: ["LayoutCore", "LayoutLabMacros"]),
        .target(name: "LayoutGallery", dependencies: ["SwiftUI"]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "LayoutRendering", dependencies: ["LayoutCore", "CPangoCairo"]),
        // Recording transitions: GStreamer for WebM video (as GNOME's screen recorders), giflib
        // for animated GIF; and decoding both back.
        .systemLibrary(
            name: "CGStreamer", pkgConfig: "gstreamer-app-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .target(name: "LayoutRecording", dependencies: ["CGStreamer", "CGif"]),
        // The window's content, free of GTK: layout choices, scenes and their parameters. The
        // window and the preview agent (which runs a person's code) both use it.
        .target(name: "LabScenes", dependencies: ["SwiftUI", "LayoutGallery", "PreviewNaming"]),
        // The messages between the window and the preview agent.
        .target(name: "PreviewProtocol", dependencies: ["LayoutCore"]),
        // The preview agent's runtime: linked, as a shared library, with a person's code.
        .target(
            name: "LayoutLabPreviewAgent",
            dependencies: ["SwiftUI", "LabScenes", "LayoutRendering", "PreviewProtocol", "PreviewNaming"]),
        // Builds a person's code into a preview agent and talks to it (free of GTK).
        .target(
            name: "PreviewHost",
            dependencies: [
                "PreviewNaming", "PreviewProtocol", "SwiftUI",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]),
        // The app's core, free of GTK: the session (`LabSession.perform(_:)` with `LabAction`s),
        // settings, export, recording, `layoutlab render`, the command line and automation
        // scripts. The window, `layoutlab render` and the tests without a display use it.
        .target(
            name: "LayoutLabCore",
            dependencies: ["SwiftUI", "LayoutAnimation", "LayoutRendering", "LayoutRecording",
                           "LabScenes", "PreviewHost", "PreviewProtocol", "PreviewNaming",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The GTK window: application, actions and accelerators, canvas, inspector, running
        // automation scripts.
        // Its interface files (`Resources/*.ui`) are a GResource bundle compiled in by the plugin.
        .target(
            name: "LayoutLabApp",
            dependencies: ["LayoutLabCore", "SwiftUI", "LayoutRendering", "LabScenes",
                           "PreviewHost", "PreviewProtocol", "CGtk", "LayoutRecording"],
            exclude: ["Resources"],
            plugins: ["CompileGResources"]),
        // Compiles a target's `Resources/*.gresource.xml` with glib-compile-resources into it.
        .plugin(name: "CompileGResources", capability: .buildTool()),
        // `layoutlab`: links no GTK (it is not in its dependencies); `layoutlab-window` is the window.
        .executableTarget(name: "layoutlab", dependencies: ["LayoutLabCore"]),
        .executableTarget(name: "layoutlab-window", dependencies: ["LayoutLabApp"]),
        // Benchmarks (meson-helpers/run-benchmarks): the engine against Taffy, Yoga and GTK, and the
        // app's frame cost. Executable targets without products: `swift build --product NAME`
        // builds them in this package, and packages that depend on this one never see them.
        .executableTarget(name: "layoutlab-bench", dependencies: ["SwiftUI", "LayoutGallery", "PreviewProtocol"], exclude: ["peers"]),
        .executableTarget(name: "gtk-layout-bench", dependencies: ["CGtk"]),
        .executableTarget(name: "layoutlab-app-bench", dependencies: ["LayoutLabApp"]),
        // The fuzzer (issue 12): random trees, invariants, minimised reproducers. Shared by
        // `layoutlab-fuzz` (not a product: `swift run -c release layoutlab-fuzz`) and the tests.
        .target(name: "LayoutFuzzing", dependencies: ["SwiftUI", "LayoutGallery"]),
        .executableTarget(name: "layoutlab-fuzz", dependencies: ["LayoutFuzzing", "SwiftUI", "LayoutGallery"]),
        // The window example of the LayoutLabApp catalog (`YourOwnLayouts.md`), its code verbatim,
        // built with the package against the products a person's package uses and run by
        // ExamplePackageTests (a package of its own would build everything a second time). Not a
        // product, and named so that no person's target can clash with it.
        .executableTarget(name: "LayoutLabDocumentedExample", dependencies: ["LayoutLabApp", "SwiftUI"], path: "Tests/DocumentedExample"),
        // What the test targets share: frame expectations and running the package's executables.
        .target(name: "LayoutTestSupport", dependencies: ["SwiftUI"], path: "Tests/LayoutTestSupport"),
        // The conformance fixtures (Tests/LayoutEngineTests/Fixtures/*.yaml) become Swift Testing
        // code at build time: the tool reads them with Yams, the plugin runs it for the test target.
        .executableTarget(name: "fixture-test-generator", dependencies: ["Yams"]),
        .plugin(name: "FixtureTestGenerator", capability: .buildTool(), dependencies: ["fixture-test-generator"]),
        .testTarget(name: "LayoutEngineTests",
                    dependencies: ["LayoutCore", "SwiftUI", "LayoutTestSupport",
                                   // ArchitectureTests read the sources and the manifest with the Swift parser.
                                   .product(name: "SwiftParser", package: "swift-syntax"),
                                   .product(name: "SwiftSyntax", package: "swift-syntax")],
                    exclude: ["Fixtures/README.md"],
                    plugins: ["FixtureTestGenerator"]),
        .testTarget(name: "SeedLayoutTests", dependencies: ["SwiftUI", "LayoutTestSupport"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // A corpus of whole screens in the style of public SwiftUI sample code, compiled unchanged
        // through `import SwiftUI` and laid out with frames checked by SwiftUI's rules.
        .testTarget(name: "SwiftUICorpusTests", dependencies: ["SwiftUI", "LayoutTestSupport"]),
        .testTarget(name: "LayoutAnimationTests", dependencies: ["SwiftUI", "LayoutAnimation"]),
        .testTarget(name: "LayoutGalleryTests", dependencies: ["LayoutGallery", "LayoutTestSupport"]),
        .testTarget(name: "LayoutFuzzTests", dependencies: ["LayoutFuzzing", "SwiftUI", "LayoutGallery"]),
        .testTarget(name: "LayoutRenderingTests", dependencies: ["LayoutRendering", "SwiftUI"]),
        .testTarget(name: "LayoutLabAppTests", dependencies: ["LayoutLabApp", "LayoutLabCore", "LayoutRecording", "LayoutTestSupport"]),
        // The core without a display: actions performed on a session, scripts, the command line.
        .testTarget(name: "LayoutLabCoreTests", dependencies: ["LayoutLabCore"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: ["PreviewHost", "SwiftUI", "PreviewNaming", "LayoutRecording",
                           .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                           "LayoutLabMacroExpansions", "LayoutTestSupport"],
            // A person's files, which `layoutlab render --source` compiles in the tests.
            exclude: ["LiveCorpus"]),
    ],
    swiftLanguageModes: [.v6]
)
