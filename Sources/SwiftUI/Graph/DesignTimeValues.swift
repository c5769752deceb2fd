import Foundation

/// The literal values a preview build reads at run time: the table behind the literal fast path.
///
/// A preview build compiles the person's literals (`16`, `0.5`, `"Hello"`, `true`) as calls to
/// `__designTimeInteger` and its siblings, keyed by the literal's place in its file. Until the
/// window sends new values each call returns the compiled literal; after an edit that changed
/// only literals, the window sends the new values here (`update(_:)`) instead of compiling
/// again, and the live previews evaluate their bodies again with their state kept.
public enum DesignTimeValues {
    private struct Table {
        var values: [String: String] = [:]
        /// Keys whose value could not be made into the type the code reads (a `StaticString`,
        /// a number that does not fit): the preview must be compiled again to show them.
        var unapplied: Set<String> = []
    }
    private static let table = Locked(Table())

    /// Replaces the values of `values`' keys (the canonical text of each literal: `16`, `0.5`,
    /// the string's contents, `true`), and forgets which keys could not be applied.
    public static func update(_ values: [String: String]) {
        table.withLock { t in
            t.values.merge(values) { _, new in new }
            t.unapplied = []
        }
    }

    /// Takes the keys read since the last `update` whose new value the code could not take.
    public static func takeUnapplied() -> Set<String> {
        table.withLock { t in
            defer { t.unapplied = [] }
            return t.unapplied
        }
    }

    static func value(_ key: String) -> String? {
        table.withLock { $0.values[key] }
    }

    static func noteUnapplied(_ key: String) {
        table.withLock { _ = $0.unapplied.insert(key) }
    }

    static func read<T>(_ key: String, _ compiled: T, _ convert: (String) -> T?) -> T {
        guard let text = value(key) else { return compiled }
        if let v = convert(text) { return v }
        noteUnapplied(key)
        return compiled
    }

    static func integer<I: BinaryInteger>(_ type: I.Type, _ text: String) -> I? {
        if let v = Int64(text) { return I(exactly: v) }
        return UInt64(text).flatMap { I(exactly: $0) }
    }

    static func floating<F: BinaryFloatingPoint>(_ type: F.Type, _ text: String) -> F? {
        Double(text).map { F($0) }
    }

    /// A number made from `text` in the literal type `L` (an integer or floating-point type).
    static func number<L>(_ type: L.Type, _ text: String) -> L? {
        if let i = type as? any BinaryInteger.Type { return integer(i, text) as? L }
        if let f = type as? any BinaryFloatingPoint.Type { return floating(f, text) as? L }
        return nil
    }
}

/// An integer literal of a preview build: `value`, or the value the window sent for `key`.
///
/// Generic over the literal's type, so `16` still reads as an `Int`, a `CGFloat` or a
/// `Double` wherever the compiler inferred one.
public func __designTimeInteger<T: ExpressibleByIntegerLiteral>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { text in
        DesignTimeValues.number(T.IntegerLiteralType.self, text).map { T(integerLiteral: $0) }
    }
}

/// A floating-point literal of a preview build: `value`, or the value the window sent for `key`.
///
/// Generic over the literal's type, so `0.5` still reads as a `Double`, `CGFloat` or `Float`.
public func __designTimeFloat<T: ExpressibleByFloatLiteral>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { text in
        DesignTimeValues.number(T.FloatLiteralType.self, text).map { T(floatLiteral: $0) }
    }
}

/// A string literal of a preview build: `value`, or the text the window sent for `key`.
///
/// Generic over the literal's type, so `Text("Hello")` still takes a `LocalizedStringKey`
/// (with its markdown) and a `String` parameter a `String`.
public func __designTimeString<T: ExpressibleByStringLiteral>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { text in
        (text as Any as? T.StringLiteralType).map { T(stringLiteral: $0) }
    }
}

/// A Boolean literal of a preview build: `value`, or the value the window sent for `key`.
public func __designTimeBoolean<T: ExpressibleByBooleanLiteral>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { text in
        ((text == "true") as Any as? T.BooleanLiteralType).map { T(booleanLiteral: $0) }
    }
}
