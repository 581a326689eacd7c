import Testing
@testable import ViperBench

/// The per-round ratios the navigation and journal rows read (``RoundRatios``): pure arithmetic,
/// no process.
@Suite struct RoundRatiosTests {
    private func rounds(_ pairs: [(Double, Double)]) -> RoundRatios {
        var rounds = RoundRatios()
        for (measured, baseline) in pairs { rounds.add(measured: measured, baseline: baseline) }
        return rounds
    }

    @Test func eachRoundIsDividedByItsOwnBaseline() {
        #expect(rounds([(2, 1), (9, 3), (5, 5)]).ratios == [2, 3, 1])
    }

    @Test func theRowReadsTheMedianOfTheRoundsRatiosNotTheRatioOfTheMedians() {
        // A round slowed for both sides by a neighbour (the third) moves the medians, not the ratios.
        let slowed = rounds([(11, 10), (12, 10), (110, 50), (10, 10), (13, 10)])
        #expect(slowed.medianOfRatios == 1.2)
        #expect(slowed.ratioOfMedians == 1.2)
        // Each side's median from another round: their ratio is no round's.
        let apart = rounds([(10, 10), (12, 20), (30, 25)])
        #expect(apart.medianOfRatios == 1.0)
        #expect(apart.ratioOfMedians == 0.6)
        let oneSided = rounds([(10, 10), (11, 10), (100, 10)])
        #expect(oneSided.medianOfRatios == 1.1)
    }

    @Test func quartilesAreTakenAsFarFromEachEndOfTheSortedValues() {
        let values = (0..<21).map(Double.init).shuffled()
        #expect(RoundRatios.quartiles(values) == (5, 15))
        #expect(RoundRatios.quartiles([4, 1, 3, 2]) == (1, 4))
        #expect(RoundRatios.quartiles([7]) == (7, 7))
        #expect(RoundRatios.quartiles([]) == (0, 0))
        #expect(RoundRatios.median([3, 1, 2]) == 2)
        #expect(RoundRatios.median([]) == 0)
    }

    @Test func theSpreadNamesTheMediansRatioTheRoundsAndTheirQuartiles() {
        let spread = rounds([(10, 10), (11, 10), (12, 10), (13, 10), (20, 10)]).spread
        #expect(spread == "(medians' ratio 1.20×; 5 rounds' ratios, quartiles 1.10–1.30×)")
    }

    @Test func everyOtherRoundRunsTheSidesInTheOtherOrder() {
        #expect(RoundRatios.order([10, 1000, 5000], round: 0) == [10, 1000, 5000])
        #expect(RoundRatios.order([10, 1000, 5000], round: 1) == [5000, 1000, 10])
        #expect(RoundRatios.order([10, 1000, 5000], round: 2) == [10, 1000, 5000])
    }

    @Test func aBaselineOfZeroDoesNotDivideByZero() {
        #expect(rounds([(1, 0)]).medianOfRatios.isFinite)
    }
}
