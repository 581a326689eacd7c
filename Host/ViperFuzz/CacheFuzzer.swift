import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// Fuzzes `plugin-cache`: mutated caches (indexes written again, signed, of the real
/// records with their lines mutated, so what the lines say is believed; and broken bytes,
/// which the index's digest must refuse) under a runtime that scans in a
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
        let real = DescriptorCache.readFile(path) ?? []
        let realCache = DescriptorCache.parse(bytes: real)
        let lines = (realCache?.entries.values.sorted { $0.stamp.path < $1.stamp.path } ?? []).map(RecordCodec.encode).joined(separator: "\n")
        let graphPath = Paths.join(setup.data, DescriptorCache.Graph.fileName)
        let realGraph = FileManager.default.contents(atPath: graphPath).flatMap { DescriptorCache.Graph.split([UInt8]($0)) }
        let host = DescriptorCache.hostIdentity(executable: setup.viper)
        let files = PluginDiscovery.discover(
            PluginFolder.searchOrder(
                flags: [], environment: setup.environment,
                executableDirectory: setup.products)
        ).files
        let mutator = FuzzMutator(dictionary: ["\tok\t", "\tfailed\t", "\tbroken\t", "\\N", "\tmodule\t", "\tservice\t", "R\t", "\n"])
        for _ in 0..<count {
            let text: String, bytes: [UInt8]
            let structural = random.chance(60)
            if structural, let realCache {
                text = RecordMutator.mutate(lines, using: &random)
                bytes = Self.index(of: text, like: realCache)
            } else {
                let seed = random.chance(50) ? real : Array(random.pick(seeds).utf8)
                bytes =
                    random.chance(50)
                    ? Array(mutator.mutate(String(decoding: seed, as: UTF8.self), using: &random, others: seeds).utf8)
                    : FuzzMutator.mutate(bytes: seed, using: &random, maximum: 16)
                text = String(decoding: bytes, as: UTF8.self)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            // The kept graph: with the real cache its key matches, so a mutated body signed again is believed.
            if let realGraph, random.chance(30) {
                try Data(real).write(to: URL(fileURLWithPath: path))
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

    /// A signed index of the mutated `text`'s lines: a line the scanner's decoder reads is its
    /// result; one it refuses keeps the stamp and outcome of the real entry of its place but the
    /// mutated line, so the descriptor decoded from it later is what the mutant says.
    private static func index(of text: String, like real: DescriptorCache) -> [UInt8] {
        let originals = real.entries.values.sorted { $0.stamp.path < $1.stamp.path }
        var results: [ScanResult] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            if let decoded = try? RecordCodec.decode(bytes: bytes[...]) {
                results.append(decoded)
            } else if !originals.isEmpty {
                let original = originals[number % originals.count]
                results.append(
                    ScanResult(
                        stamp: original.stamp, outcome: original.outcome, code: original.code, sha256: original.sha256,
                        line: RecordLine(bytes[...])))
            }
        }
        return DescriptorIndex.write(host: real.host, results: results)
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
            DescriptorCache.parse(data) == nil
        {
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
