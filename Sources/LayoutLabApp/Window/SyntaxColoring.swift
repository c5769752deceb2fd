import CGtk
import Foundation

/// Colours Swift source in a GtkTextBuffer: keywords, types, strings, numbers, comments,
/// attributes and macros (`@State`, `#Preview`) — a light lexer, enough for generated code.
@MainActor
enum SyntaxColoring {
    static let keywords: Set<String> = ["import", "struct", "var", "let", "func", "return", "switch", "case", "default",
                                        "in", "some", "static", "private", "if", "else", "for", "while", "true", "false",
                                        "nil", "self", "init", "enum", "extension", "protocol", "guard"]

    /// Creates the tags once per buffer.
    static func installTags(in buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        let table = gtk_text_buffer_get_tag_table(buffer)
        for (name, color, bold) in [("keyword", "#ad3da4", true), ("type", "#3e6d74", false), ("string", "#c41a16", false),
                                    ("number", "#1c00cf", false), ("comment", "#5d6c79", false), ("attribute", "#643820", false)] {
            let tag = gtk_text_tag_new(name)!
            lab_text_tag_set_style(tag, color, bold ? 1 : 0)
            gtk_text_tag_table_add(table, tag)
            g_object_unref(tag.raw)
        }
    }

    /// Applies the tags to `text` (the buffer's content).
    static func color(_ b: UnsafeMutablePointer<GtkTextBuffer>, _ text: String) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(b, &start, &end)
        gtk_text_buffer_remove_all_tags(b, &start, &end)
        let chars = Array(text.unicodeScalars)
        func apply(_ tag: String, _ from: Int, _ to: Int) {
            var s = GtkTextIter(), e = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(b, &s, Int32(from))
            gtk_text_buffer_get_iter_at_offset(b, &e, Int32(to))
            gtk_text_buffer_apply_tag_by_name(b, tag, &s, &e)
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                let start = i
                while i < chars.count, chars[i] != "\n" { i += 1 }
                apply("comment", start, i)
            } else if c == "\"" {
                let start = i
                i += 1
                while i < chars.count, chars[i] != "\"", chars[i] != "\n" { if chars[i] == "\\" { i += 1 }; i += 1 }
                i = min(i + 1, chars.count)
                apply("string", start, i)
            } else if c == "@" || c == "#" || CharacterSet.letters.contains(c) || c == "_" {
                let start = i
                i += 1
                while i < chars.count, CharacterSet.alphanumerics.contains(chars[i]) || chars[i] == "_" { i += 1 }
                let word = String(String.UnicodeScalarView(chars[start..<i]))
                if c == "@" || c == "#" { apply("attribute", start, i) }
                else if keywords.contains(word) { apply("keyword", start, i) }
                else if c.properties.isUppercase { apply("type", start, i) }
            } else if CharacterSet.decimalDigits.contains(c) {
                let start = i
                while i < chars.count, CharacterSet.decimalDigits.contains(chars[i]) || chars[i] == "." { i += 1 }
                apply("number", start, i)
            } else {
                i += 1
            }
        }
    }
}
