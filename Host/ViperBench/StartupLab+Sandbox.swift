import Foundation

extension StartupLab {
    /// What the scanners' sandbox (``Sandbox``) costs a cold start: `viper --plugins FOLDER` with
    /// `count` new plugins, to its first prompt and out, sandboxed against `VIPER_SANDBOX=off`.
    /// The two are timed in turns, each on a fresh data folder (every plugin scanned), so the
    /// machine's load weighs on both alike. Target: within 5% (issue 25).
    func sandboxRow(count: Int, runs: Int) throws -> BenchmarkSuite.Row {
        guard let folder = folders[count] else {
            throw Failure(description: "the sandbox row needs the \(count)-plugin folder (--counts must include it)")
        }
        let input = try inputFile("quit\n")
        func cold(_ extra: [String: String]) throws -> Double {
            try Self.timedRun([viper, "--plugins", folder], inputFile: input, environment: environment(data: freshData(), extra: extra))
        }
        _ = try cold([:])  // the plugin files in the page cache for both
        var boxed: [Double] = [], open: [Double] = []
        for _ in 0..<max(runs, 5) {
            boxed.append(try cold([:]))
            open.append(try cold(["VIPER_SANDBOX": "off"]))
        }
        let measured = Self.median(boxed), baseline = Self.median(open)
        return BenchmarkSuite.Row(name: "start-up to first prompt, cold, \(count) plugins, scanners sandboxed vs VIPER_SANDBOX=off",
                                  measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                                  ratio: measured / baseline, target: 1.05)
    }
}
