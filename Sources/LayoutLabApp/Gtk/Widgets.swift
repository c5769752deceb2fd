import CGtk
import Foundation

/// Small constructors for the widgets the window uses, with Swift closures for their signals.
@MainActor
enum UI {
    static func label(_ text: String, classes: [String] = [], xalign: Float = 0) -> Widget {
        let l = gtk_label_new(text)!
        gtk_label_set_xalign(lab_label(l), xalign)
        for c in classes { gtk_widget_add_css_class(l, c) }
        return l
    }

    static func heading(_ text: String) -> Widget {
        let l = label(text, classes: ["heading"])
        gtk_widget_set_margin_top(l, 6)
        return l
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
        let b = gtk_box_new(orientation, spacing)!
        for c in children { gtk_box_append(lab_box(b), c) }
        return b
    }
    static func row(spacing: Int32 = 6, _ children: [Widget]) -> Widget { box(GTK_ORIENTATION_HORIZONTAL, spacing: spacing, children) }
    static func column(spacing: Int32 = 6, _ children: [Widget]) -> Widget { box(GTK_ORIENTATION_VERTICAL, spacing: spacing, children) }

    static func append(_ box: Widget, _ child: Widget) { gtk_box_append(lab_box(box), child) }

    /// A horizontal slider; `onChange` runs on every value change (user or program).
    static func scale(min: Double, max: Double, step: Double, value: Double, digits: Int32 = 0,
                      onChange: @escaping @MainActor (Double) -> Void) -> Widget {
        let s = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, min, max, step)!
        gtk_scale_set_draw_value(lab_scale(s), 0)
        gtk_range_set_value(lab_range(s), value)
        gtk_widget_set_hexpand(s, 1)
        gtk_range_set_round_digits(lab_range(s), digits)
        // Scrolling the panel never edits a value: the wheel applies only once focused.
        lab_wheel_only_when_focused(s)
        connect(s, "value-changed") { onChange(gtk_range_get_value(lab_range(s))) }
        return s
    }

    static func setScale(_ s: Widget, _ value: Double) { gtk_range_set_value(lab_range(s), value) }

    static func toggleSwitch(active: Bool, onChange: @escaping @MainActor (Bool) -> Void) -> Widget {
        let s = gtk_switch_new()!
        gtk_switch_set_active(lab_switch(s), active ? 1 : 0)
        gtk_widget_set_valign(s, GTK_ALIGN_CENTER)
        connectNotify(s, "active") { onChange(gtk_switch_get_active(lab_switch(s)) != 0) }
        return s
    }
    static func setSwitch(_ s: Widget, _ on: Bool) { gtk_switch_set_active(lab_switch(s), on ? 1 : 0) }

    static func check(_ title: String, active: Bool, onChange: @escaping @MainActor (Bool) -> Void) -> Widget {
        let c = gtk_check_button_new_with_label(title)!
        gtk_check_button_set_active(lab_check_button(c), active ? 1 : 0)
        connect(c, "toggled") { onChange(gtk_check_button_get_active(lab_check_button(c)) != 0) }
        return c
    }

    static func button(_ title: String, onClick: @escaping VoidHandler) -> Widget {
        let b = gtk_button_new_with_label(title)!
        connect(b, "clicked", onClick)
        return b
    }

    /// A button that activates the action `action` (`"win.undo"`): it is insensitive while
    /// the action is disabled.
    static func button(_ title: String, action: String) -> Widget {
        let b = gtk_button_new_with_label(title)!
        gtk_actionable_set_action_name(lab_actionable(b), action)
        return b
    }

    /// An icon button that activates the action `action`.
    static func iconButton(_ icon: String, tooltip: String, action: String) -> Widget {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(b, tooltip)
        gtk_actionable_set_action_name(lab_actionable(b), action)
        return b
    }

    static func iconButton(_ icon: String, tooltip: String, onClick: @escaping VoidHandler) -> Widget {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(b, tooltip)
        connect(b, "clicked", onClick)
        return b
    }

    /// A spin button (a number field with − and +). Text that is not a number is rejected
    /// and the previous value kept; the wheel applies only once it has the focus.
    static func spin(min: Double, max: Double, value: Double, digits: UInt32 = 0, widthChars: Int32 = -1,
                     onChange: @escaping @MainActor (Double) -> Void) -> Widget {
        let s = gtk_spin_button_new_with_range(min, max, 1)!
        if widthChars > 0 { gtk_editable_set_width_chars(lab_editable(s), widthChars) }
        gtk_spin_button_set_digits(lab_spin_button(s), digits)
        gtk_spin_button_set_value(lab_spin_button(s), value)
        gtk_spin_button_set_update_policy(lab_spin_button(s), GTK_UPDATE_IF_VALID)
        lab_spin_button_keep_value_on_invalid_input(lab_spin_button(s))
        lab_wheel_only_when_focused(s)
        connect(s, "value-changed") { onChange(gtk_spin_button_get_value(lab_spin_button(s))) }
        return s
    }
    /// Sets a spin button's value, and its text when that was cleared (the rank field is empty
    /// while nothing is selected).
    static func setSpinValue(_ s: Widget, _ value: Double) {
        guard value.isFinite else { return }
        let spin = lab_spin_button(s)
        gtk_spin_button_set_value(spin, value)
        if gtk_editable_get_text(lab_editable(s)).map({ $0.pointee == 0 }) ?? true {
            let text = String(format: "%.\(gtk_spin_button_get_digits(spin))f", gtk_spin_button_get_value(spin))
            gtk_editable_set_text(lab_editable(s), text)
        }
    }

    /// A compact toggle button ("nil", "∞").
    static func toggle(_ title: String, active: Bool, tooltip: String, onChange: @escaping @MainActor (Bool) -> Void) -> Widget {
        let t = gtk_toggle_button_new_with_label(title)!
        gtk_toggle_button_set_active(lab_toggle_button(t), active ? 1 : 0)
        gtk_widget_set_tooltip_text(t, tooltip)
        gtk_widget_set_valign(t, GTK_ALIGN_CENTER)
        connect(t, "toggled") { onChange(gtk_toggle_button_get_active(lab_toggle_button(t)) != 0) }
        return t
    }
    static func setToggle(_ t: Widget, _ on: Bool) { gtk_toggle_button_set_active(lab_toggle_button(t), on ? 1 : 0) }

    /// Buttons drawn as one group (GNOME's "linked" style).
    static func linked(_ children: [Widget]) -> Widget {
        let b = row(spacing: 0, children)
        gtk_widget_add_css_class(b, "linked")
        gtk_widget_set_valign(b, GTK_ALIGN_CENTER)
        return b
    }

    /// A drop-down of strings; `onChange` gets the selected index.
    static func dropDown(_ items: [String], selected: Int, onChange: @escaping @MainActor (Int) -> Void) -> Widget {
        let list = gtk_string_list_new(nil)!
        for item in items { gtk_string_list_append(list, item) }
        let d = gtk_drop_down_new(list, nil)!
        gtk_drop_down_set_selected(lab_drop_down(d), guint(max(selected, 0)))
        connectNotify(d, "selected") {
            let s = gtk_drop_down_get_selected(lab_drop_down(d))
            if s != GTK_INVALID_LIST_POSITION { onChange(Int(s)) }
        }
        return d
    }
    /// Replaces a drop-down's items (the selection is set again by the caller).
    static func setDropDownItems(_ d: Widget, _ items: [String]) {
        let list = gtk_string_list_new(nil)!
        for item in items { gtk_string_list_append(list, item) }
        gtk_drop_down_set_model(lab_drop_down(d), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }
    static func setDropDown(_ d: Widget, _ index: Int) { gtk_drop_down_set_selected(lab_drop_down(d), guint(max(index, 0))) }

    /// A labelled row: a fixed-width caption then the controls.
    static func field(_ caption: String, _ controls: [Widget], captionWidth: Int32 = 76) -> Widget {
        let c = label(caption)
        gtk_widget_set_size_request(c, captionWidth, -1)
        return row([c] + controls)
    }

    static func separator() -> Widget { gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)! }

    static func setText(_ label: Widget, _ text: String) { gtk_label_set_text(lab_label(label), text) }
}
