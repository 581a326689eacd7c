import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// Fuzzes `plugin-cache`: mutated caches (records that still parse, so the
/// descriptors inside are believed; and broken bytes) under a runtime that scans in a
/// child process; and `plugin-graph`, the kept validation, with mutated bodies signed
/// again under the real key, so the mutated outcome is believed. Start-up must list every plugin file once, report problems in one
/// line, leave a readable cache, and survive opening every route it then offers.
struct CacheFuzzer {
    let seeds: [String]
    let watchdog: FuzzWatchdog

    package func run(count: Int, random: inout FuzzRandom, report: FuzzReport) throws {
        let setup = try FuzzSetup(label: "cache")
        defer { setup.remove() }
        let path = Paths.join(setup.data, DescriptorCache.fileName)
        // A real cache of the bundled plugins, from a real scan: stamps that match, so it is believed.
        watchdog.begin("the first scan of the bundled plugins")
        try HostRuntime(options: setup.options(isolated: true)).start()
        watchdog.end()
        let real = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let graphPath = Paths.join(setup.data, DescriptorCache.Graph.fileName)
        let realGraph = FileManager.default.contents(atPath: graphPath).flatMap { DescriptorCache.Graph.split([UInt8]($0)) }
        let host = DescriptorCache.hostIdentity(executable: setup.viper)
        let files = PluginDiscovery.discover(PluginFolder.searchOrder(flags: [], environment: setup.environment,
                                                                       executableDirectory: setup.products)).files
        let mutator = FuzzMutator(dictionary: ["\tok\t", "\tfailed\t", "\tbroken\t", "\\N", "\tmodule\t", "\tservice\t", "R\t", "\n"])
        for _ in 0..<count {
            let text: String
            let structural = random.chance(60)
            if structural {
                text = RecordMutator.mutate(real, using: &random)
            } else {
                let seed = random.chance(50) ? real : random.pick(seeds)
                text = random.chance(50) ? mutator.mutate(seed, using: &random, others: seeds)
                    : String(decoding: FuzzMutator.mutate(bytes: Array(seed.utf8), using: &random, maximum: 16), as: UTF8.self)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            // The kept graph: with the real cache its key matches, so a mutated body signed again is believed.
            if let realGraph, random.chance(30) {
                try Data(real.utf8).write(to: URL(fileURLWithPath: path))
                let body = RecordMutator.mutate(String(decoding: realGraph.body, as: UTF8.self), using: &random)
                try Data(DescriptorCache.Graph.signed(body: Array(body.utf8), key: realGraph.key)).write(to: URL(fileURLWithPath: graphPath))
                watchdog.begin("plugin-graph \(FuzzReport.escape(body, limit: 2_000))")
                start(setup: setup, files: files, text: body, report: report)
                watchdog.end()
                continue
            }
            watchdog.begin("plugin-cache \(FuzzReport.escape(text, limit: 2_000))")
            _ = DescriptorCache.load(folder: setup.data, host: host)
            if structural {
                start(setup: setup, files: files, text: text, report: report)
            } else {
                report.tried("cache read")
            }
            watchdog.end()
        }
    }

    private func start(setup: FuzzSetup, files: [PluginFile], text: String, report: FuzzReport) {
        let runtime: HostRuntime
        do {
            runtime = HostRuntime(options: setup.options(isolated: true))
            try runtime.start()
        } catch {
            report.fail("the runtime did not start: \(error)", input: text)
            return
        }
        report.tried("runtime started")
        let listed = runtime.records.map(\.path)
        if listed.count != Set(listed).count || Set(listed) != Set(files.map(\.path)) {
            report.fail("start-up listed \(listed.count) records for \(files.count) plugin files", input: text)
        }
        _ = runtime.dependencies  // worked out from the kept outcome when one was believed
        if let bad = runtime.problems.map(\.message).first(where: { $0.isEmpty || $0.contains(where: \.isNewline) }) {
            report.fail("a start-up problem is not one line: \(FuzzReport.escape(bad))", input: text)
        }
        if let data = FileManager.default.contents(atPath: Paths.join(setup.data, DescriptorCache.fileName)),
           DescriptorCache.parse(data) == nil {
            report.fail("start-up left a cache it cannot read", input: text)
        }
        // Whatever the cache claimed, opening what it offers must fail cleanly or work.
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        for route in stack.routes where !route.spec.pattern.contains(":") {
            do {
                try stack.open(path: route.spec.pattern)
                report.tried("route opened")
            } catch {
                report.tried("route refused")
                let message = NavigationStack.oneLine(error)
                if message.isEmpty {
                    report.fail("opening '\(route.spec.pattern)' failed without a message", input: text)
                }
            }
            stack.removeAll()
        }
    }
}
