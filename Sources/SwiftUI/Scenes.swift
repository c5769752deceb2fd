import Foundation
import LayoutCore

// Apps and scenes, as SwiftUI declares them, so that a file with an `@main` App compiles
// unchanged beside its previews. LayoutLab previews views: a scene's content is what a preview
// shows, and the App itself is never run by the preview agent (its entry point is renamed).

/// A type that represents the structure and behaviour of an app, as SwiftUI's `App`.
///
/// Declare it with `@main` as in SwiftUI. Run as a program, `main()` says how to see its views
/// (LayoutLab previews views; it does not run apps) and exits with status 64. Not bound to the
/// main actor (as this module's `View` is not), so scenes are made anywhere a view is.
public protocol App {
    /// The content of the app: its scenes.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder var body: Body { get }
    /// Creates the app.
    init()
}

extension App {
    /// Says how to see the app's views with LayoutLab, then exits (status 64, `EX_USAGE`).
    public static func main() {
        FileHandle.standardError.write(Data("""
            \(Self.self) is an App: LayoutLab previews views, it does not run apps.
            Open its #Previews (or its views) with: layoutlab preview <file or package>

            """.utf8))
        exit(64)
    }
}

/// A part of an app's interface with a life cycle managed by the system, as SwiftUI's `Scene`.
public protocol Scene {
    /// The scene's content: other scenes.
    associatedtype Body: Scene
    /// The scene's content.
    @SceneBuilder var body: Body { get }
}

/// A scene that is made of no other scene (`WindowGroup`, `Window`, `Settings`): its `body` is
/// never asked for.
public protocol _PrimitiveScene: Scene where Body == Never {}

extension _PrimitiveScene {
    /// Primitive scenes have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive scene and has no body") }
}

extension Never: Scene {}

/// Builds scenes from closures, as SwiftUI's `SceneBuilder`.
@resultBuilder
public enum SceneBuilder {
    /// One scene.
    public static func buildBlock<S: Scene>(_ content: S) -> S { content }
    /// Several scenes.
    public static func buildBlock<each S: Scene>(_ content: repeat each S) -> _TupleScene<repeat each S> { _TupleScene(repeat each content) }
    /// A scene included on some platforms only (`#if os(macOS) Settings { … } #endif`).
    public static func buildOptional<S: Scene>(_ content: S?) -> _OptionalScene<S> { _OptionalScene(content: content) }
    /// A scene chosen by `#available`.
    public static func buildLimitedAvailability<S: Scene>(_ content: S) -> S { content }
}

/// Scenes side by side (what a `SceneBuilder` makes of several).
public struct _TupleScene<each S: Scene>: _PrimitiveScene {
    let scenes: (repeat each S)
    init(_ scenes: repeat each S) { self.scenes = (repeat each scenes) }
}

/// A scene that may be absent.
public struct _OptionalScene<S: Scene>: _PrimitiveScene {
    let content: S?
}

/// A scene of windows showing the same view hierarchy, as SwiftUI's `WindowGroup`.
public struct WindowGroup<Content: View>: _PrimitiveScene {
    /// The view each window shows.
    public let content: Content
    let title: String?
    let id: String?
    /// A group whose windows show `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content(); title = nil; id = nil }
    /// A group with a title.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.content = content(); self.title = String(title); id = nil }
    /// A group with a title and an identifier for `openWindow(id:)`.
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {
        self.content = content(); self.title = String(title); self.id = id
    }
    /// A group with an identifier for `openWindow(id:)`.
    public init(id: String, @ViewBuilder content: () -> Content) { self.content = content(); title = nil; self.id = id }
    /// A group of windows presenting a value of `type` (`openWindow(value:)`); the content
    /// is made with no value, as a new window of the group starts.
    public init<D: Decodable & Encodable & Hashable>(for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> Content) {
        self.content = content(.constant(nil)); title = nil; id = nil
    }
    /// A titled group of windows presenting a value of `type`.
    public init<S: StringProtocol, D: Decodable & Encodable & Hashable>(_ title: S, id: String? = nil, for type: D.Type,
                                                                        @ViewBuilder content: @escaping (Binding<D?>) -> Content) {
        self.content = content(.constant(nil)); self.title = String(title); self.id = id
    }
}

/// A scene of one unique window, as SwiftUI's `Window`.
public struct Window<Content: View>: _PrimitiveScene {
    /// The view the window shows.
    public let content: Content
    let title: String
    let id: String
    /// A window with a title and an identifier for `openWindow(id:)`.
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {
        self.content = content(); self.title = String(title); self.id = id
    }
}

/// The macOS settings window's scene, as SwiftUI's `Settings`.
public struct Settings<Content: View>: _PrimitiveScene {
    /// The settings view.
    public let content: Content
    /// A settings scene showing `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// How a window may be resized, as SwiftUI's `WindowResizability` (accepted for source compatibility).
public struct WindowResizability: Sendable {
    let value: Int
    /// The system's choice.
    public static let automatic = WindowResizability(value: 0)
    /// Sized by its content's minimum and maximum.
    public static let contentSize = WindowResizability(value: 1)
    /// At least its content's minimum size.
    public static let contentMinSize = WindowResizability(value: 2)
}

extension Scene {
    /// The size of a new window (accepted for source compatibility: previews propose their own).
    public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene { self }
    /// The size of a new window (accepted for source compatibility).
    public func defaultSize(_ size: CGSize) -> some Scene { self }
    /// How the window may be resized (accepted for source compatibility).
    public func windowResizability(_ resizability: WindowResizability) -> some Scene { self }
    /// Runs `action` when `value` changes (accepted for source compatibility: scenes do not run).
    public func onChange<V: Equatable>(of value: V, _ action: @escaping (V, V) -> Void) -> some Scene { self }
    /// Supplies an object to the scene's views (accepted for source compatibility).
    public func environment<T: AnyObject>(_ object: T?) -> some Scene { self }
    /// Supplies an `ObservableObject` to the scene's views (accepted for source compatibility).
    public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene { self }
}

/// Opens a window of a scene, as SwiftUI's `OpenWindowAction`: a preview is one window, so it
/// does nothing there.
public struct OpenWindowAction: Sendable {
    /// Opens the window of the scene with identifier `id`.
    public func callAsFunction(id: String) {}
    /// Opens a window presenting `value`.
    public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {}
    /// Opens a window of scene `id` presenting `value`.
    public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {}
}

/// Closes a window, as SwiftUI's `DismissWindowAction`: a preview is one window, so it does
/// nothing there.
public struct DismissWindowAction: Sendable {
    /// Closes the window the view is in.
    public func callAsFunction() {}
    /// Closes the windows of scene `id`.
    public func callAsFunction(id: String) {}
    /// Closes the window of scene `id` presenting `value`.
    public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {}
    /// Closes the window presenting `value`.
    public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {}
}

private enum OpenWindowKey: EnvironmentKey { static var defaultValue: OpenWindowAction { OpenWindowAction() } }
private enum DismissWindowKey: EnvironmentKey { static var defaultValue: DismissWindowAction { DismissWindowAction() } }

extension EnvironmentValues {
    /// Opens windows (does nothing in a preview, which is one window).
    public var openWindow: OpenWindowAction {
        get { self[OpenWindowKey.self] }
        set { self[OpenWindowKey.self] = newValue }
    }
    /// Closes windows (does nothing in a preview, which is one window).
    public var dismissWindow: DismissWindowAction {
        get { self[DismissWindowKey.self] }
        set { self[DismissWindowKey.self] = newValue }
    }
}
