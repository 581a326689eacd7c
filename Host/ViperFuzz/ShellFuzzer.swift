import Contracts
import Foundation
import ViperCore
import ViperRuntime
import ViperShell

/// Fuzzes the shell's input: random, generated and mutated lines through the real
/// shell over the bundled plugins, in this process. Every line must end as
/// succeeded (no error line), rejected (exactly one one-line error) or quit, in time;
/// then a session of raw lines (invalid UTF-8 included) goes through a real `viper`
/// on standard input, which must exit normally.
struct ShellFuzzer {
    let seeds: [String]
    let watchdog: FuzzWatchdog

    /// Lines per shell before it is finished and a fresh one starts (bounds the stack).
    static let linesPerSession = 400

    package func run(count: Int, random: inout FuzzRandom, report: FuzzReport) throws {
        let setup = try FuzzSetup(label: "shell")
        defer { setup.remove() }
        let runtime = HostRuntime(options: setup.options(isolated: false))
        for problem in try runtime.start().problems {
            report.fail("the bundled plugins did not start cleanly: \(problem.message)", input: "")
        }
        let output = FuzzShellOutput()
        var mutator = FuzzMutator()
        mutator.dictionary =
            BuiltinCommand.allCases.map(\.rawValue) + [
                "signin ada secret", "new", "save", "add", "done", "title", "body", "cancel", "edit", "delete", "due", "name", "open notes", "open todo",
            ]
        var shell = makeShell(runtime, output)
        var index = 0
        while index < count {
            if index > 0, index % Self.linesPerSession == 0 {
                watchdog.begin("finishing the shell after line \(index)")
                shell.finish()
                watchdog.end()
                output.reset()
                shell = makeShell(runtime, output)
            }
            let line = nextLine(shell: shell, mutator: mutator, random: &random)
            check(line, number: index, shell: shell, output: output, report: report)
            index += 1
        }
        shell.finish()
        try runProcess(count: min(count, 2_000), setup: setup, mutator: mutator, random: &random, report: report)
    }

    private func makeShell(_ runtime: HostRuntime, _ output: FuzzShellOutput) -> Shell {
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(routes: stack.routes.map(\.spec), pluginsLoaded: runtime.records.count, problems: 0)
        return Shell(stack: stack, home: home, output: output)
    }

    private func check(_ line: String, number: Int, shell: Shell, output: FuzzShellOutput, report: FuzzReport) {
        let errorsBefore = output.errors.count
        let failuresBefore = shell.failures
        watchdog.begin("shell line \(number): \(FuzzReport.escape(line))")
        let outcome = shell.execute(line)
        if number % 97 == 0 { _ = shell.screenLines() }
        watchdog.end()
        let errors = output.errors[errorsBefore...]
        switch outcome {
        case .failed:
            report.tried("rejected")
            if errors.count != 1 {
                report.fail("a rejected line printed \(errors.count) error lines instead of one", input: line)
            } else if let message = errors.first, message.isEmpty || message.contains(where: \.isNewline) {
                report.fail("a rejected line's error is not one line of text: \(FuzzReport.escape(message))", input: line)
            }
            if shell.failures != failuresBefore + 1 {
                report.fail("a rejected line was not counted as a failure", input: line)
            }
        case .succeeded, .quit:
            report.tried(outcome == .quit ? "quit" : "succeeded")
            if !errors.isEmpty {
                report.fail("a line that succeeded printed an error: \(FuzzReport.escape(errors.first ?? ""))", input: line)
            }
        }
    }

    // MARK: Lines

    private func nextLine(shell: Shell, mutator: FuzzMutator, random: inout FuzzRandom) -> String {
        let roll = random.below(100)
        let line: String
        switch roll {
        case ..<35: line = generated(shell: shell, random: &random)
        case ..<70: line = mutator.mutate(random.pick(seeds), using: &random, others: seeds)
        case ..<78: line = random.pick(seeds)
        case ..<90: line = String(String.UnicodeScalarView((0..<random.int(0...80)).map { _ in FuzzMutator.randomScalar(using: &random) }))
        case ..<97: line = String(decoding: (0..<random.int(0...60)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self)
        default: line = mutator.mutate(String(repeating: random.pick(seeds) + " ", count: random.int(20...400)), using: &random)
        }
        return Self.contained(Self.offline(line))
    }

    /// A line made of a command the shell offers now (or any built-in) and plausible arguments.
    private func generated(shell: Shell, random: inout FuzzRandom) -> String {
        let offered = shell.availableCommands.map(\.name)
        let name = random.chance(80) && !offered.isEmpty ? random.pick(offered) : random.pick(BuiltinCommand.allCases.map(\.rawValue) + ["signin", "new"])
        var words = [name]
        if name == "open" || random.chance(10) {
            words.append(routePath(shell: shell, random: &random))
        }
        for _ in 0..<random.below(4) {
            words.append(argument(random: &random))
        }
        let separator = random.chance(90) ? " " : random.pick(["  ", "\t", " \t "])
        return words.joined(separator: separator)
    }

    private func routePath(shell: Shell, random: inout FuzzRandom) -> String {
        let routes = shell.stack.routes.map(\.spec)
        guard !routes.isEmpty, random.chance(85) else { return argument(random: &random) }
        let spec = random.pick(routes)
        var path = spec.pattern.split(separator: "/").map { segment in
            segment.hasPrefix(":")
                ? argument(random: &random).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?"])) ?? "x" : String(segment)
        }.joined(separator: "/")
        if random.chance(40) {
            let names = spec.query + ["name", "source", "x", ""]
            let pairs = (0..<random.int(1...3)).map { _ in "\(random.pick(names))=\(argument(random: &random))" }
            path += "?" + pairs.joined(separator: random.chance(90) ? "&" : "&&")
        }
        return path
    }

    private func argument(random: inout FuzzRandom) -> String {
        switch random.below(8) {
        case 0: return random.pick(FuzzMutator.interestingNumbers)
        case 1: return String(random.int(-3...12))
        case 2: return random.pick(["ada", "secret", "Groceries", "milk", "today", "tomorrow", "friday", "2026-12-08", "2026-02-30", "next friday"])
        case 3: return "'" + random.pick(["two words", "it''s", "", "a;b"]) + "'"
        case 4: return "\"" + random.pick(["say \\\"hi\\\"", "", "tab\there", "back\\\\slash"]) + "\""
        case 5: return random.pick(FuzzMutator.interestingText)
        default: return String(String.UnicodeScalarView((0..<random.int(1...12)).map { _ in FuzzMutator.randomScalar(using: &random) }))
        }
    }

    /// The Articles module fetches `?source=` URLs: keep fuzzing off the network (the
    /// fuzzer also points the proxy variables at a closed local port).
    static func offline(_ line: String) -> String {
        guard line.range(of: "source", options: .caseInsensitive) != nil else { return line }
        return line.replacingOccurrences(of: "http", with: "file", options: .caseInsensitive)
    }

    /// Commands that reach outside the session: `export DIR` writes files where the fuzzer runs
    /// (the shell fuzzes in this process), `editor` and `browse` start the user's editor or
    /// browser. A line that starts with one becomes `help` with the same arguments.
    static let reachingOut: Set<String> = ["export", "editor", "browse"]

    static func contained(_ line: String) -> String {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let name = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard reachingOut.contains(String(name)) else { return line }
        return "help" + trimmed.dropFirst(name.count)
    }

    // MARK: A real viper on standard input

    private func runProcess(count: Int, setup: FuzzSetup, mutator: FuzzMutator, random: inout FuzzRandom, report: FuzzReport) throws {
        var input = Data()
        var written = 0
        while written < count {
            let text = Self.contained(Self.offline(random.chance(70) ? mutator.mutate(random.pick(seeds), using: &random, others: seeds) : random.pick(seeds)))
            // `quit` would end the session before the rest of the input is read.
            let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            if first == "quit" || first == "exit" { continue }
            written += 1
            var line = Array(text.utf8)
            if random.chance(15) { line = FuzzMutator.mutate(bytes: line, using: &random, maximum: 3).filter { $0 != 0x0A } }
            input.append(contentsOf: line)
            input.append(0x0A)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setup.viper)
        process.environment = setup.environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        watchdog.begin("a viper session of \(count) piped lines (seed of this target)")
        try process.run()
        let errors = ErrorBuffer()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            _ = stdout.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        watchdog.end()
        let errorData = errors.data
        report.tried("piped session")
        let session = "\(count) piped lines"
        if process.terminationReason == .uncaughtSignal {
            report.fail("viper died with signal \(process.terminationStatus) reading piped lines", input: session)
        } else if process.terminationStatus != 0 && process.terminationStatus != 1 {
            report.fail("viper exited with status \(process.terminationStatus) reading piped lines", input: session)
        }
        if let index = errorData.firstIndex(where: { $0 < 0x20 && $0 != 0x0A }) {
            let context = String(decoding: errorData[max(errorData.startIndex, index - 60)..<min(errorData.endIndex, index + 20)], as: UTF8.self)
            report.fail("viper echoed a control character to standard error: \(FuzzReport.escape(context))", input: session)
        }
        let lines = String(decoding: errorData, as: UTF8.self).split(separator: "\n")
        if let stray = lines.first(where: { !$0.hasPrefix("error: ") && !$0.hasPrefix("warning: ") }) {
            report.fail("viper wrote a line to standard error that is not an error or a warning: \(FuzzReport.escape(String(stray)))", input: session)
        }
        if process.terminationStatus == 1, !lines.contains(where: { $0.hasPrefix("error: ") }) {
            report.fail("viper exited 1 without an error line", input: session)
        }
    }
}

/// Standard error of the piped viper, filled by a reader thread and read after it finished.
private final class ErrorBuffer: @unchecked Sendable {
    var data = Data()
}
