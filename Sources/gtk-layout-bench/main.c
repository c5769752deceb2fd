// gtk-layout-bench: GTK 4's own layout of the same number of labels, for layoutlab-bench.
//
//   gtk-layout-bench --shape flow|hstack --n N [--budget SECONDS]
//
// flow:   a GtkFlowBox (column and row spacing 4, no per-line limit) of N labels, each with a
//         size request of (20 + 6·(i mod 7)) × 20, like the engine's Flow shape.
// hstack: a horizontal GtkBox (spacing 2) of N labels alternating a 10×10 size request and an
//         hexpand label, like the engine's HStack shape.
//
// Timed: one re-layout after a width change — gtk_widget_measure of the container for the new
// width, then gtk_widget_size_allocate, which lays out and allocates every child. The width
// changes on every pass (GTK caches size requests per for-size), nothing is drawn. Needs a
// display (run under Xvfb). Prints one JSON line like peers.py.
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A field of /proc/self/status in KiB ("VmHWM", "VmRSS"). Not ru_maxrss: Linux carries it
 * across exec from the forked parent, so a child of a larger orchestrator reported the
 * orchestrator's size. */
static long status_kb(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long value = 0;
    size_t n = strlen(field);
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, field, n) == 0 && line[n] == ':') { value = strtol(line + n + 1, NULL, 10); break; }
    }
    fclose(f);
    return value;
}

static long peak_rss_kb(void) { return status_kb("VmHWM"); }
static long current_rss_kb(void) { return status_kb("VmRSS"); }

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    const char *shape = "flow";
    int n = 1000;
    double budget = 0.6;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--shape") && i + 1 < argc) shape = argv[++i];
        else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--budget") && i + 1 < argc) budget = atof(argv[++i]);
        else { fprintf(stderr, "usage: %s --shape flow|hstack --n N [--budget S]\n", argv[0]); return 2; }
    }
    int is_flow = !strcmp(shape, "flow");
    if (!is_flow && strcmp(shape, "hstack")) {
        printf("{\"engine\": \"gtk\", \"shape\": \"%s\", \"n\": %d, \"skipped\": \"no %s in GTK\"}\n", shape, n, shape);
        return 0;
    }
    if (!gtk_init_check()) {
        printf("{\"engine\": \"gtk\", \"shape\": \"%s\", \"n\": %d, \"skipped\": \"no display\"}\n", shape, n);
        return 0;
    }
    long base = current_rss_kb();
    double t0 = now_seconds();
    GtkWidget *window = gtk_window_new();
    GtkWidget *box;
    if (is_flow) {
        box = gtk_flow_box_new();
        GtkFlowBox *flow = GTK_FLOW_BOX(box);
        gtk_flow_box_set_selection_mode(flow, GTK_SELECTION_NONE);
        gtk_flow_box_set_homogeneous(flow, FALSE);
        gtk_flow_box_set_column_spacing(flow, 4);
        gtk_flow_box_set_row_spacing(flow, 4);
        gtk_flow_box_set_min_children_per_line(flow, 1);
        gtk_flow_box_set_max_children_per_line(flow, (guint)n);
        for (int i = 0; i < n; i++) {
            GtkWidget *label = gtk_label_new("x");
            gtk_widget_set_size_request(label, 20 + 6 * (i % 7), 20);
            gtk_flow_box_insert(flow, label, -1);
        }
    } else {
        box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2);
        for (int i = 0; i < n; i++) {
            GtkWidget *label = gtk_label_new("x");
            if (i % 2 == 0) gtk_widget_set_size_request(label, 10, 10);
            else gtk_widget_set_hexpand(label, TRUE);
            gtk_box_append(GTK_BOX(box), label);
        }
    }
    gtk_window_set_child(GTK_WINDOW(window), box);
    double build_ms = (now_seconds() - t0) * 1000;

    int min_w = 0, nat_w = 0;
    gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
    int base_width = is_flow ? 1000 : (16 * n > min_w ? 16 * n : min_w);

    int capacity = 4096, count = 0, pass = 0;
    double *times = malloc(sizeof(double) * capacity);
    double total = 0;
    int last_h = 0;
    for (;;) {
        int width = base_width + (pass % 512);  // a new width every pass
        double start = now_seconds();
        int min_h = 0, nat_h = 0;
        gtk_widget_measure(box, GTK_ORIENTATION_VERTICAL, width, &min_h, &nat_h, NULL, NULL);
        int height = is_flow ? nat_h : (nat_h > 100 ? nat_h : 100);
        gtk_widget_size_allocate(box, &(GtkAllocation){0, 0, width, height}, -1);
        double dt = now_seconds() - start;
        last_h = height;
        pass++;
        if (pass <= 2) continue;  // warm-up
        if (count < capacity) times[count++] = dt;
        total += dt;
        if (count >= 5 && (total >= budget || count >= capacity || count >= 400)) break;  // the same cap as every engine
    }
    qsort(times, count, sizeof(double), compare_doubles);
    double median = count % 2 ? times[count / 2] : (times[count / 2 - 1] + times[count / 2]) / 2;
    printf("{\"engine\": \"gtk\", \"shape\": \"%s\", \"n\": %d, \"nodes\": %d, \"build_ms\": %.3f, "
           "\"best_ms\": %.6f, \"median_ms\": %.6f, \"iterations\": %d, \"base_rss_kb\": %ld, \"peak_rss_kb\": %ld, "
           "\"check\": \"%dx%d, GTK %d.%d.%d\"}\n",
           shape, n, is_flow ? 2 * n + 1 : n + 1, build_ms, times[0] * 1000, median * 1000, count, base, peak_rss_kb(),
           base_width, last_h, gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version());
    fflush(stdout);
    free(times);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}
