import Foundation
import ViperCommandLine
import ViperLoading

/// The signed-plugin rows: verifying a signed plugin on a cold start (per plugin, against the
/// 0.5 ms budget) and on a warm one (against the cold cost: no cryptography may run), `index build`
/// of 1,000 plugins (against 2 s) and an install's resolve and verify from a 1,000-plugin index
/// (against 100 ms, the copy into the plugin folder excluded). The budgets are absolute figures
/// from the issue; the bench plugins are the release-built template of ``StartupLab``.
///
/// Each figure is CPU time (this process's, plus its children's for `index build`, whose scanners
/// are children), not wall time: on a shared machine the wall clock measures the neighbours, and
/// an absolute budget has no baseline in the same run to cancel them out.
enum SupplyBench {
    static let verifyBudget = 0.000_5
    static let buildBudget = 2.0
    static let installBudget = 0.1

    static func rows(lab: StartupLab, count: Int, runs: Int) throws -> [BenchmarkSuite.Row] {
        guard let folder = lab.folders[count] else { throw StartupLab.Failure(description: "no folder of \(count) plugins") }
        guard let key = MinisignSecretKey.generate() else { throw StartupLab.Failure(description: "no random bytes for a key") }
        let keyPath = lab.root + "/supply.key"
        try key.text.write(toFile: keyPath, atomically: true, encoding: .utf8)
        chmod(keyPath, 0o600)
        // Each plugin signed as itself (bench-NNNN 1.0.0) and pinned, as an install leaves it.
        var lock = PluginLock()
        var paths: [String] = []
        for number in 0..<count {
            let name = String(format: "bench-%04d", number + 1)
            let path = folder + "/lib\(name).so"
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(descriptor) }
            let statement = PluginStatement(plugin: name, version: "1.0.0", contracts: "1.0", file: "lib\(name).so", timestamp: 0)
            let signature = try MinisignSignature.sign(file: descriptor, key: key, trustedComment: statement.comment, untrustedComment: "bench")
            try signature.text.write(toFile: path + Minisign.signatureSuffix, atomically: true, encoding: .utf8)
            lock.publishers?[name] = nil
            var publishers = lock.publishers ?? [:]
            publishers[name] = PluginLock.Publisher(keyID: key.publicKey.keyID, publicKey: key.publicKey.base64, version: "1.0.0", path: path)
            lock.publishers = publishers
            paths.append(path)
        }
        var info = stat()
        let size = paths.first.map { stat($0, &info) == 0 ? Int(info.st_size) : 0 } ?? 0
        let check = SignatureCheck(pins: PublisherPins(lock: lock, path: "plugins.lock"))
        var cold: [Double] = [], warm: [Double] = []
        for _ in 0..<runs {
            var start = cpuTime()
            for path in paths {
                guard case .verified = check.verify(path) else { throw StartupLab.Failure(description: "\(path): a bench plugin did not verify") }
            }
            cold.append((cpuTime() - start) / Double(count))
            start = cpuTime()
            for path in paths where check.recheck(path) != nil { throw StartupLab.Failure(description: "\(path): refused warm") }
            warm.append((cpuTime() - start) / Double(count))
        }
        let coldMedian = median(cold), warmMedian = median(warm)
        var rows = [
            BenchmarkSuite.Row(
                name: "verify a signed plugin, cold start (CPU per plugin, \(count), \(size / 1024) KiB each)", measured: BenchmarkSuite.duration(coldMedian),
                baseline: "budget " + BenchmarkSuite.duration(verifyBudget), ratio: coldMedian / verifyBudget, target: 1),
            BenchmarkSuite.Row(
                name: "signed plugin at a warm start (CPU per plugin, \(count))", measured: BenchmarkSuite.duration(warmMedian),
                baseline: "cold verify " + BenchmarkSuite.duration(coldMedian), ratio: warmMedian / coldMedian, target: 0.1),
        ]
        // index build over the signed folder: signatures checked, every plugin scanned, files written.
        let environment = lab.environment(data: lab.freshData())
        var builds: [Double] = []
        for _ in 0..<max(1, runs / 2) {
            let command = try IndexBuildCommand.parse([folder, "--key", keyPath], environment: environment)
            let start = cpuTime(children: true)
            guard command.run() == 0 else { throw StartupLab.Failure(description: "index build failed") }
            builds.append(cpuTime(children: true) - start)
        }
        let build = median(builds)
        rows.append(
            BenchmarkSuite.Row(
                name: "index build of \(count) plugins (CPU, scanners included)", measured: BenchmarkSuite.duration(build),
                baseline: "budget " + BenchmarkSuite.duration(buildBudget), ratio: build / buildBudget, target: 1))
        // install's resolve and verify: the root checked, one plugin's file found, chosen, fetched and verified.
        var installs: [Double] = []
        for _ in 0..<runs {
            let client = PluginIndexClient(context: CommandContext(environment: lab.environment(data: lab.freshData())))
            let start = cpuTime()
            var pins = PluginLock()
            let opened = try client.open("file://" + folder, pins: &pins)
            let name = String(format: "bench-%04d", count / 2)
            let version = try client.choose(try client.entry(name, in: opened), wanted: nil)
            _ = try client.fetch(name, version, from: opened, pins: pins)
            installs.append(cpuTime() - start)
        }
        let install = median(installs)
        rows.append(
            BenchmarkSuite.Row(
                name: "install from a \(count)-plugin index (CPU, resolve + verify)", measured: BenchmarkSuite.duration(install),
                baseline: "budget " + BenchmarkSuite.duration(installBudget), ratio: install / installBudget, target: 1))
        return rows
    }

    /// Seconds of CPU this process has used (user and system), plus its waited-for children's when asked.
    private static func cpuTime(children: Bool = false) -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        var total = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        if children {
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            total += seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        return total
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
