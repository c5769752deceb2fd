import CGtk
import Foundation
import LayoutLabCore

/// One action of the window (`win.NAME`) or of the application (`app.NAME`): its keys and what
/// it does. The menu items, the zoom bar's buttons, the keys and the shortcuts window all go
/// through these actions, as in GNOME apps.
@MainActor
struct WindowAction {
    enum Scope: String { case window = "win", application = "app" }

    /// The keys of one target of the action: `win.zoom-in` has one target (nil), `win.layout`
    /// one per layout (`win.layout(2)`).
    struct Keys {
        var target: Int32?
        var accelerators: [String]
    }

    enum Handler {
        case plain(@MainActor (LabWindow) -> Void)
        /// A stateful on/off action: a toggle button bound to it shows its state.
        case toggle(initial: @MainActor (LabWindow) -> Bool, @MainActor (LabWindow, Bool) -> Void)
        /// An action with an integer target (`win.layout(N)`).
        case indexed(@MainActor (LabWindow, Int) -> Void)
    }

    let name: String
    let scope: Scope
    let keys: [Keys]
    let handler: Handler
    /// The action whose keys the menu shows beside this one (Present shows F5, the key that
    /// starts and stops presenting).
    let keysShownWith: String?

    init(_ name: String, scope: Scope = .window, keys: [String] = [], keysShownWith: String? = nil, _ handler: Handler) {
        self.init(name, scope: scope, targets: keys.isEmpty ? [] : [Keys(target: nil, accelerators: keys)],
                  keysShownWith: keysShownWith, handler)
    }

    init(_ name: String, scope: Scope = .window, targets: [Keys], keysShownWith: String? = nil, _ handler: Handler) {
        self.name = name
        self.scope = scope
        self.keys = targets
        self.handler = handler
        self.keysShownWith = keysShownWith
    }

    /// `win.NAME` or, with a target, `win.NAME(TARGET)`: how menus, buttons, accelerators and
    /// the shortcuts window name the action.
    func detailedName(target: Int32? = nil) -> String {
        target.map { "\(scope.rawValue).\(name)(\($0))" } ?? "\(scope.rawValue).\(name)"
    }

    /// The accelerators of `detailedName` (`"win.layout(2)"`).
    static func accelerators(of detailedName: String) -> [String] {
        for action in table {
            for k in action.keys where action.detailedName(target: k.target) == detailedName { return k.accelerators }
        }
        return []
    }

    /// The first accelerator of `detailedName` as a person reads it (`Ctrl+Shift+Z`), if any.
    static func keyLabel(of detailedName: String) -> String? {
        accelerators(of: detailedName).first.map(label(for:))
    }

    /// An accelerator as menus and tooltips write it: `<Control><Shift>z` → `Ctrl+Shift+Z`.
    static func label(for accelerator: String) -> String {
        var rest = Substring(accelerator)
        var parts: [String] = []
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            let modifier = rest[rest.index(after: rest.startIndex)..<close].lowercased()
            parts.append(["control": "Ctrl", "ctrl": "Ctrl", "primary": "Ctrl", "shift": "Shift", "alt": "Alt"][modifier] ?? modifier.capitalized)
            rest = rest[rest.index(after: close)...]
        }
        let keys = ["plus": "+", "minus": "−", "equal": "=", "question": "?", "Escape": "Esc", "Right": "→", "Left": "←",
                    "KP_Add": "+", "KP_Subtract": "−"]
        parts.append(keys[String(rest)] ?? (rest.count == 1 ? rest.uppercased() : String(rest)))
        return parts.joined(separator: "+")
    }
}

extension WindowAction {
    /// The window's and the application's actions: the one list of the keys. `installActions`
    /// sets them as accelerators, the main menu writes them beside its items, and the shortcuts
    /// window (Resources/shortcuts.ui) shows them through its items' action names.
    @MainActor static let table: [WindowAction] = [
        // Ctrl+1…9 pick the first nine layouts.
        WindowAction("layout", targets: (Int32(0)..<9).map { Keys(target: $0, accelerators: ["<Control>\($0 + 1)"]) },
                     .indexed { w, i in w.selectLayout(i) }),
        WindowAction("export", keys: ["<Control>s"], .plain { $0.exportWithDialog() }),
        WindowAction("open-in-editor", keys: ["<Control>e"], .plain { $0.openInEditor() }),
        WindowAction("record", keys: ["<Control><Shift>r"], .plain { $0.recording.recordWithDialog() }),
        WindowAction("zoom-in", keys: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], .plain { $0.canvas.setZoom($0.canvas.zoom * 1.25) }),
        WindowAction("zoom-out", keys: ["<Control>minus", "<Control>KP_Subtract"], .plain { $0.canvas.setZoom($0.canvas.zoom / 1.25) }),
        WindowAction("zoom-actual", keys: ["<Control>0"], .plain { $0.canvas.zoomActualSize() }),
        WindowAction("zoom-fit", keys: ["<Control><Alt>0"], .plain { $0.canvas.zoomToFit() }),
        WindowAction("undo", keys: ["<Control>z"], .plain { w in w.handOverToText("text.undo") { w.undo() } }),
        WindowAction("redo", keys: ["<Control><Shift>z", "<Control>y"], .plain { w in w.handOverToText("text.redo") { w.redo() } }),
        WindowAction("reset", keys: ["<Control>r"], .plain { $0.resetScene() }),
        WindowAction("show-shortcuts", keys: ["<Control>question"], .plain { $0.showShortcutsHelp() }),
        WindowAction("toggle-presenting", keys: ["F5"], .plain { $0.setPresenting(!$0.isPresenting) }),
        WindowAction("present", keysShownWith: "win.toggle-presenting", .plain { $0.setPresenting(true) }),
        // Escape and the arrows belong to presenting only: disabled otherwise, so that the keys
        // go on to the focused control (a text field's cursor).
        WindowAction("stop-presenting", keys: ["Escape"], .plain { $0.setPresenting(false) }),
        WindowAction("present-next", keys: ["Right"], .plain { $0.presentNext(1) }),
        WindowAction("present-previous", keys: ["Left"], .plain { $0.presentNext(-1) }),
        // Toggles: the header's sidebar button and the menu's "Compare side by side" and
        // "Variants" show them.
        WindowAction("show-inspector", keys: ["F9"], .toggle(initial: { $0.wantsInspector }, { $0.setInspectorWanted($1) })),
        WindowAction("compare", .toggle(initial: { _ in false }, { $0.setComparing($1) })),
        WindowAction("variants", .toggle(initial: { _ in false }, { $0.setShowingVariants($1) })),
        WindowAction("quit", scope: .application, keys: ["<Control>q"], .plain { $0.close() }),
        WindowAction("about", scope: .application, .plain { $0.showAbout() }),
    ]
}

extension LabWindow {
    /// Adds every action of `WindowAction.table` with its accelerators: layouts beyond the
    /// window's get no key.
    func installActions() {
        for entry in WindowAction.table {
            let action: OpaquePointer
            switch (entry.scope, entry.handler) {
            case (.application, let handler):
                // The application outlives the window: its actions must not keep it.
                action = addAction(to: application, entry.name) { [weak self] _ in
                    guard let self, case .plain(let run) = handler else { return }
                    run(self)
                }
            case (.window, .plain(let run)):
                action = addAction(to: window, entry.name) { [unowned self] _ in run(self) }
            case (.window, .toggle(let initial, let run)):
                action = addToggleAction(to: window, entry.name, initial: initial(self)) { [unowned self] on in run(self, on) }
            case (.window, .indexed(let run)):
                action = addAction(to: window, entry.name, parameterType: "i") { [unowned self] target in
                    guard let target else { return }
                    run(self, Int(g_variant_get_int32(target)))
                }
            }
            actions[entry.name] = action
            for keys in entry.keys where keys.target.map({ Int($0) < session.layouts.count }) ?? true {
                setAccelerators(application, entry.detailedName(target: keys.target), keys.accelerators)
            }
        }
    }

    /// The main menu's items (Resources/menu.ui) with their keys written beside them, from the
    /// action table.
    func labelMenuItems(in builder: OpaquePointer, ids: [String]) {
        for id in ids {
            let item = LabResources.widget(id, in: builder)
            guard let name = gtk_actionable_get_action_name(lab_actionable(item)).map({ String(cString: $0) }),
                  let label = gtk_button_get_label(lab_button(item)).map({ String(cString: $0) }) else { continue }
            let shownWith = WindowAction.table.first { $0.detailedName() == name }?.keysShownWith ?? name
            if let keys = WindowAction.keyLabel(of: shownWith) { gtk_button_set_label(lab_button(item), "\(label) (\(keys))") }
        }
    }

    /// Ctrl+?: the keyboard shortcuts, in GTK's shortcuts window (Resources/shortcuts.ui) as the
    /// window's help overlay, which shows each item's keys from the accelerators of its action.
    func showShortcutsHelp() {
        // Built anew each time (a preview's reload may have changed the layouts' names): the
        // window destroys the help overlay it had when given another.
        let builder = LabResources.builder("shortcuts.ui")
        defer { g_object_unref(builder.raw) }
        let help = LabResources.widget("shortcuts", in: builder)
        for i in 0..<9 {
            let item = LabResources.widget("layout-\(i + 1)", in: builder)
            if session.layouts.indices.contains(i) {
                lab_object_set_string(item, "title", session.layouts[i].name)
            } else {
                gtk_widget_set_visible(item, 0)
            }
        }
        lab_application_window_set_help_overlay(window, help)
        shortcutsWindow = help
        gtk_window_present(lab_window(help))
    }
}
