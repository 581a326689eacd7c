/// Alternated rounds of a measured side against its baseline, and what a row reads from them.
///
/// Each round times both sides back to back, so a neighbour's load that lands on one round weighs
/// on both of its sides alike; the ratio of that round is the two times divided. A row's ratio is
/// the median of those per-round ratios (a slow round moves it by one place, not by its size);
/// the ratio of the two sides' medians is printed beside it with the per-round ratios' quartiles,
/// so a reader sees how far the rounds spread (on a shared machine a plain median of 3 to 5 can
/// move by half its value from run to run while the instruction count stays put).
///
/// Invariants: `measured` and `baseline` hold one value per round each, in the rounds' order.
struct RoundRatios {
    private(set) var measured: [Double] = []
    private(set) var baseline: [Double] = []

    /// Adds one round: the measured side's value and the baseline's, taken back to back.
    mutating func add(measured value: Double, baseline base: Double) {
        measured.append(value)
        baseline.append(base)
    }

    /// Each round's own ratio, measured over baseline, in the rounds' order.
    var ratios: [Double] { zip(measured, baseline).map { $0 / max($1, 1e-12) } }

    /// The median of the per-round ratios: the row's ratio.
    var medianOfRatios: Double { Self.median(ratios) }

    /// The measured side's median over the baseline's median.
    var ratioOfMedians: Double { Self.median(measured) / max(Self.median(baseline), 1e-12) }

    /// The per-round ratios' lower and upper quartiles.
    var quartiles: (lower: Double, upper: Double) { Self.quartiles(ratios) }

    /// What the measured cell adds after the measured side's median:
    /// `(medians' ratio 1.07×; 11 rounds' ratios, quartiles 1.01–1.06×)`.
    var spread: String {
        let (lower, upper) = quartiles
        let format = BenchmarkSuite.format
        return "(medians' ratio \(format(ratioOfMedians))×; \(measured.count) rounds' ratios, quartiles \(format(lower))–\(format(upper))×)"
    }

    /// The middle value of `values` once sorted (the upper middle of an even count); 0 when empty.
    static func median(_ values: [Double]) -> Double {
        Stopwatch.median(of: values)
    }

    /// The lower and upper quartiles of `values` by nearest rank, as far from each end of the
    /// sorted values: places 5 and 15 of 21 (counting from 0), 0 and 3 of 4; both 0 when empty.
    static func quartiles(_ values: [Double]) -> (lower: Double, upper: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        let step = (sorted.count - 1) / 4
        return (sorted[step], sorted[sorted.count - 1 - step])
    }

    /// The order of `sides` in round `round`: as given in even rounds, reversed in odd ones, so
    /// that no side always runs first (the page cache, a neighbour's start) or last.
    static func order<Side>(_ sides: [Side], round: Int) -> [Side] {
        round % 2 == 0 ? sides : sides.reversed()
    }
}
