import Contracts
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// `viper-bench --notes`: the Notes plugin's `find` over 10,000 notes of one account, in an
/// in-process shell over the bundled Account, Notes and NoteStorage plugins.
///
/// The account is made with `signup` and its first note written through the shell, so the
/// plugin makes its own schema; the other 9,999 notes are added through the host's database
/// service in one transaction (10,000 saves through the shell would each wait for their own
/// `fsync`), so the store's triggers fill its full-text index as a save would. Each note has
/// a title and 40 words from a vocabulary of 4,096; `harbour` and `lantern` are each in 100
/// notes, `garden` and `meadow` each in 1,000, so the rows search for 100 and 1,000 matches.
///
/// A row is the whole command as a person types it in the notes list, `find WORD`: the search,
/// the list's summaries, and the screen drawn (the text made, then dropped). Two words with the
/// same number of matches take turns, so each find changes the list and none is answered from
/// what is on screen. The target is the 20 ms, as the ratio of the median to it.
enum NotesBench {
    static let noteCount = 10_000
    static let target = 0.020

    static func rows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let products = Paths.executableDirectory()
        for plugin in ["libAccountPlugin.so", "libNotesPlugin.so", "libNoteStoragePlugin.so"]
        where !FileManager.default.fileExists(atPath: products + "/" + plugin) {
            throw StartupLab.Failure(description: "\(products)/\(plugin) is missing; run 'swift build -c release' first")
        }
        let root = NSTemporaryDirectory() + "viper-bench-notes-\(getpid())"
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (shell, runtime) = try shell(products: products, data: root + "/data", root: root)
        defer { shell.finish() }
        try run(shell, ["open notes", "login", "signup bench bench-password", "new Note 1", "add the first", "save"])
        let db = try runtime.databases.open("notes")
        try addNotes(to: db, owner: "bench")
        for (word, expected) in [("harbour", noteCount / 100), ("garden", noteCount / 10)] {
            let found = try db.query("SELECT count(*) AS n FROM notes_fts WHERE notes_fts MATCH ?", [.text(word)]).first?.integer("n")
            guard found == Int64(expected) else {
                throw StartupLab.Failure(description: "the notes' index finds '\(word)' in \(found ?? 0) notes, not \(expected)")
            }
        }
        let pairs = max(runs, 5) * 4
        return [
            try findRow(shell, words: ("harbour", "lantern"), matches: noteCount / 100, pairs: pairs),
            try findRow(shell, words: ("garden", "meadow"), matches: noteCount / 10, pairs: pairs),
        ]
    }

    private static func shell(products: String, data: String, root: String) throws -> (Shell, HostRuntime) {
        var options = RuntimeOptions(
            environment: [
                "VIPER_DATA_DIR": data, "XDG_DATA_HOME": root + "/xdg", "HOME": root,
                "VIPER_NOW": "2026-12-01T09:00:00Z", "VIPER_TZ": "UTC",
            ],
            executableDirectory: products)
        options.pluginFlags = ["libAccountPlugin.so", "libNotesPlugin.so", "libNoteStoragePlugin.so"].map { products + "/" + $0 }
        options.echoLevel = nil
        options.scannerExecutable = products + "/viper"
        let runtime = HostRuntime(options: options)
        try runtime.start()
        runtime.loadAll()
        for problem in runtime.problems { FileHandle.standardError.write(Data("viper-bench: \(problem.message)\n".utf8)) }
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(routes: stack.routes.map(\.spec), pluginsLoaded: runtime.records.count, problems: runtime.problems.count)
        return (Shell(stack: stack, home: home, output: NotesBenchOutput(), style: .plain, width: 80), runtime)
    }

    private static func run(_ shell: Shell, _ lines: [String]) throws {
        for line in lines where shell.execute(line) != .succeeded {
            throw StartupLab.Failure(description: "the in-process notes shell failed '\(line)'")
        }
    }

    /// Notes 2 to ``noteCount`` of `owner`, as the store would have written them.
    private static func addNotes(to db: any Database, owner: String) throws {
        let syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "de", "fa", "gu", "ho", "ji", "be", "ve", "zo"]
        let vocabulary: [String] = (0..<4096).map { (index: Int) -> String in
            let first = syllables[index & 15], second = syllables[(index >> 4) & 15], third = syllables[(index >> 8) & 15]
            return first + second + third + "n"
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextWord() -> String {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return vocabulary[Int(seed >> 33) % vocabulary.count]
        }
        try db.transaction {
            for number in 2...noteCount {
                var lines: [String] = []
                for _ in 0..<4 { lines.append((0..<10).map { _ in nextWord() }.joined(separator: " ")) }
                // The searched words: every 50th note holds one of the rare pair, every 5th one of the common.
                if number % 50 == 0 { lines[2] += number % 100 == 0 ? " harbour" : " lantern" }
                if number % 5 == 0 { lines[1] += number % 10 == 0 ? " garden" : " meadow" }
                try db.execute(
                    "INSERT INTO notes(title, body, modified, owner, number) VALUES (?, ?, ?, ?, ?)",
                    [
                        .text("Note \(number) \(nextWord())"), .text(lines.joined(separator: "\n")),
                        .real(1_764_000_000 + Double(number) * 60), .text(owner), .integer(Int64(number)),
                    ])
            }
            try db.execute("INSERT OR REPLACE INTO note_numbers(owner, last) VALUES (?, ?)", [.text(owner), .integer(Int64(noteCount))])
        }
    }

    /// `find` of the two words in turn, `pairs` times each after one turn not counted; each word
    /// is in `matches` notes, so every find does the same work.
    private static func findRow(_ shell: Shell, words: (String, String), matches: Int, pairs: Int) throws -> BenchmarkSuite.Row {
        try run(shell, ["find \(words.0)", "find \(words.1)"])
        var times: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<pairs {
            for word in [words.0, words.1] {
                let cpuStart = threadCPU()
                times.append(try Stopwatch.seconds { try run(shell, ["find \(word)"]) })
                cpus.append(threadCPU() - cpuStart)
            }
        }
        let wall = Stopwatch.median(of: times), cpu = Stopwatch.median(of: cpus)
        return BenchmarkSuite.Row(
            name: "notes: find WORD in the notes list, \(noteCount) notes, \(matches) match (FTS5), CPU vs its target",
            measured: "\(BenchmarkSuite.duration(cpu)) CPU (\(BenchmarkSuite.duration(wall)) wall)",
            baseline: BenchmarkSuite.duration(target), ratio: cpu / target, target: 1)
    }

    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Takes what the shell prints and drops it (the text is still made); errors go to standard error.
private final class NotesBenchOutput: ShellOutput {
    func show(_ text: String) {}
    func error(_ message: String) { FileHandle.standardError.write(Data("viper-bench: \(message)\n".utf8)) }
    func warning(_ message: String) {}
}
