import Foundation
import ViperELF
import ViperLoading
import ViperRuntime

/// Fuzzes plugin files: mutants of real plugins (header fields, program and section
/// headers, the dynamic section and symbol table, bit flips, truncations) are read by
/// this process's ELF checks and then scanned in child processes by a real start-up.
/// This process must survive every mutant, and each must be listed with a verdict.
struct ELFFuzzer {
    /// Plugin files to mutate.
    let seeds: [String]
    let watchdog: FuzzWatchdog
    /// Mutants per start-up.
    var batch = 25

    package func run(count: Int, random: inout FuzzRandom, report: FuzzReport) throws {
        let setup = try FuzzSetup(label: "elf")
        defer { setup.remove() }
        let originals = seeds.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        guard !originals.isEmpty else {
            report.fail("no seed plugin could be read", input: seeds.joined(separator: ", "))
            return
        }
        let empty = setup.base + "/no-bundled-plugins"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        var made = 0
        var round = 0
        while made < count {
            let folder = setup.base + "/mutants-\(round)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            var labels: [String: String] = [:]
            for _ in 0..<min(batch, count - made) {
                let seedIndex = random.below(originals.count)
                var strategies: [String] = []
                let mutant = Self.mutate(originals[seedIndex], strategies: &strategies, using: &random)
                let path = folder + "/libMutant\(made).so"
                let label = "ELF mutant \(made) of \(Paths.lastComponent(seeds[seedIndex])) (\(strategies.joined(separator: ", ")))"
                guard FileManager.default.createFile(atPath: path, contents: Data(mutant), attributes: [.posixPermissions: 0o755]) else {
                    throw MutantNotWritten(path: path)
                }
                labels[path] = label
                // This process reads every mutant's headers and tables itself.
                watchdog.begin(label)
                _ = ELFCheck.problem(at: path)
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    _ = ELFLinkage(descriptor: descriptor, size: UInt64(mutant.count)).problem
                    close(descriptor)
                }
                watchdog.end()
                made += 1
            }
            scan(folder: folder, labels: labels, setup: setup, bundled: empty, report: report)
            try? FileManager.default.removeItem(atPath: folder)
            round += 1
        }
    }

    /// A start-up over the mutants, scanned in child processes; every mutant must be listed with a verdict.
    private func scan(folder: String, labels: [String: String], setup: FuzzSetup, bundled: String, report: FuzzReport) {
        watchdog.begin("scanning \(labels.count) ELF mutants: \(labels.values.sorted().joined(separator: "; "))")
        defer { watchdog.end() }
        let runtime: HostRuntime
        do {
            runtime = HostRuntime(options: setup.options(plugins: [folder], isolated: true, bundled: bundled))
            try runtime.start()
        } catch {
            report.fail("the runtime did not start: \(error)", input: folder)
            return
        }
        for (path, label) in labels.sorted(by: { $0.key < $1.key }) {
            let records = runtime.records.filter { $0.path == path }
            guard records.count == 1, let record = records.first else {
                report.fail("the mutant is listed \(records.count) times", input: label)
                continue
            }
            report.tried(record.status.rawValue)
            if record.status == .disabled || record.status == .broken {
                guard let reason = record.reason, !reason.isEmpty, !reason.contains(where: \.isNewline) else {
                    report.fail("a refused mutant has no one-line reason (\(FuzzReport.escape(record.reason ?? "none")))", input: label)
                    continue
                }
            }
        }
    }

    // MARK: Mutations

    static func mutate(_ original: [UInt8], strategies: inout [String], using random: inout FuzzRandom) -> [UInt8] {
        var bytes = original
        for _ in 0..<random.int(1...3) {
            let layout = Layout(bytes)
            switch random.below(9) {
            case 0:
                strategies.append("ELF header")
                let offset = random.pick([4, 5, 6, 16, 18, 24, 32, 40, 52, 54, 56, 58, 60, 62, random.below(64)])
                write(&bytes, at: offset, value(for: bytes.count, using: &random), width: random.pick([1, 2, 4, 8]))
            case 1 where layout.programCount > 0:
                strategies.append("program header")
                let entry = layout.programOffset + random.below(layout.programCount) * layout.programEntrySize
                let field = random.pick([0, 4, 8, 16, 32, 40, 48])
                write(&bytes, at: entry + field, value(for: bytes.count, using: &random), width: field == 0 || field == 4 ? 4 : 8)
            case 2 where layout.sectionCount > 0:
                strategies.append("section header")
                let entry = layout.sectionOffset + random.below(layout.sectionCount) * layout.sectionEntrySize
                let field = random.pick([0, 4, 8, 24, 32, 40, 44, 56])
                write(&bytes, at: entry + field, value(for: bytes.count, using: &random), width: [0, 4, 40, 44].contains(field) ? 4 : 8)
            case 3 where !layout.dynamic.isEmpty:
                strategies.append("dynamic section")
                let entry = layout.dynamic.lowerBound + random.below(max(1, layout.dynamic.count / 16)) * 16
                write(&bytes, at: entry + random.pick([0, 8]), value(for: bytes.count, using: &random), width: 8)
            case 4 where !layout.symbols.isEmpty:
                strategies.append("symbol table")
                let entry = layout.symbols.lowerBound + random.below(max(1, layout.symbols.count / 24)) * 24
                let field = random.pick([0, 4, 6, 8, 16])
                write(&bytes, at: entry + field, value(for: bytes.count, using: &random), width: field == 0 ? 4 : field == 4 ? 1 : field == 6 ? 2 : 8)
            case 5:
                strategies.append("truncated")
                bytes.removeSubrange(random.below(bytes.count + 1)...)
            case 6 where !bytes.isEmpty:
                strategies.append("range filled")
                let start = random.below(bytes.count)
                let end = min(bytes.count, start + random.int(1...4_096))
                let fill: UInt8 = random.pick([0x00, 0xFF, 0xCC])
                for index in start..<end { bytes[index] = fill }
            case 7:
                strategies.append("bytes appended")
                bytes += (0..<random.int(1...512)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            default:
                strategies.append("bit flips")
                for _ in 0..<random.int(1...16) where !bytes.isEmpty {
                    bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
                }
            }
        }
        return bytes
    }

    /// Values at the edges: zero, one, the file size and around it, all ones, random.
    private static func value(for size: Int, using random: inout FuzzRandom) -> UInt64 {
        random.pick([
            0, 1, UInt64(size), UInt64(size) + 1, UInt64(max(size - 1, 0)), UInt64.max, UInt64(UInt32.max),
            0x8000_0000_0000_0000, UInt64(random.below(size + 1)), random.next(),
        ])
    }

    private static func write(_ bytes: inout [UInt8], at offset: Int, _ value: UInt64, width: Int) {
        for index in 0..<width where offset >= 0 && offset + index < bytes.count {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
        }
    }

    /// Where the tables worth mutating are, read leniently from the bytes.
    private struct Layout {
        var programOffset = 0, programEntrySize = 56, programCount = 0
        var sectionOffset = 0, sectionEntrySize = 64, sectionCount = 0
        var dynamic = 0..<0
        var symbols = 0..<0

        init(_ bytes: [UInt8]) {
            guard bytes.count >= 64 else { return }
            func number(_ offset: Int, _ width: Int) -> Int {
                guard offset >= 0, offset + width <= bytes.count else { return 0 }
                var value: UInt64 = 0
                for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
                return Int(clamping: value)
            }
            programOffset = number(32, 8)
            programEntrySize = max(1, number(54, 2))
            programCount = programOffset < bytes.count ? min(number(56, 2), (bytes.count - programOffset) / programEntrySize) : 0
            sectionOffset = number(40, 8)
            sectionEntrySize = max(1, number(58, 2))
            sectionCount = sectionOffset < bytes.count ? min(number(60, 2), (bytes.count - sectionOffset) / sectionEntrySize) : 0
            for index in 0..<sectionCount {
                let header = sectionOffset + index * sectionEntrySize
                let type = number(header + 4, 4)
                let offset = number(header + 24, 8), size = number(header + 32, 8)
                guard offset < bytes.count, size <= bytes.count - offset else { continue }
                if type == 6 { dynamic = offset..<(offset + size) }
                if type == 11 { symbols = offset..<(offset + size) }
            }
        }
    }
}

/// A mutant could not be written into the fuzzer's scratch folder (full or not writable).
struct MutantNotWritten: Error, CustomStringConvertible {
    let path: String

    var description: String { "could not write the mutant \(path); is its folder writable and not full?" }
}
