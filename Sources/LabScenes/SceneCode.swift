import Foundation
import SwiftUI

/// The SwiftUI source of what the window shows: a built-in scene in a built-in layout with the
/// inspector's spacing, alignment, rotation and subviews written in, as one file with a
/// `#Preview` named "Canvas" that compiles against this package's `SwiftUI` and
/// `LayoutGallery` products and lays out to the canvas's frames (a test renders it with
/// `layoutlab render --source` and compares).
public enum SceneCode {
    /// The scenes whose code can be shown (the pets scene is a whole sample app: its source is
    /// `Sources/LabScenes/BuiltinScenes.swift`).
    public static let sceneNames: Set<String> = ["capsules", "spacing", "mixed"]

    /// The file, or nil when the scene or layout is not a built-in one this can write.
    public static func source(scene: String, layout: String, parameters p: LabParameters) -> String? {
        let sceneKey = normalizedName(scene), layoutKey = normalizedName(layout)
        guard sceneNames.contains(sceneKey), let item = itemCode(sceneKey) else { return nil }
        // The fresh sequence (ids 0…n−1, ranks 1…n) as a range; anything else (shuffled,
        // re-ranked, added after removals) item by item.
        let isFresh = p.items.enumerated().allSatisfy { $0.element.id == $0.offset && $0.element.rank == $0.offset + 1 }
        let itemList = isFresh ? "(0..<\(p.items.count)).map { Item(id: $0, rank: $0 + 1) }"
            : "[" + p.items.map { "Item(id: \($0.id), rank: \($0.rank))" }.joined(separator: ", ") + "]"
        let spacing = p.spacing.map { number(Double($0)) } ?? "nil"
        let h = ".\(p.alignment.horizontalPart.rawValue)", v = ".\(p.alignment.verticalPart.rawValue)"
        let both = alignmentName(p.alignment)
        let forEach = "ForEach(items) { item in \(item) }"
        let body: String
        switch layoutKey {
        case "hstack": body = "HStack(alignment: \(v), spacing: \(spacing)) {\n            \(forEach)\n        }"
        case "vstack": body = "VStack(alignment: \(h), spacing: \(spacing)) {\n            \(forEach)\n        }"
        case "zstack": body = "ZStack(alignment: \(both)) {\n            \(forEach)\n        }"
        case "flow": body = "FlowLayout(alignment: \(h), spacing: \(spacing), lineSpacing: \(spacing)) {\n            \(forEach)\n        }"
        case "radial": body = "RadialLayout(rotation: .degrees(\(number(p.rotation.degrees)))) {\n            \(forEach)\n        }"
        case "equalwidthhstack": body = "EqualWidthHStack(spacing: \(spacing)) {\n            \(forEach)\n        }"
        case "equalwidthvstack": body = "EqualWidthVStack(spacing: \(spacing)) {\n            \(forEach)\n        }"
        case "grid":
            // Rows of ⌈√n⌉ cells, as the window's Grid choice arranges them.
            let n = p.items.count
            let perRow = max(Int(Double(n).squareRoot().rounded(.up)), 1)
            var rows: [String] = []
            var start = 0
            while start < n {
                let end = min(start + perRow, n)
                rows.append("            GridRow { ForEach(items[\(start)..<\(end)]) { item in \(item) } }")
                start = end
            }
            body = "Grid(alignment: \(both), horizontalSpacing: \(spacing), verticalSpacing: \(spacing)) {\n\(rows.joined(separator: "\n"))\n        }"
        case "viewthatfits":
            body = """
                ViewThatFits {
                            HStack(alignment: \(v), spacing: \(spacing)) { \(forEach) }
                            VStack(alignment: \(h), spacing: \(spacing)) { \(forEach) }
                        }
                """
        default: return nil
        }
        return """
            // \(scene) in \(layout), as LayoutLab shows it. Preview it: layoutlab preview THIS_FILE
            import SwiftUI
            import LayoutGallery

            struct Item: Identifiable {
                let id: Int
                let rank: Int
            }
            \(helpers(sceneKey))
            struct CanvasView: View {
                var items: [Item] = \(itemList)

                var body: some View {
                    \(body)
                }
            }

            #Preview("Canvas") {
                CanvasView()
            }

            """
    }

    /// The code of one subview (`item` in scope).
    private static func itemCode(_ scene: String) -> String? {
        switch scene {
        case "capsules":
            return "Text(\"\\(item.id + 1)\").padding().background(.regularMaterial).background(itemTint(item.id)).clipShape(.capsule).radialRank(item.rank)"
        case "spacing": return "SpacingWord(index: item.id).radialRank(item.rank)"
        case "mixed": return "MixedPart(index: item.id).radialRank(item.rank)"
        default: return nil
        }
    }

    /// The views a scene's subviews use, written out so that the file stands alone (a person
    /// copies it into their own package). They repeat `BuiltinScenes.swift` on purpose; the
    /// test `codeViewCompilesToTheCanvasFrames` renders both and fails when they drift apart.
    private static func helpers(_ scene: String) -> String {
        switch scene {
        case "capsules":
            return """

                /// A soft colour per subview, so moving subviews are easy to follow.
                func itemTint(_ id: Int) -> Color {
                    Color(hue: Double(id % 12) / 12, saturation: 0.45, brightness: 0.98)
                }

                """
        case "spacing":
            return """

                struct SpacingWord: View {
                    let index: Int
                    var body: some View {
                        switch index % 3 {
                        case 0: Text("Hello").font(.largeTitle).border(Color.red)
                        case 1: Text("World").font(.title).border(Color.red)
                        default: Text("!!!").font(.title3).border(Color.red)
                        }
                    }
                }

                """
        case "mixed":
            return """

                func itemTint(_ id: Int) -> Color {
                    Color(hue: Double(id % 12) / 12, saturation: 0.45, brightness: 0.98)
                }

                struct MixedPart: View {
                    let index: Int
                    var body: some View {
                        switch index % 6 {
                        case 0:
                            Text("Priority 1: I keep my width")
                                .padding(6)
                                .border(Color.blue)
                                .layoutPriority(1)
                        case 1:
                            Spacer(minLength: 12)
                        case 2:
                            Text("A long, low-priority caption that truncates or wraps first")
                                .padding(6)
                                .border(Color.gray)
                        case 3:
                            Color.orange
                                .frame(width: 40, height: 40)
                                .alignmentGuide(VerticalAlignment.center) { d in d.height }
                        case 4:
                            Text("fixedSize")
                                .fixedSize()
                                .padding(6)
                                .background(Color.mint.opacity(0.4))
                        default:
                            RoundedRectangle(cornerRadius: 8)
                                .foregroundStyle(itemTint(index))
                                .frame(minWidth: 30, idealWidth: 60, maxWidth: 120, minHeight: 30, maxHeight: 60)
                        }
                    }
                }

                """
        default: return ""
        }
    }

    /// SwiftUI's name of a two-dimensional alignment.
    private static func alignmentName(_ a: LabAlignment) -> String {
        let h = a.horizontalPart, v = a.verticalPart
        switch (h, v) {
        case (.center, .center): return ".center"
        case (.center, .top), (.center, .bottom): return ".\(v.rawValue)"
        case (.center, _): return ".center\(v.rawValue.prefix(1).uppercased())\(v.rawValue.dropFirst())"
        case (_, .center): return ".\(h.rawValue)"
        case (_, .top), (_, .bottom): return ".\(v.rawValue)\(h.rawValue.prefix(1).uppercased())\(h.rawValue.dropFirst())"
        default: return ".\(h.rawValue)\(v.rawValue.prefix(1).uppercased())\(v.rawValue.dropFirst())"
        }
    }

    private static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        return x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
