import Contracts
import Foundation
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime
import ViperSupervision

/// Opens the shell in one of three modes:
///
/// - `viper -c "cmd; cmd"`: runs the commands (separated by `;` or newlines), then exits.
/// - standard input is a terminal: interactive, with readline, a prompt, the home
///   screen at start, and colour when allowed. Exits 0.
/// - otherwise (`printf 'open hello\nquit\n' | viper`): one command per line, no
///   prompt, no colour, nothing drawn before the first command.
///
/// With `--plain` (or `--json`) a scripted session prints what its commands say rather than a
/// screen each (``Shell/plain``, `Shell+Plain.swift`); with `--json`, `viper` has set
/// `VIPER_OUTPUT=json`, which a plugin's Builder reads to draw its list as one line of JSON.
///
/// Scripted sessions (`-c` and piped) run every command even after one fails, and
/// exit 1 when any failed, 0 otherwise; a command during which a database failed
/// (a save on a full disk, a read-only or unopenable file) counts as failed, and so
/// does a database that could not be closed at the end. `quit` ends a session early; with
/// `-e` the first failed command does too, as in `sh -e` (``stopsHere(after:_:)``). Start-up
/// problems are printed first as `warning:` lines on standard error; the shell
/// opens with the plugins that loaded.
///
/// An interactive shell watches the plugin folders (`--no-watch`: not); `-c` and piped
/// sessions do only with `--watch`. What changed is reloaded between commands on this
/// thread, and one notice line per plugin is printed (above the prompt on a terminal).
package enum ShellLauncher {
    package static func run(
        runtime: HostRuntime, options: GlobalOptions, json: Bool = false, environment: [String: String],
        live setup: LiveSetup = LiveSetup()
    ) -> Int32 {
        let stdinIsTerminal = isatty(STDIN_FILENO) == 1
        let colorAllowed = TerminalStyle.allowsColor(environment: environment, noColorFlag: options.noColor)
        let style = TerminalStyle(colors: colorAllowed && stdinIsTerminal && isatty(STDOUT_FILENO) == 1)
        let output = StandardOutput(errorStyle: TerminalStyle(colors: colorAllowed && stdinIsTerminal && ErrorRelay.errorsReachTerminal))
        // A worker started again after a crash said these already. A drop-in's
        // interceptor that is off is one of them, as in doctor: one line each, naming the fix.
        let problems = PluginReport.namingRefusedProviders(runtime.doctorProblems)
        for problem in problems where WorkerLaunch.current?.isRestart != true {
            output.warning(problem.message)
        }
        // A plugin file just outside the folders is silent otherwise (doctor's near misses); read only for a person.
        for line in stdinIsTerminal && WorkerLaunch.current?.isRestart != true ? PluginReport.misplacedLines(runtime) : [] {
            output.warning(line)
        }
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(
            routes: { stack.routes.map(\.spec) },
            pluginsLoaded: servingCount(runtime.records),
            problems: problems.count)
        let shell = Shell(
            stack: stack, home: home, output: output, style: style,
            width: style.colors ? min(terminalColumns() ?? 72, 72) : 60,
            databaseFailures: runtime.databases.failures)
        let scripted = options.script != nil || !stdinIsTerminal
        shell.unsavedWork = options.dropUnsaved ? .drop : .keep
        // `--json` reaches the plugins as VIPER_OUTPUT, which `viper` set before any thread started.
        let json = json || environment["VIPER_OUTPUT"] == "json"
        shell.plain = scripted && (options.plain || json)
        shell.failsOnDrawnErrors = scripted
        shell.contractGraph = { ContractGraph(runtime: runtime) }
        shell.pluginReport = { $0 ? PluginReport.doctorText(runtime) : PluginReport.pluginsText(runtime) }
        shell.missingRouteNote = { PluginReport.missingRouteNote(runtime, path: $0) }
        shell.profileReport = { json in
            let report = ProfileReport.make(runtime)
            return json ? report.json() : report.text()
        }
        let refreshHome = {
            home.update(routes: stack.routes.map(\.spec), pluginsLoaded: servingCount(runtime.records))
        }
        shell.reloadPlugins = {
            let report = runtime.reloadAll()
            refreshHome()
            return report
        }
        let watching = watches(options, stdinIsTerminal: stdinIsTerminal, byDefault: setup.watchesByDefault)
        let live = liveSession(
            setup, watching: watching ? runtime.folders : nil, environment: environment, output: output,
            afterReload: refreshHome)
        defer { live?.stop() }
        let keeper = SessionKeeper(shell: shell)
        keeper?.restore()
        if let script = options.script {
            if let route = live?.reopenRoute, keeper?.resumeAt ?? 0 == 0 { shell.reopen(route) }
            var quit = false
            for (index, command) in CommandSplitter.statements(script).enumerated() where index >= keeper?.resumeAt ?? 0 {
                if let live { shell.apply(live) }
                let outcome = shell.execute(command, keeping: keeper)
                if outcome == .quit || stopsHere(after: outcome, options, command: command, output: output)
                    || outputFailed(after: command, shell, output: output)
                {
                    quit = true
                    break
                }
            }
            if !quit { shell.reachEndOfInput() }
            shell.finishPlain()
            _ = outputFailed(after: nil, shell, output: output)
        } else if stdinIsTerminal {
            // A person watches: a long command's progress lines go to the terminal at once.
            runtime.commandProgress.write = { FileHandle.standardError.write(Data($0.utf8)) }
            // No history file when the data folder may not be written (start-up said why).
            runInteractive(
                shell, historyPath: runtime.dataWriteProblem == nil ? Paths.join(runtime.dataFolder, "history") : nil,
                output: output, live: live, keeper: keeper)
        } else {
            // A worker that restores a session (after a crash) opens no route over it.
            if let route = live?.reopenRoute, WorkerLaunch.current?.restore == nil { shell.reopen(route) }
            let reader = PlainLineReader()
            // Changes are taken when a line comes, before it runs.
            var quit = false
            var last = ""
            while !quit, let line = reader.readLine(prompt: "") {
                if let live { shell.apply(live) }
                let outcome = shell.execute(line, keeping: keeper, inputWaiting: reader.hasWaitingLine)
                quit =
                    outcome == .quit || stopsHere(after: outcome, options, command: line, output: output)
                    || outputFailed(after: line, shell, output: output)
                last = line
            }
            if let lost = reader.lost {
                shell.inputWasTaken(lost, after: last)
            } else if !quit {
                keeper?.inputCameToAnEnd()
            }
            if !quit { shell.reachEndOfInput() }
            shell.finishPlain()
            _ = outputFailed(after: nil, shell, output: output)
        }
        keeper?.ending()
        // Closing writes each database's WAL back, so NAME.sqlite alone holds the data.
        // A worker that restored a session also checkpoints what the crashed one left behind.
        let restored = WorkerLaunch.current.map { $0.isRestart || $0.recovered } ?? false
        shell.finish(closing: { runtime.databases.closeAll(leftovers: restored) })
        return scripted && shell.failures > 0 ? 1 : 0
    }

    /// A person at a terminal: readline, history (without lines that carry a secret), exit 0.
    private static func runInteractive(
        _ shell: Shell, historyPath: String?, output: any ShellOutput, live: LiveSession?,
        keeper: SessionKeeper?
    ) {
        let reader = ReadlineReader(
            historyPath: historyPath,
            completion: { [unowned shell] in shell.completions(before: $0, word: $1) })
        defer { reader.close() }
        if let warning = reader.historyWarning { output.warning(warning) }
        // The answer is read like a command line but never kept in the history.
        shell.unsavedWork = .ask { question in
            let answer = reader.readLine(prompt: question)?.trimmingCharacters(in: .whitespaces).lowercased()
            return answer == "y" || answer == "yes"
        }
        shell.drawCurrentScreen()
        if let route = live?.reopenRoute, WorkerLaunch.current?.restore == nil { shell.reopen(route) }
        // Changes are taken while readline waits for a key: notices go above the prompt.
        let idle = { [unowned shell] in
            guard let live, let update = live.take() else { return }
            ReadlineReader.printAbove({ shell.show(update, from: live) }, prompt: { shell.prompt })
        }
        // Ctrl-D is `quit`: it asks before losing unsaved work, and "no" keeps the session.
        // Input that keeps ending (the terminal is gone) ends the session after a few tries.
        var endsInARow = 0
        while true {
            guard let line = reader.readLine(prompt: shell.prompt, whileWaiting: idle) else {
                output.show("")
                endsInARow += 1
                if endsInARow >= 3 || shell.execute("quit", keeping: keeper) == .quit { break }
                continue
            }
            endsInARow = 0
            if let pasted = Shell.pastedLines(line) {  // a paste of several lines: text, never commands
                shell.receivePaste(pasted)
                continue
            }
            if !shell.keepsOutOfHistory(line) { reader.remember(line) }
            if shell.execute(line, keeping: keeper) == .quit { break }
        }
    }

    /// With `-e`, a failed command ends a scripted session (the rest is not run, and viper exits 1
    /// as for any failure): says so on one line naming the command, and returns true.
    static func stopsHere(
        after outcome: Shell.Outcome, _ options: GlobalOptions, command: String,
        output: any ShellOutput
    ) -> Bool {
        guard options.stopOnFailure, outcome == .failed else { return false }
        let shown = PrintableText.oneLine(command.trimmingCharacters(in: .whitespaces))
        output.error("stopped at the first failed command, '\(shown)' (-e); the commands after it did not run")
        return true
    }

    /// A script's standard output could not be written (a full disk, a descriptor plugin code
    /// closed; a closed pipe ends the session as SIGPIPE does instead): says so on one line, and
    /// returns true, so that the rest is not run and viper exits 1 rather than end a script whose
    /// output was lost as a success.
    static func outputFailed(after command: String?, _ shell: Shell, output: any ShellOutput) -> Bool {
        guard let failure = StandardOutput.takeWriteFailure() else { return false }
        let shown = command.map { " after '\(PrintableText.oneLine($0.trimmingCharacters(in: .whitespaces)))'" } ?? ""
        let rest = command == nil ? "" : ", so what came after did not run"
        output.error("standard output could not be written (\(String(cString: strerror(failure))))\(shown)\(rest); viper stops here with status 1")
        shell.failures += 1
        return true
    }

    /// Whether the session watches the plugin folders: as `--watch`/`--no-watch` say, else when
    /// it is interactive (a terminal and no `-c`) or `byDefault` (`viper dev`).
    package static func watches(_ options: GlobalOptions, stdinIsTerminal: Bool, byDefault: Bool) -> Bool {
        options.watch ?? (byDefault || (options.script == nil && stdinIsTerminal))
    }

    /// The live session: a watcher over `folders` (nil: no watching) and the notices of `setup`;
    /// nil when there is neither. A watcher that cannot start is a warning, not the end of the shell.
    private static func liveSession(
        _ setup: LiveSetup, watching folders: [PluginFolder]?, environment: [String: String],
        output: any ShellOutput, afterReload: (() -> Void)? = nil
    ) -> LiveSession? {
        var watcher: FileWatcher?
        let probing = environment[ProbeReloader.variable] == "1"
        if let folders {
            do {
                // Asked to (tests only), viper says on standard error when the watcher has heard a change, so tests wait for it.
                let heard = environment[ProbeReloader.heardVariable] == "1" ? ProbeReloader.heard : nil
                watcher = try FileWatcher.plugins(in: folders, onReady: heard)
            } catch {
                output.warning("\(error)")
            }
        }
        guard watcher != nil || setup.notices != nil else { return nil }
        let reloader = probing ? ProbeReloader() : setup.reloader
        return LiveSession(
            watcher: watcher, reloader: reloader, notices: setup.notices, reopenRoute: setup.reopenRoute,
            afterReload: afterReload)
    }

    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

extension ShellLauncher {
    /// How many of `records` are loaded or ready to load, read in place: a filter would copy every
    /// record at every warm start.
    static func servingCount(_ records: [PluginRecord]) -> Int {
        var count = 0
        for index in records.indices where records[index].status == .loaded || records[index].status == .ready {
            count += 1
        }
        return count
    }
}
