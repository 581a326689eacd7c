import Testing

@testable import ViperRuntime

/// The file watcher's timing rule, on exact times: a path is released once, after its quiet
/// period; touches within the period make one release; a file open for writing waits longer;
/// the paths touched together go together, unless touches keep coming past the longest batch.
@Suite struct ChangeCoalescerTests {
    private func coalescer() -> ChangeCoalescer {
        ChangeCoalescer(quietPeriod: 0.25, writeSilence: 2, longestBatch: 3)
    }

    @Test func aPathIsReleasedOnceWhenItsQuietPeriodHasPassedAndNotBefore() {
        var rule = coalescer()
        #expect(rule.nextDue == nil, "nothing pending, nothing due")
        rule.touch("libA.so", writing: false, at: 10)
        #expect(rule.nextDue == 10.25)
        #expect(rule.settle(at: 10.24).isEmpty, "not before the file was quiet")
        #expect(rule.settle(at: 10.25) == ["libA.so"])
        #expect(rule.settle(at: 20).isEmpty, "one change, one release")
        #expect(rule.nextDue == nil)
    }

    @Test func touchesWithinTheQuietPeriodAreOneRelease() {
        var rule = coalescer()
        // A build: create, five writes 0.125 s apart, then chmod 0.125 s later (times exact in binary).
        rule.touch("libA.so", writing: false, at: 0)
        for step in 1...5 { rule.touch("libA.so", writing: nil, at: Double(step) * 0.125) }
        rule.touch("libA.so", writing: false, at: 0.75)
        #expect(rule.settle(at: 0.875).isEmpty, "0.125 s after the last step: still within the quiet period")
        #expect(rule.settle(at: 1.0) == ["libA.so"])
        #expect(rule.settle(at: 5).isEmpty, "the steps made one release")
    }

    @Test func aFileOpenForWritingWaitsForTheWriteSilence() {
        var rule = coalescer()
        rule.touch("libA.so", writing: true, at: 0)
        #expect(rule.settle(at: 1).isEmpty, "a slow copy is not released half-written")
        #expect(rule.nextDue == 2.25)
        rule.touch("libA.so", writing: false, at: 1.5)  // closed: the plain quiet period from now
        #expect(rule.settle(at: 1.625).isEmpty)
        #expect(rule.settle(at: 1.75) == ["libA.so"])
    }

    @Test func aTouchThatDoesNotSayKeepsWhetherTheFileIsBeingWritten() {
        var rule = coalescer()
        rule.touch("libA.so", writing: true, at: 0)
        rule.touch("libA.so", writing: nil, at: 0.125)
        #expect(rule.settle(at: 0.5).isEmpty, "still open for writing")
        #expect(rule.settle(at: 2.25).isEmpty)
        #expect(rule.settle(at: 2.375) == ["libA.so"])
    }

    @Test func pathsTouchedTogetherAreReleasedTogether() {
        var rule = coalescer()
        rule.touch("libA.so", writing: false, at: 0)
        rule.touch("libB.so", writing: false, at: 0.125)
        #expect(rule.settle(at: 0.25).isEmpty, "libA is quiet, libB is not: the batch waits")
        #expect(rule.settle(at: 0.375).sorted() == ["libA.so", "libB.so"])
    }

    @Test func quietPathsGoAheadAloneWhenTouchesKeepComingPastTheLongestBatch() {
        var rule = coalescer()
        rule.touch("libA.so", writing: false, at: 0)
        var now = 0.0
        for step in 1...24 {  // a touch every 0.125 s up to 3 s
            now = Double(step) * 0.125
            rule.touch("busy.so", writing: false, at: now)
            if now < 3 { #expect(rule.settle(at: now).isEmpty, "within the longest batch the quiet path waits (at \(now))") }
        }
        #expect(rule.nextDue == 3, "due at the longest batch")
        #expect(rule.settle(at: now) == ["libA.so"], "past the longest batch the quiet path goes alone")
        #expect(rule.settle(at: now + 0.25) == ["busy.so"], "the busy one follows once it is quiet")
    }
}
