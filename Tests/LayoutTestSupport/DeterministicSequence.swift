// A seeded number sequence for tests that try many cases: the same on every run and machine.

/// Knuth's MMIX linear congruential step, its high bits: deterministic, so that a failing case
/// repeats.
public struct DeterministicSequence {
    private var state: UInt64
    /// Starts the sequence at `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next number (31 bits).
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
