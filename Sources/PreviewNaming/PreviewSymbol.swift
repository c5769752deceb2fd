/// The linker symbol under which a `#Preview` registers itself.
///
/// The `#Preview` macro names the function it expands to after the macro's source location,
/// and the preview builder, which finds the same `#Preview`s by parsing the source, computes the
/// same name to call it from the preview agent. The file path is hashed (FNV-1a, 64 bit) so two
/// files of the same name in different folders never collide.
public enum PreviewSymbol {
    /// The prefix every preview symbol starts with.
    public static let prefix = "layoutlab_preview_"

    /// The symbol of the `#Preview` at `line`:`column` of the file at `filePath` (as given to
    /// the compiler).
    public static func name(filePath: String, line: Int, column: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in filePath.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex + "_\(line)_\(column)"
    }
}
