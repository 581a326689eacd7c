import Testing
import ViperCore
@testable import ViperRuntime

/// The slow-start rule: relative and absolute, and told only when plugins' own time explains it.
@Suite struct SlowStartTests {
    private let history = [0.060, 0.055, 0.070, 0.058, 0.062]

    @Test func aStartMadeSlowByAPluginNamesThatPlugin() throws {
        let line = try #require(
            SlowStart.startLine(
                seconds: 0.320, history: history,
                shares: [.init(plugin: "slowscan", seconds: 0.230, what: "scanned: new or changed"), .init(plugin: "quick", seconds: 0.001, what: "loading")]))
        #expect(line.hasPrefix("this start took 320 ms, 5.3× the median of the last 5 (60 ms): plugin 'slowscan' 230 ms (scanned: new or changed)"))
        #expect(!line.contains("quick"))
    }

    @Test func aStartSlowForNoPluginsOwnTimeIsNotTold() {
        // Twice the median, well above the floor: the machine was busy, no plugin took the time.
        #expect(SlowStart.startLine(seconds: 0.400, history: history, shares: [.init(plugin: "a", seconds: 0.004, what: "loading")]) == nil)
    }

    @Test func aStartBelowTheAbsoluteFloorIsNotSlow() {
        // 1.9 times a 30 ms median, but only 27 ms above it.
        #expect(
            SlowStart.startLine(seconds: 0.057, history: [0.03, 0.03, 0.03], shares: [.init(plugin: "a", seconds: 0.06, what: "loading")]) == nil)
    }

    @Test func aStartBelowTheFactorIsNotSlow() {
        #expect(SlowStart.startLine(seconds: 0.880, history: [0.7, 0.6, 0.65], shares: [.init(plugin: "a", seconds: 0.2, what: "loading")]) == nil)
    }

    @Test func withoutEnoughHistoryNoStartIsSlow() {
        #expect(SlowStart.startLine(seconds: 5, history: [0.05, 0.05], shares: [.init(plugin: "a", seconds: 4, what: "loading")]) == nil)
    }

    @Test func theMedianIsOfTheLastFiveStarts() {
        #expect(SlowStart.median([1, 9, 2, 8, 3]) == 3)
        #expect(SlowStart.median([1, 2, 3, 4]) == 2.5)
    }

    @Test func aSlowLoadLineSaysWhereTheTimeWentAndWhoAsked() {
        var load = PluginProfile.Load(plugin: "slow", seconds: 0.302, opening: 0.0012, entry: 0.3005, registration: 0.0003, cause: "module X for command 'open slow'", at: 0.1)
        load.ownSeconds = 0.3
        #expect(
            SlowStart.loadLine(load)
                == "plugin 'slow' took 302 ms to load (its entry point 301 ms, checks and dlopen 1.2 ms), asked by module X for command 'open slow'; 'viper plugins --profile' shows what each plugin costs"
        )
    }
}
