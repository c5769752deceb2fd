#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <math.h>
#include <string.h>

/* Swift cannot use GObject's cast macros or variadic g_object_get/set; these inline helpers do. */

static inline GtkWidget *lab_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *lab_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *lab_box(gpointer p) { return GTK_BOX(p); }
static inline GtkRange *lab_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkLabel *lab_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkButton *lab_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkToggleButton *lab_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkCheckButton *lab_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkSwitch *lab_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkSpinButton *lab_spin_button(gpointer p) { return GTK_SPIN_BUTTON(p); }
static inline GtkDropDown *lab_drop_down(gpointer p) { return GTK_DROP_DOWN(p); }
static inline GtkDrawingArea *lab_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkFlowBox *lab_flow_box(gpointer p) { return GTK_FLOW_BOX(p); }
static inline GtkPaned *lab_paned(gpointer p) { return GTK_PANED(p); }
static inline GtkScrolledWindow *lab_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkTextView *lab_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkHeaderBar *lab_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GApplication *lab_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GtkEventController *lab_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkGesture *lab_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *lab_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkFileChooser *lab_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *lab_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkEditable *lab_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkEntry *lab_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkStyleProvider *lab_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkPopover *lab_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkMenuButton *lab_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkRevealer *lab_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkSpinner *lab_spinner(gpointer p) { return GTK_SPINNER(p); }
static inline GtkImage *lab_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkListBox *lab_list_box(gpointer p) { return GTK_LIST_BOX(p); }
static inline GtkOverlay *lab_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkNotebook *lab_notebook(gpointer p) { return GTK_NOTEBOOK(p); }
static inline GtkProgressBar *lab_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkScale *lab_scale(gpointer p) { return GTK_SCALE(p); }
static inline GtkNative *lab_native(gpointer p) { return GTK_NATIVE(p); }
static inline GtkAboutDialog *lab_about_dialog(gpointer p) { return GTK_ABOUT_DIALOG(p); }
static inline GtkStringObject *lab_string_object(gpointer p) { return GTK_STRING_OBJECT(p); }
static inline GtkActionable *lab_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GActionMap *lab_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GActionGroup *lab_action_group(gpointer p) { return G_ACTION_GROUP(p); }
static inline GAction *lab_action(gpointer p) { return G_ACTION(p); }
static inline gboolean GTK_IS_LABEL_CHECK(gpointer p) { return GTK_IS_LABEL(p); }

/* The X11 window of a surface (automation drives it with xdotool). Declared here so that
   the X11 headers, and their macros, stay out of the Swift module. */
extern unsigned long gdk_x11_surface_get_xid(GdkSurface *surface);
static inline gboolean lab_surface_is_x11(GdkSurface *s) {
    GType x11 = g_type_from_name("GdkX11Surface");
    return x11 != 0 && g_type_is_a(G_OBJECT_TYPE(s), x11);
}
static inline unsigned long lab_x11_surface_xid(GdkSurface *s) { return gdk_x11_surface_get_xid(s); }
/** The text of an editable widget (entry, spin button), or NULL for other widgets. */
static inline const char *lab_editable_text(gpointer w) {
    return GTK_IS_EDITABLE(w) ? gtk_editable_get_text(GTK_EDITABLE(w)) : NULL;
}

/** Whether `w` (a root's focus widget) is text that can be edited: an entry's or spin button's
    GtkText, or an editable GtkTextView. */
static inline gboolean lab_is_editable_text(GtkWidget *w) {
    if (GTK_IS_TEXT(w)) return gtk_editable_get_editable(GTK_EDITABLE(w));
    if (GTK_IS_TEXT_VIEW(w)) return gtk_text_view_get_editable(GTK_TEXT_VIEW(w));
    return FALSE;
}
static inline GtkRoot *lab_root(gpointer p) { return GTK_ROOT(p); }

/** A click on a button (toggle buttons toggle), at once: gtk_widget_activate waits 250 ms. */
static inline gboolean lab_button_click(gpointer w) {
    if (!GTK_IS_BUTTON(w)) return FALSE;
    g_signal_emit_by_name(w, "clicked");
    return TRUE;
}

/** The shortcuts window (a GtkShortcutsWindow from a .ui file) becomes the window's help
    overlay: GTK then shows each shortcut's keys as the application's accelerators for its
    action-name, so the keys are written only where the accelerators are set. */
static inline void lab_application_window_set_help_overlay(GtkWidget *window, gpointer shortcuts) {
    gtk_application_window_set_help_overlay(GTK_APPLICATION_WINDOW(window), GTK_SHORTCUTS_WINDOW(shortcuts));
}
/** Sets a string property of an object (g_object_set is variadic, out of Swift's reach). */
static inline void lab_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

/** Whether `w` is a GtkShortcutsShortcut (automation reads the keys the shortcuts window shows). */
static inline gboolean lab_is_shortcuts_shortcut(gpointer w) { return GTK_IS_SHORTCUTS_SHORTCUT(w); }
/** A string property of an object, newly allocated (g_free it), or NULL. */
static inline char *lab_object_dup_string(gpointer object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

/** Sets a text tag's foreground colour ("#rrggbb") and weight. */
static inline void lab_text_tag_set_style(GtkTextTag *tag, const char *color, gboolean bold) {
    g_object_set(tag, "foreground", color, "weight", bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, NULL);
}

/* GTK 4.8 has no gtk_list_box_remove_all (4.12). */
static inline void gtk_list_box_remove_all_rows(GtkListBox *box) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(box))) != NULL) gtk_list_box_remove(box, child);
}

static inline gboolean lab_settings_get_bool(GtkSettings *s, const char *name) {
    gboolean v = FALSE; g_object_get(s, name, &v, NULL); return v;
}
static inline char *lab_settings_get_string(GtkSettings *s, const char *name) {
    char *v = NULL; g_object_get(s, name, &v, NULL); return v;
}
static inline void lab_settings_set_bool(GtkSettings *s, const char *name, gboolean v) {
    g_object_set(s, name, v, NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* Scrolling a panel never edits a value (GNOME's rule): over a slider or spin button that    */
/* does not have the keyboard focus, the wheel scrolls the enclosing GtkScrolledWindow.       */

static inline gboolean lab_widget_has_focus_within(GtkWidget *w) {
    GtkRoot *root = gtk_widget_get_root(w);
    if (!root) return FALSE;
    GtkWidget *focus = gtk_root_get_focus(root);
    return focus && (focus == w || gtk_widget_is_ancestor(focus, w));
}

static gboolean lab_scroll_to_panel_cb(GtkEventControllerScroll *controller, double dx, double dy, gpointer data) {
    (void)dx; (void)data;
    GtkWidget *w = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller));
    if (lab_widget_has_focus_within(w)) return FALSE; /* focused: the control takes the wheel */
    GtkWidget *scroller = gtk_widget_get_ancestor(w, GTK_TYPE_SCROLLED_WINDOW);
    if (scroller) {
        GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
        double page = gtk_adjustment_get_page_size(adj);
        /* Wheel notches scroll as GtkScrolledWindow scrolls them; touchpads give pixels. */
        double step = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
            ? pow(page, 2.0 / 3.0) : 1.0;
        double value = gtk_adjustment_get_value(adj) + dy * step;
        double upper = gtk_adjustment_get_upper(adj) - page;
        gtk_adjustment_set_value(adj, CLAMP(value, gtk_adjustment_get_lower(adj), MAX(upper, 0)));
    }
    return TRUE; /* handled: the control never sees it */
}

/** Makes `w` (a GtkRange or GtkSpinButton) ignore the wheel unless it has the focus. */
static inline void lab_wheel_only_when_focused(GtkWidget *w) {
    GtkEventController *c = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL);
    gtk_event_controller_set_propagation_phase(c, GTK_PHASE_CAPTURE);
    g_signal_connect(c, "scroll", G_CALLBACK(lab_scroll_to_panel_cb), NULL);
    gtk_widget_add_controller(w, c);
}

/* ------------------------------------------------------------------------------------------ */
/* A spin button keeps its value when what was typed is not a number (GTK's default parser    */
/* reads "" and "abc" as 0).                                                                 */

static gint lab_spin_input_cb(GtkSpinButton *spin, double *new_value, gpointer data) {
    (void)data;
    const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
    char *end = NULL;
    while (text && g_ascii_isspace(*text)) text++;
    double v = (text && *text) ? g_ascii_strtod(text, &end) : 0;
    gboolean ok = text && *text && end && end != text;
    while (ok && *end) { if (!g_ascii_isspace(*end)) ok = FALSE; end++; }
    if (!ok || !isfinite(v)) {
        gtk_widget_error_bell(GTK_WIDGET(spin));
        *new_value = gtk_spin_button_get_value(spin); /* the same value: the text is reset */
        return TRUE;
    }
    *new_value = v;
    return TRUE;
}

static inline void lab_spin_button_keep_value_on_invalid_input(GtkSpinButton *spin) {
    g_signal_connect(spin, "input", G_CALLBACK(lab_spin_input_cb), NULL);
}

/* ------------------------------------------------------------------------------------------ */
/* Drop-down rows in two parts: items are GtkStringObjects holding "title\x1fdetail". The     */
/* button shows the title only; the popup shows the detail as a dim right-hand column (a      */
/* shortcut such as "Ctrl+1") or as a dim line below (a description).                         */

enum { LAB_ROW_TITLE_ONLY = 0, LAB_ROW_DETAIL_RIGHT = 1, LAB_ROW_DETAIL_BELOW = 2 };

static void lab_two_part_setup_cb(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f;
    int mode = GPOINTER_TO_INT(data);
    GtkWidget *box = gtk_box_new(mode == LAB_ROW_DETAIL_BELOW ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                 mode == LAB_ROW_DETAIL_RIGHT ? 18 : 0);
    GtkWidget *title = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_set_hexpand(title, TRUE);
    GtkWidget *detail = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(detail), mode == LAB_ROW_DETAIL_RIGHT ? 1 : 0);
    gtk_widget_add_css_class(detail, "dim-label");
    if (mode == LAB_ROW_DETAIL_BELOW) {
        gtk_widget_add_css_class(detail, "caption");
        gtk_label_set_wrap(GTK_LABEL(detail), TRUE);
        gtk_label_set_max_width_chars(GTK_LABEL(detail), 40);
    }
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), detail);
    gtk_list_item_set_child(item, box);
}

static void lab_two_part_bind_cb(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f;
    int mode = GPOINTER_TO_INT(data);
    GtkWidget *box = gtk_list_item_get_child(item);
    GtkWidget *title = gtk_widget_get_first_child(box);
    GtkWidget *detail = gtk_widget_get_next_sibling(title);
    GObject *object = gtk_list_item_get_item(item);
    const char *s = GTK_IS_STRING_OBJECT(object) ? gtk_string_object_get_string(GTK_STRING_OBJECT(object)) : "";
    const char *sep = strchr(s, '\x1f');
    if (sep) {
        char *t = g_strndup(s, (gsize)(sep - s));
        gtk_label_set_text(GTK_LABEL(title), t);
        g_free(t);
        gtk_label_set_text(GTK_LABEL(detail), sep + 1);
    } else {
        gtk_label_set_text(GTK_LABEL(title), s);
        gtk_label_set_text(GTK_LABEL(detail), "");
    }
    gtk_widget_set_visible(detail, mode != LAB_ROW_TITLE_ONLY && sep && sep[1] != 0);
}

static inline GtkListItemFactory *lab_two_part_factory(int mode) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(lab_two_part_setup_cb), GINT_TO_POINTER(mode));
    g_signal_connect(factory, "bind", G_CALLBACK(lab_two_part_bind_cb), GINT_TO_POINTER(mode));
    return factory;
}

/** Uses two-part rows in `d`: the title in the button, title and detail in the popup. */
static inline void lab_drop_down_use_two_part_rows(GtkDropDown *d, int popupMode) {
    GtkListItemFactory *button = lab_two_part_factory(LAB_ROW_TITLE_ONLY);
    GtkListItemFactory *list = lab_two_part_factory(popupMode);
    gtk_drop_down_set_factory(d, button);
    gtk_drop_down_set_list_factory(d, list);
    g_object_unref(button);
    g_object_unref(list);
}

/* ------------------------------------------------------------------------------------------ */
/* The desktop's colour scheme through the settings portal (what GNOME's dark style sets):    */
/* 0 no preference, 1 prefer dark, 2 prefer light; -1 when there is no session bus or portal. */

static inline int lab_portal_variant_scheme(GVariant *reply) {
    int scheme = -1;
    GVariant *outer = NULL;
    g_variant_get(reply, "(v)", &outer);
    if (!outer) return -1;
    GVariant *value = outer;
    /* Read returns the value wrapped in one more variant. */
    if (g_variant_is_of_type(value, G_VARIANT_TYPE_VARIANT)) value = g_variant_get_variant(outer); else g_variant_ref(value);
    if (g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32)) scheme = (int)g_variant_get_uint32(value);
    g_variant_unref(value);
    g_variant_unref(outer);
    return scheme;
}

static inline int lab_portal_color_scheme(void) {
    if (!g_getenv("DBUS_SESSION_BUS_ADDRESS")) return -1; /* no bus: do not try to autolaunch one */
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return -1;
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings", "Read", g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
        G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, 500, NULL, NULL);
    g_object_unref(bus);
    if (!reply) return -1;
    int scheme = lab_portal_variant_scheme(reply);
    g_variant_unref(reply);
    return scheme;
}

typedef void (*LabSchemeChanged)(int scheme);
static LabSchemeChanged lab_scheme_changed_callback = NULL;

static void lab_portal_setting_changed_cb(GDBusConnection *c, const char *sender, const char *path, const char *iface,
                                          const char *signal, GVariant *params, gpointer data) {
    (void)c; (void)sender; (void)path; (void)iface; (void)signal; (void)data;
    const char *ns = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(params, "(&s&sv)", &ns, &key, &value);
    if (value && ns && key && strcmp(ns, "org.freedesktop.appearance") == 0 && strcmp(key, "color-scheme") == 0
        && g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32) && lab_scheme_changed_callback)
        lab_scheme_changed_callback((int)g_variant_get_uint32(value));
    if (value) g_variant_unref(value);
}

/** Calls `callback` when the portal's colour scheme changes (no-op without a session bus). */
static inline void lab_portal_watch_color_scheme(LabSchemeChanged callback) {
    lab_scheme_changed_callback = callback;
    if (!g_getenv("DBUS_SESSION_BUS_ADDRESS")) return;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return;
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings", "SettingChanged",
        "/org/freedesktop/portal/desktop", NULL, G_DBUS_SIGNAL_FLAGS_NONE, lab_portal_setting_changed_cb, NULL, NULL);
    /* The connection stays alive with the subscription (the bus singleton keeps it). */
}
