import Testing
import ViperCore

/// The profile's per-plugin time: each measured call is given its own time only.
@Suite struct PluginTallyTests {
    @Test func aCallIsChargedItsOwnTimeWithoutTheCallsNestedInIt() {
        let outer = PluginTally(plugin: "outer"), inner = PluginTally(plugin: "inner")
        let before = PluginClock.ticks()
        outer.measure(.command) {
            inner.measure(.build) {
                var sum = 0
                for value in 0..<200_000 { sum &+= value }
                #expect(sum > 0)
            }
        }
        let whole = PluginClock.ticks() - before
        #expect(inner.count(.build) == 1 && outer.count(.command) == 1)
        #expect(inner.ticks(.build) > 0 && inner.nanoseconds(.build) > 0)
        #expect(outer.ticks(.command) + inner.ticks(.build) <= whole, "nothing is counted twice")
        #expect(outer.nanoseconds(.build) == 0 && inner.nanoseconds(.command) == 0)
    }

    @Test func aLoadNestedInACallIsNotChargedToIt() {
        let caller = PluginTally(plugin: "caller")
        let before = PluginClock.ticks()
        var loadTime: UInt64 = 0
        caller.measure(.build) {
            let start = PluginClock.now()
            var sum = 0
            for value in 0..<2_000_000 { sum &+= value }
            #expect(sum > 0)
            loadTime = PluginClock.now() - start
            PluginTally.noteNested(loadTime)
        }
        let whole = PluginClock.ticks() - before
        let load = PluginClock.ticks(nanoseconds: loadTime)
        // The load in ticks is converted from nanoseconds: a part in a thousand either way.
        #expect(caller.ticks(.build) + load <= whole + whole / 1000, "whole \(whole), load \(load), charged \(caller.ticks(.build))")
    }

    @Test func ticksConvertToNanosecondsAtTheRateBothClocksAdvance() {
        let ticks = PluginClock.ticks(), start = PluginClock.now()
        var sum = 0
        for value in 0..<5_000_000 { sum &+= value }
        #expect(sum > 0)
        let elapsed = Double(PluginClock.now() - start)
        let converted = Double(PluginClock.nanoseconds(ticks: PluginClock.ticks() - ticks))
        #expect(abs(converted - elapsed) <= elapsed * 0.05 + 1000, "\(converted) ns from ticks, \(elapsed) ns measured")
    }

    @Test func theProfileKeepsOneTallyPerPluginAndTellsEachSlowLoadOnce() {
        let profile = PluginProfile()
        #expect(profile.tally(for: "a") === profile.tally(for: "a"))
        var slow = PluginProfile.Load(plugin: "slow", seconds: 0.3, opening: 0.01, entry: 0.29, registration: 0, cause: "test", at: 0)
        slow.ownSeconds = 0.25
        var busy = PluginProfile.Load(plugin: "busy", seconds: 0.3, opening: 0.01, entry: 0.29, registration: 0, cause: "test", at: 0)
        busy.ownSeconds = 0.02  // the machine, not the plugin: it waited for a CPU most of the time
        profile.noteLoad(slow)
        profile.noteLoad(busy)
        #expect(profile.takeSlowLoads().map(\.plugin) == ["slow"])
        #expect(profile.takeSlowLoads().isEmpty)
        #expect(Set(profile.allLoads.keys) == ["slow", "busy"])
    }

    @Test func theCauseShowsTheCommandAndARouteButNeverOtherArguments() {
        #expect(PluginProfile.commandShown("open notes?filter=x") == "open notes")
        #expect(PluginProfile.commandShown("signin ada s3cret") == "signin")
        #expect(PluginProfile.commandShown("present todo/3") == "present todo/3")
    }
}
