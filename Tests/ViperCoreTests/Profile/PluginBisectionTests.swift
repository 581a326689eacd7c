import Testing
import ViperCore

/// `viper doctor --bisect`'s search, in memory: a script is a rule over the plugins on, a run
/// is a call, and the search must name the culprit within its run limit and never run a
/// consumer without its provider.
@Suite struct PluginBisectionTests {
    private static func names(_ count: Int) -> [String] {
        (1...count).map { "p\($0)" }
    }

    /// Runs the search over `plugins` with a script that fails when `fails` says so; returns the
    /// verdict and every run's plugins on, checking on the way that each run honours `requires`.
    private func bisect(
        _ plugins: [String], requires: [String: [String]] = [:], needs: Set<String> = [],
        fails: @escaping (Set<String>) -> Bool
    ) -> (verdict: PluginBisection.Verdict, runs: [Set<String>]) {
        let search = PluginBisection(plugins: plugins, requires: requires)
        var runs: [Set<String>] = []
        let found = search.search { on in
            let set = Set(on)
            runs.append(set)
            for plugin in on {
                for provider in requires[plugin] ?? [] where plugins.contains(provider) {
                    #expect(set.contains(provider), "\(plugin) ran without its provider \(provider)")
                }
            }
            let missing = needs.subtracting(set)
            guard missing.isEmpty else { return PluginBisection.Outcome(failed: true, needs: missing.sorted()) }
            return PluginBisection.Outcome(failed: fails(set))
        }
        #expect(found.runs.map { Set($0.on) } == runs)
        return (found.verdict, runs)
    }

    @Test(arguments: [1, 2, 3, 64, 65, 1000])
    func aSingleCulpritAnywhereIsNamedWithinLog2NPlus2Runs(count: Int) {
        let plugins = Self.names(count)
        let limit = PluginBisection.runLimit(plugins: count)
        for culprit in Set([plugins[0], plugins[count / 2], plugins[count - 1], plugins[count / 3]]) {
            let found = bisect(plugins) { $0.contains(culprit) }
            #expect(found.verdict == .plugin(culprit))
            #expect(found.runs.count <= limit, "\(found.runs.count) runs for \(count) plugins, limit \(limit)")
        }
    }

    @Test func theRunLimitIsTheCeilingOfLog2NPlus2() {
        #expect(PluginBisection.runLimit(plugins: 1) == 2)
        #expect(PluginBisection.runLimit(plugins: 64) == 8)
        #expect(PluginBisection.runLimit(plugins: 65) == 9)
        #expect(PluginBisection.runLimit(plugins: 1000) == 12)
    }

    @Test func aPairThatFailsOnlyTogetherIsNamedWithTheFirstThenTheSecond() {
        let plugins = Self.names(1000)
        let found = bisect(plugins) { $0.contains("p123") && $0.contains("p777") }
        #expect(found.verdict == .pair("p123", "p777"))
        #expect(found.runs.count <= 2 * PluginBisection.runLimit(plugins: 1000) + 1)
    }

    @Test func aScriptThatPassesWithEveryPluginOnTakesOneRun() {
        let found = bisect(Self.names(50)) { _ in false }
        #expect(found.verdict == .passesWithAll)
        #expect(found.runs.count == 1)
    }

    @Test func aScriptThatFailsWithEveryPluginOffIsNoPluginsDoing() {
        let found = bisect(Self.names(50)) { _ in true }
        #expect(found.verdict == .failsWithNone)
        #expect(found.runs.last == [])
    }

    @Test func aConsumerIsNeverOnWithoutItsProviderAndTheProviderIsNamedWhenItIsAtFault() {
        // p1 requires p9 (listed later), p9 requires p5: the order puts p5 and p9 before p1.
        let requires = ["p1": ["p9"], "p9": ["p5"], "p30": ["p31"]]
        let plugins = Self.names(40)
        let search = PluginBisection(plugins: plugins, requires: requires)
        let order = search.order
        #expect(order.firstIndex(of: "p5")! < order.firstIndex(of: "p9")!)
        #expect(order.firstIndex(of: "p9")! < order.firstIndex(of: "p1")!)
        #expect(bisect(plugins, requires: requires) { $0.contains("p9") }.verdict == .plugin("p9"))
        #expect(bisect(plugins, requires: requires) { $0.contains("p1") }.verdict == .plugin("p1"))
        #expect(bisect(plugins, requires: requires) { $0.contains("p31") }.verdict == .plugin("p31"))
    }

    @Test func aPluginTheScriptNeedsIsHeldOnAndCostsOneRunMore() {
        let plugins = Self.names(64)
        let found = bisect(plugins, needs: ["p40"]) { $0.contains("p7") }
        #expect(found.verdict == .plugin("p7"))
        #expect(found.runs.count <= PluginBisection.runLimit(plugins: 64) + 1)
        #expect(found.runs.dropFirst(2).allSatisfy { $0.contains("p40") }, "once named, p40 stays on: \(found.runs)")
    }

    @Test func aScriptThatFailsWithOnlyThePluginsItNeedsNamesThem() {
        let found = bisect(Self.names(16), needs: ["p3"]) { $0.contains("p3") }
        #expect(found.verdict == .failsWithNeeded(["p3"]))
    }

    @Test func aRunSetAlreadyAskedIsNotRunAgain() {
        let found = bisect(Self.names(33)) { $0.contains("p1") }
        #expect(Set(found.runs).count == found.runs.count)
        #expect(found.verdict == .plugin("p1"))
    }
}
