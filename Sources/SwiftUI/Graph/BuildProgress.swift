import Synchronization

/// How many views have been built in this process: the preview agent's watchdog reads it to
/// tell a slow preview (still making views) from a stuck one (an endless loop in a `body`, an
/// `init`, `sizeThatFits` or `placeSubviews`, where the count stands still).
///
/// One relaxed atomic increment per view built: a few nanoseconds against the microseconds a
/// view's build takes, and none in the layout pass.
public enum BuildProgress {
    private static let built = Atomic<Int>(0)

    /// The number of views built so far (read from any thread).
    public static var viewsBuilt: Int { built.load(ordering: .relaxed) }

    @inline(__always) static func noteView() {
        built.wrappingAdd(1, ordering: .relaxed)
    }
}
