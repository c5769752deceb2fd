import Foundation

/// Where in a person's source a view was made, as a preview build marks it: the file and the
/// ordinal of the view expression in it (`Text("a").padding()`, counted in source order).
///
/// Only preview builds mark views (layoutlab's preview rewrites each view expression of the
/// person's file into a call that marks what it makes); a view made elsewhere has no mark, and
/// a view a marked expression made inside another (the `Text` in a marked `Text("a").padding()`
/// chain) has none of its own: its nearest marked ancestor says where it was made. The ordinal,
/// not a line, is kept because it stays when only literal values change (the window maps it to
/// a line in the file's current text), where a line and column may move.
public struct ViewSourceMark: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file, as the build was given it (an absolute path).
    public let file: String
    /// The ordinal of the view expression in the file.
    public let index: Int

    /// A mark of the `index`th view expression of `file`.
    public init(file: String, index: Int) {
        self.file = file
        self.index = index
    }

    /// `file#index`.
    public var description: String { "\(file)#\(index)" }

    /// The mark in 8 bytes, as views keep it: the file's number in a process-wide table (plus
    /// one; 0 is no mark) above the ordinal.
    package var packed: UInt64 {
        UInt64(ViewSourceFiles.id(of: file) + 1) << 32 | UInt64(UInt32(truncatingIfNeeded: index))
    }

    /// The mark `packed` holds (nil for 0, no mark).
    package init?(packed: UInt64) {
        let file = UInt32(truncatingIfNeeded: packed >> 32)
        guard file != 0 else { return nil }
        self.init(file: ViewSourceFiles.name(file - 1), index: Int(UInt32(truncatingIfNeeded: packed)))
    }
}

/// The files of view marks, numbered: a view keeps 8 bytes instead of a path. Files are few (a
/// preview's package), so the table stays small; it is shared by the process and never shrinks.
package enum ViewSourceFiles {
    private struct Table {
        var names: [String] = []
        var ids: [String: UInt32] = [:]
        /// The last file asked about: a build marks many views of one file in a row, and the
        /// same literal compares equal at once.
        var last: (name: String, id: UInt32)? = nil
    }
    private static let table = Locked(Table())

    /// The number of `file`, given one the first time it is seen.
    package static func id(of file: String) -> UInt32 {
        table.withLock { table in
            if let last = table.last, last.name == file { return last.id }
            let id: UInt32
            if let known = table.ids[file] {
                id = known
            } else {
                id = UInt32(table.names.count)
                table.names.append(file)
                table.ids[file] = id
            }
            table.last = (file, id)
            return id
        }
    }

    /// Every file, by number.
    package static var all: [String] { table.withLock { $0.names } }

    package static func name(_ id: UInt32) -> String {
        table.withLock { table in Int(id) < table.names.count ? table.names[Int(id)] : "" }
    }
}
