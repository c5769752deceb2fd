#include <gtk/gtk.h>
#include <pango/pangocairo.h>
