import Foundation
@_spi(LayoutLab) import SwiftUI

/// Content the window lays out: a set of subviews that the chosen layout arranges.
///
/// ```swift
/// LabScene("Mine") { count in
///     ForEach(0..<count, id: \.self) { i in Text("\(i)").padding().background(.blue) }
/// }
/// ```
/// The subviews are the closure's top-level views (a `ForEach` contributes one per element);
/// the window wraps them in the chosen layout (`AnyLayout`), so their identities persist when
/// the layout changes and every switch animates.
public struct LabScene {
    /// The name shown in the Scenes menu (and picked by `--scene` as `NameMatch` says).
    public private(set) var name: String
    /// The number of subviews a fresh scene starts with.
    public let defaultCount: Int
    /// Whether the inspector's count, Add, Remove and Shuffle apply.
    public let itemsAreEditable: Bool
    /// One sentence on what the scene shows (the scene menu's second line).
    public var summary: String = ""
    package let content: (LabParameters) -> any View

    /// A scene of `count` subviews made by `content`. Add, Remove and the count field change
    /// the number passed in.
    public init<V: View>(_ name: String, count: Int = 6, @ViewBuilder content: @escaping (Int) -> V) {
        self.name = name
        self.defaultCount = count
        self.itemsAreEditable = true
        self.content = { content($0.count) }
    }

    /// A scene that sees every inspector parameter: the items (stable ids, which Shuffle
    /// reorders, and radial ranks), spacing, alignment and rotation.
    public init<V: View>(_ name: String, count: Int, itemsAreEditable: Bool,
                         @ViewBuilder parameters content: @escaping (LabParameters) -> V) {
        self.name = name
        self.defaultCount = count
        self.itemsAreEditable = itemsAreEditable
        self.content = { content($0) }
    }

    /// This scene with `text` as its summary.
    public func summarized(_ text: String) -> LabScene {
        var copy = self
        copy.summary = text
        return copy
    }

    /// The built-in scenes: numbered capsules, "Hello World !!!" texts, the WWDC22 pets
    /// leaderboard/voting/podium, and a mixed scene of spacers, priorities and alignment guides.
    public static var builtIn: [LabScene] { [capsules, spacing, pets, mixed] }

    /// The built-in scenes to list after a person's previews named `previews` (`builtInNames`).
    public static func builtIn(besides previews: [String]) -> [LabScene] {
        zip(builtIn, builtInNames(builtIn.map(\.name), besides: previews)).map { scene, name in
            var renamed = scene
            renamed.name = name
            return renamed
        }
    }
}

/// Builds the root view (`layout { scene content }`) and installs it in a host.
package enum SceneAssembler {
    /// Sets `host`'s root to `scene`'s content arranged by `arrangement`.
    package static func install(_ scene: LabScene, arrangement: LabArrangement, parameters: LabParameters, in host: LayoutHost) {
        let content = scene.content(parameters)
        install(content, arrangement: arrangement, in: host)
    }

    private static func install<C: View>(_ content: C, arrangement: LabArrangement, in host: LayoutHost) {
        switch arrangement {
        case .layout(let layout):
            host.setRoot(layout { content })
        case .gridRows(let layout):
            host.setRoot(layout { _AutomaticGridRows { content } })
        case .viewThatFits(let first, let second):
            host.setRoot(ViewThatFits {
                first { content }
                second { content }
            })
        }
    }
}

extension LabScene {
    /// A scene that another process lays out (a person's preview, which the preview agent runs):
    /// only its name is here; its content is never built in this process.
    public static func laidOutElsewhere(_ name: String) -> LabScene {
        LabScene(name, count: 0, itemsAreEditable: false) { _ in EmptyView() }
    }
}
