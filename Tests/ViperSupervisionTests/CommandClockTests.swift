import Testing
@testable import ViperSupervision

/// How long the supervisor believes a command has run, from a stamp plugin code can write and the
/// supervisor's own first sight of the command.
@Suite struct CommandClockTests {
    @Test func aBelievableStampIsTakenToTheMillisecond() {
        // Stamped 300 ms before the supervisor's poll saw the command: within one wait of its loop.
        #expect(SupervisorLoop.commandElapsed(stamp: 9_700, seenAt: 10_000, now: 12_000) == 2_300)
        #expect(SupervisorLoop.commandElapsed(stamp: 10_500, seenAt: 10_000, now: 12_000) == 2_000, "never later than first seen")
    }

    @Test(arguments: [Int64.min, -1, 0, 1_000, 12_001, Int64.max])
    func anImpossibleStampFallsBackToTheSupervisorsOwnClock(stamp: Int64) {
        #expect(SupervisorLoop.commandElapsed(stamp: stamp, seenAt: 10_000, now: 12_000) == 2_000)
    }
}
