import Testing
import ViperCore

/// The profile's per-plugin time: each measured call is given its own time only.
@Suite struct PluginTallyTests {
    @Test func aCallIsChargedItsOwnTimeWithoutTheCallsNestedInIt() {
        let outer = PluginTally(plugin: "outer"), inner = PluginTally(plugin: "inner")
        let before = PluginClock.now()
        outer.measure(.command) {
            inner.measure(.build) {
                var sum = 0
                for value in 0..<200_000 { sum &+= value }
                #expect(sum > 0)
            }
        }
        let whole = PluginClock.now() - before
        #expect(inner.count(.build) == 1 && outer.count(.command) == 1)
        #expect(inner.nanoseconds(.build) > 0)
        #expect(outer.nanoseconds(.command) + inner.nanoseconds(.build) <= whole, "nothing is counted twice")
        #expect(outer.nanoseconds(.build) == 0 && inner.nanoseconds(.command) == 0)
    }

    @Test func aLoadNestedInACallIsNotChargedToIt() {
        let caller = PluginTally(plugin: "caller")
        let before = PluginClock.now()
        var loadTime: UInt64 = 0
        caller.measure(.build) {
            let start = PluginClock.now()
            var sum = 0
            for value in 0..<200_000 { sum &+= value }
            #expect(sum > 0)
            loadTime = PluginClock.now() - start
            PluginTally.noteNested(loadTime)
        }
        let whole = PluginClock.now() - before
        #expect(caller.nanoseconds(.build) <= whole - loadTime)
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
