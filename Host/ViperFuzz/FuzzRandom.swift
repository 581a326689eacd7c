/// A small seeded generator (SplitMix64): the same seed gives the same inputs on every
/// machine, so a failure found by a long round can be replayed with its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// An index below `count` (which must be positive).
    mutating func below(_ count: Int) -> Int {
        Int.random(in: 0..<max(count, 1), using: &self)
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `items` (which must not be empty).
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A seed for a separate stream, so one target's inputs do not depend on another's count.
    mutating func fork() -> FuzzRandom {
        FuzzRandom(seed: next())
    }
}
