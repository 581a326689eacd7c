import Foundation
import ViperLoading
import ViperRuntime

/// Fuzzes `config.json`: mutated configs are read the way start-up reads them. Each is
/// either used or refused with one line naming the file; every few, a whole runtime
/// starts with it and must report a bad config as a problem and carry on.
struct ConfigFuzzer {
    let seeds: [String]
    let watchdog: FuzzWatchdog
    /// One in this many configs also starts a runtime.
    var runtimeEvery = 20

    package func run(count: Int, random: inout FuzzRandom, report: FuzzReport) throws {
        let setup = try FuzzSetup(label: "config")
        defer { setup.remove() }
        let path = Paths.join(setup.data, ViperConfig.fileName())
        let mutator = FuzzMutator(dictionary: ["providers", "Contracts.NoteEditing", "notes", "{", "}", "[", "]", ":", ",", "null"])
        for index in 0..<count {
            let seed = random.pick(seeds)
            let text: String
            switch random.below(10) {
            case 0..<5: text = JSONMutator.mutate(seed, using: &random)
            case 5..<9: text = mutator.mutate(seed, using: &random, others: seeds)
            default: text = String(decoding: FuzzMutator.mutate(bytes: Array(seed.utf8), using: &random), as: UTF8.self)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            watchdog.begin("config.json \(FuzzReport.escape(text))")
            var refusal: String?
            do {
                _ = try ViperConfig.load(folder: setup.data)
                report.tried("config read")
            } catch {
                report.tried("config refused")
                refusal = "\(error)"
                if let refusal, !refusal.hasPrefix(path + ": not a valid viper config (") || refusal.contains(where: \.isNewline) {
                    report.fail("the refusal is not one line naming the file: \(FuzzReport.escape(refusal))", input: text)
                }
            }
            if index % runtimeEvery == 0 {
                do {
                    let runtime = HostRuntime(options: setup.options(isolated: false))
                    try runtime.start()
                    report.tried("runtime started")
                    let lines = runtime.problems.map(\.message)
                    if let refusal, !lines.contains(refusal) {
                        report.fail("a config that cannot be read is not reported as a problem", input: text)
                    }
                    if let bad = lines.first(where: { $0.isEmpty || $0.contains(where: \.isNewline) }) {
                        report.fail("a start-up problem is not one line: \(FuzzReport.escape(bad))", input: text)
                    }
                    if runtime.records.isEmpty {
                        report.fail("the bundled plugins were not listed", input: text)
                    }
                } catch {
                    report.fail("the runtime did not start: \(error)", input: text)
                }
            }
            watchdog.end()
        }
    }
}
