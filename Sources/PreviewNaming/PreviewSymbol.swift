/// The linker symbol under which a `#Preview` registers itself.
///
/// The `#Preview` macro names the function it expands to after the macro's source location,
/// and the preview builder, which finds the same `#Preview`s by parsing the source, computes the
/// same name to call it from the preview agent. The file path is hashed so two files of the
/// same name in different folders never collide.
public enum PreviewSymbol {
    /// The prefix every preview symbol starts with.
    public static let prefix = "layoutlab_preview_"

    /// The symbol of the `#Preview` at `line`:`column` of the file at `filePath` (as given to
    /// the compiler).
    public static func name(filePath: String, line: Int, column: Int) -> String {
        var hash = FNV1a()
        for byte in filePath.utf8 { hash.add(byte) }
        let hex = String(hash.value, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex + "_\(line)_\(column)"
    }
}

/// The 64-bit FNV-1a hash: stable across processes and builds (unlike `Hasher`).
public struct FNV1a: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    /// An empty hash.
    public init() {}
    /// Mixes in one byte.
    public mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }
    /// Mixes in a string's UTF-8 bytes and a terminator (so "ab","c" differs from "a","bc").
    public mutating func add(_ string: String) {
        for b in string.utf8 { add(b) }
        add(UInt8(0xff))
    }
    /// Mixes in a 64-bit value, little-endian.
    public mutating func add(_ v: UInt64) {
        var x = v
        for _ in 0..<8 { add(UInt8(x & 0xff)); x >>= 8 }
    }
}
