import Foundation
import LayoutRendering

/// Writes a `SnapshotReport` as a folder a person opens and a CI system reads: `index.html`
/// (each difference with its baseline, new image, diff image and moved views), `junit.xml`
/// (a test case per snapshot) and the images under `images/`, so the folder stands alone as a
/// CI artifact.
public enum SnapshotReportWriter {
    /// At most this many moved views are listed for one snapshot (a padding change at the top
    /// of a screen moves every view below it); the rest are counted.
    public static let movedViewsShown = 40

    /// Writes the report into `folder` (created if needed; files of an earlier report replaced).
    public static func write(_ report: SnapshotReport, to folder: String) throws {
        let fm = FileManager.default
        let images = URL(fileURLWithPath: folder).appendingPathComponent("images", isDirectory: true)
        do {
            try? fm.removeItem(at: images)
            try fm.createDirectory(at: images, withIntermediateDirectories: true)
            for entry in report.entries where entry.outcome != .matched {
                if let baseline = entry.baselinePNG {
                    try? fm.removeItem(at: images.appendingPathComponent(imageName(entry, "baseline")))
                    try fm.copyItem(at: URL(fileURLWithPath: baseline), to: images.appendingPathComponent(imageName(entry, "baseline")))
                }
                try entry.newPNG?.write(to: images.appendingPathComponent(imageName(entry, "new")))
                try entry.diffPNG?.write(to: images.appendingPathComponent(imageName(entry, "diff")))
            }
            try Data(html(report).utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("index.html"))
            try Data(junit(report).utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("junit.xml"))
        } catch {
            throw LabError("snapshot verify: cannot write the report to \(folder): \(RenderOptions.reason(error))")
        }
    }

    static func imageName(_ entry: SnapshotReport.Entry, _ role: String) -> String { "\(entry.name).\(role).png" }

    // MARK: - JUnit

    /// The JUnit XML CI systems read (GitHub, GitLab, Jenkins): one test case per snapshot, in a
    /// suite named after the project; a difference is a `failure`, a snapshot that could not be
    /// made an `error`, a missing baseline or preview `skipped` (a `failure` when strict).
    public static func junit(_ report: SnapshotReport) -> String {
        let failures = report.entries.filter { report.fails($0) && $0.outcome != .failed }.count
        let errors = report.entries(.failed).count
        let skipped = report.entries.filter { ($0.outcome == .noBaseline || $0.outcome == .noPreview) && !report.strict }.count
        let time = report.entries.reduce(0) { $0 + $1.seconds }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(report.entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(time))\""
        x += "<testsuites name=\"layoutlab snapshot verify\" \(counts)>\n"
        x += "  <testsuite name=\"\(xml(report.project))\" \(counts)>\n"
        for entry in report.entries {
            x += "    <testcase classname=\"snapshots.\(xml(report.project))\" name=\"\(xml(entry.name))\" time=\"\(seconds(entry.seconds))\""
            let message = entry.reasons.joined(separator: "; ")
            switch entry.outcome {
            case .matched:
                x += "/>\n"
                continue
            case .failed:
                x += ">\n      <error type=\"failed\" message=\"\(xml(message))\">\(xml(message))</error>\n"
            case .differs:
                x += ">\n      <failure type=\"differs\" message=\"\(xml(message))\">\(xml(details(entry)))</failure>\n"
            case .noBaseline, .noPreview:
                x += report.strict ? ">\n      <failure type=\"\(entry.outcome.rawValue)\" message=\"\(xml(message))\"/>\n"
                                   : ">\n      <skipped message=\"\(xml(message))\"/>\n"
            }
            x += "    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// The moved views as a person reads them first: those with an id (the ones their code
    /// names), then the others, each group in layout order (parents before children).
    public static func ordered(_ views: [MovedView]) -> [MovedView] {
        views.filter { $0.id != nil } + views.filter { $0.id == nil }
    }

    /// The reasons and the moved views as plain text lines.
    static func details(_ entry: SnapshotReport.Entry) -> String {
        var lines = entry.reasons
        for v in ordered(entry.movedViews).prefix(movedViewsShown) { lines.append("\(label(v)): \(frame(v.old)) → \(frame(v.new))") }
        if entry.movedViews.count > movedViewsShown { lines.append("… and \(entry.movedViews.count - movedViewsShown) more") }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Text safe in XML attributes and content.
    static func xml(_ s: String) -> String { SVGWriter.escape(s) }

    // MARK: - HTML

    /// A view as a person finds it: its id, else its kind and what it shows.
    static func label(_ v: MovedView) -> String {
        if let id = v.id { return "\(id) (\(v.kind))" }
        return v.detail.isEmpty ? v.kind : "\(v.kind) \(v.detail)"
    }

    static func frame(_ r: LayoutExport.Rect?) -> String {
        guard let r else { return "—" }
        return "(\(fmt(r.x)), \(fmt(r.y))) \(fmt(r.width))×\(fmt(r.height))"
    }

    static func change(_ v: MovedView) -> String {
        guard let a = v.old, let b = v.new else { return v.old == nil ? "new view" : "removed" }
        var parts: [String] = []
        for (name, x, y) in [("x", a.x, b.x), ("y", a.y, b.y), ("w", a.width, b.width), ("h", a.height, b.height)] where abs(y - x) > FrameComparison.tolerance {
            let d = y - x
            parts.append("\(name) \(d > 0 ? "+" : "−")\(fmt(abs(d)))")
        }
        return parts.joined(separator: ", ")
    }

    static func href(_ name: String) -> String {
        "images/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#"))) ?? name)
    }

    /// The report page: a summary, then each snapshot that differs or failed with its images
    /// side by side and its moved views, then the ones without a baseline or a preview, then
    /// the ones that matched, by name.
    public static func html(_ report: SnapshotReport) -> String {
        var h = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Snapshots of \(html(report.project))</title>
            <style>\(style)</style></head><body>
            <header><h1>Snapshots of \(html(report.project))</h1>
            <p class="verdict \(report.passed ? "pass" : "fail")">\(report.passed ? "Passed" : "Failed")</p>
            <p class="counts">\(html(report.summary))</p>
            <p class="meta">Frames compared within \(FrameComparison.tolerance) pt; pixels within \(html(report.tolerance.description))\(report.strict ? "; strict: a missing baseline or preview fails" : "").</p>
            </header><main>\n
            """
        let differing = report.entries.filter { $0.outcome == .differs || $0.outcome == .failed }
        if !differing.isEmpty {
            h += "<h2 class=\"group\">Differences (\(differing.count))</h2>\n"
            for entry in differing { h += card(entry, report: report) }
        }
        let unpaired = report.entries.filter { $0.outcome == .noBaseline || $0.outcome == .noPreview }
        if !unpaired.isEmpty {
            h += "<h2 class=\"group\">Without a baseline or a preview (\(unpaired.count))</h2>\n"
            for entry in unpaired { h += card(entry, report: report) }
        }
        let matched = report.entries(.matched)
        if !matched.isEmpty {
            h += "<h2 class=\"group\">Matched (\(matched.count))</h2>\n<ul class=\"matched\">"
            for entry in matched { h += "<li>\(html(entry.name))</li>" }
            h += "</ul>\n"
        }
        h += "</main></body></html>\n"
        return h
    }

    static func card(_ entry: SnapshotReport.Entry, report: SnapshotReport) -> String {
        let (status, kind): (String, String) = switch entry.outcome {
        case .differs: ("differs", "bad")
        case .failed: ("could not be made", "bad")
        case .noBaseline: ("no baseline", report.strict ? "bad" : "note")
        case .noPreview: ("no preview", report.strict ? "bad" : "note")
        case .matched: ("matched", "good")
        }
        var c = "<section class=\"card\" id=\"\(html(entry.name))\"><div class=\"title\"><h3>\(html(entry.preview))</h3>"
        if let variant = entry.variant { c += "<span class=\"variant\">@\(html(variant))</span>" }
        c += "<span class=\"status \(kind)\">\(status)</span><span class=\"file\">\(html(entry.name)).png</span></div>\n"
        if !entry.reasons.isEmpty {
            c += "<ul class=\"reasons\">" + entry.reasons.map { "<li>\(html($0))</li>" }.joined() + "</ul>\n"
        }
        var figures: [(String, String)] = []
        if entry.baselinePNG != nil { figures.append(("Baseline", imageName(entry, "baseline"))) }
        if entry.newPNG != nil { figures.append((entry.outcome == .noBaseline ? "New (no baseline yet)" : "New", imageName(entry, "new"))) }
        if entry.diffPNG != nil { figures.append(("Difference", imageName(entry, "diff"))) }
        if !figures.isEmpty {
            c += "<div class=\"images n\(figures.count)\">"
            for (caption, file) in figures {
                c += "<figure><figcaption>\(caption)</figcaption><a href=\"\(href(file))\"><img src=\"\(href(file))\" alt=\"\(caption) of \(html(entry.name))\"></a></figure>"
            }
            c += "</div>\n"
        }
        if !entry.movedViews.isEmpty {
            c += "<table class=\"moved\"><thead><tr><th>View</th><th>Old frame</th><th></th><th>New frame</th><th>Change</th></tr></thead><tbody>"
            for v in ordered(entry.movedViews).prefix(movedViewsShown) {
                let name = v.id.map { "<code>\(html($0))</code> <span class=\"kind\">\(html(v.kind))</span>" }
                    ?? "<span class=\"kind\">\(html(v.kind))</span> \(html(String(v.detail.prefix(60))))"
                c += "<tr><td>\(name)</td><td class=\"old\">\(frame(v.old))</td><td class=\"arrow\">→</td><td class=\"new\">\(frame(v.new))</td><td class=\"delta\">\(change(v))</td></tr>"
            }
            c += "</tbody></table>"
            if entry.movedViews.count > movedViewsShown { c += "<p class=\"more\">… and \(entry.movedViews.count - movedViewsShown) more views</p>" }
            c += "\n"
        }
        return c + "</section>\n"
    }

    /// Text safe in HTML (XML's escaping serves).
    static func html(_ s: String) -> String { SVGWriter.escape(s) }

    static let style = """
        :root { color-scheme: light; }
        body { margin: 0; background: #f5f6f8; color: #1c2230; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "Cantarell", "DejaVu Sans", sans-serif; }
        header { background: #fff; border-bottom: 1px solid #e2e5ea; padding: 22px 32px 16px; }
        h1 { font-size: 21px; margin: 0 0 8px; font-weight: 650; }
        header p { margin: 4px 0; }
        .verdict { display: inline-block; font-weight: 650; padding: 2px 12px; border-radius: 999px; font-size: 13px; }
        .verdict.pass { background: #e3f4e8; color: #1c6b3a; } .verdict.fail { background: #fde8e8; color: #b42323; }
        .counts { font-size: 15px; } .meta { color: #5d6677; font-size: 13px; }
        main { padding: 8px 32px 40px; max-width: 1500px; }
        h2.group { font-size: 15px; text-transform: uppercase; letter-spacing: .05em; color: #5d6677; margin: 26px 0 12px; font-weight: 600; }
        .card { background: #fff; border: 1px solid #e2e5ea; border-radius: 12px; padding: 16px 20px 18px; margin-bottom: 18px; box-shadow: 0 1px 2px rgba(20,30,50,.05); }
        .title { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; }
        .title h3 { margin: 0; font-size: 17px; font-weight: 650; }
        .variant { font-family: ui-monospace, "DejaVu Sans Mono", monospace; color: #4a5aa8; font-size: 14px; }
        .status { font-size: 12px; font-weight: 600; padding: 1px 9px; border-radius: 999px; }
        .status.bad { background: #fde8e8; color: #b42323; } .status.note { background: #fff4d6; color: #8a5a00; } .status.good { background: #e3f4e8; color: #1c6b3a; }
        .file { margin-left: auto; color: #8a92a1; font-size: 12px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .reasons { margin: 8px 0 12px; padding-left: 20px; color: #343b49; }
        .images { display: grid; gap: 18px; align-items: start; }
        .images.n1 { grid-template-columns: minmax(0, 420px); } .images.n2 { grid-template-columns: repeat(2, minmax(0, 420px)); } .images.n3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
        figure { margin: 0; }
        figcaption { font-size: 12px; font-weight: 600; color: #5d6677; text-transform: uppercase; letter-spacing: .05em; margin-bottom: 6px; }
        figure img { display: block; max-width: 100%; max-height: 680px; border: 1px solid #d5d9e0; border-radius: 8px; background: repeating-conic-gradient(#eef0f3 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        table.moved { border-collapse: collapse; margin-top: 16px; width: 100%; font-size: 13px; }
        table.moved th { text-align: left; font-weight: 600; color: #5d6677; border-bottom: 1px solid #e2e5ea; padding: 6px 10px 6px 0; }
        table.moved td { border-bottom: 1px solid #f0f1f4; padding: 5px 10px 5px 0; vertical-align: top; }
        table.moved td.old, table.moved td.new, table.moved td.delta { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; white-space: nowrap; }
        td.old { color: #9b2f2f; } td.new { color: #1c6b3a; } td.arrow { color: #8a92a1; } td.delta { color: #4a5aa8; }
        code { background: #eef1f6; padding: 1px 5px; border-radius: 4px; font-size: 12.5px; } .kind { color: #6b7382; }
        .more { color: #5d6677; font-size: 13px; margin: 6px 0 0; }
        ul.matched { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 8px; }
        ul.matched li { background: #fff; border: 1px solid #e2e5ea; border-radius: 6px; padding: 2px 9px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; color: #1c6b3a; }
        """
}
