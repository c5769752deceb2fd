#include <gtk/gtk.h>
#include <pango/pangocairo.h>

/* Swift cannot use GObject's cast macros or variadic g_object_get/set; these inline helpers do. */

static inline GObject *lab_object(gpointer p) { return G_OBJECT(p); }
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
static inline GtkPaned *lab_paned(gpointer p) { return GTK_PANED(p); }
static inline GtkScrolledWindow *lab_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkTextView *lab_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkHeaderBar *lab_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkApplication *lab_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *lab_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GtkEventController *lab_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkGesture *lab_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *lab_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkShortcutController *lab_shortcut_controller(gpointer p) { return GTK_SHORTCUT_CONTROLLER(p); }
static inline GtkFileChooser *lab_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *lab_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkGrid *lab_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkEditable *lab_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkStyleProvider *lab_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkFrame *lab_frame(gpointer p) { return GTK_FRAME(p); }
static inline GtkPopover *lab_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkMenuButton *lab_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkRevealer *lab_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkSpinner *lab_spinner(gpointer p) { return GTK_SPINNER(p); }

static inline gboolean lab_settings_get_bool(GtkSettings *s, const char *name) {
    gboolean v = FALSE; g_object_get(s, name, &v, NULL); return v;
}
static inline char *lab_settings_get_string(GtkSettings *s, const char *name) {
    char *v = NULL; g_object_get(s, name, &v, NULL); return v;
}
static inline void lab_settings_set_bool(GtkSettings *s, const char *name, gboolean v) {
    g_object_set(s, name, v, NULL);
}
static inline guint lab_key_0(void) { return GDK_KEY_0; }
