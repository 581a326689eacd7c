import Foundation
import Testing
import ViperLoading
import ViperTestSupport

/// Plugin code that attacks its supervisor, and deaths that are not a plugin's: the supervisor
/// survives each and says one line, blames only the plugin whose code ran, and ends what the
/// worker's plugins started. Every run is bounded (`timeout`), since before these promises held
/// some of them never ended.
@Suite struct SupervisorUnderAttackTests {
    /// Runs `viper ARGUMENTS` for at most two minutes (then SIGKILL: status 137).
    private func run(_ viper: ViperProcess, _ arguments: [String], input: String = "") throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/timeout", ["-s", "KILL", "120", BuildProducts.viper] + arguments, input: input, environment: viper.environment)
    }

    private func errorLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error: ") }
    }

    @Test(arguments: [
        ("stop-parent", "SIGSTOP to its parent"),
        ("kill-parent", "SIGKILL to its parent"),
        ("term-group", "SIGTERM to its process group"),
        ("kill", "SIGKILL to itself"),
    ])
    func aPluginCannotSignalItsSupervisorOrKillItsOwnWorker(_ kind: String, _ what: String) throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault \(kind); where"])
        #expect(errorLines(result.stderr) == ["error: \(what) was refused: Operation not permitted"], "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Home › Fault\n"), "the session went on: \(result.stdout.suffix(300))")
        #expect(result.status == 1, "the refused command failed, nothing else: \(result.status)")
        let crashes = (try? FileManager.default.contentsOfDirectory(atPath: viper.dataFolder + "/crashes")) ?? []
        #expect(crashes.isEmpty, "\(crashes)")
    }

    /// Calls that change another process of the same account without signalling it: its resource
    /// limits (`prlimit`: with no address space left, the supervisor aborts at its first allocation
    /// for the crash that follows), its scheduling (`SCHED_IDLE`: a spinning worker
    /// would hold off the Ctrl-C that stops it) and its priority, alone or with every process of the
    /// account's.
    @Test(arguments: [
        ("limit-parent", "limiting its parent's memory"),
        ("starve-parent", "making its parent idle"),
        ("nice-parent", "lowering its parent's priority"),
        ("nice-account", "lowering its account's priority"),
    ])
    func aPluginCannotLimitOrDemoteItsSupervisor(_ kind: String, _ what: String) throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault \(kind); where"])
        #expect(errorLines(result.stderr) == ["error: \(what) was refused: Operation not permitted"], "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Fault\n"), "the session went on: \(result.stdout.suffix(300))")
        #expect(result.status == 1, "the refused command failed, nothing else: \(result.status)")
    }

    /// A descriptor's owner gets the signal its `F_SETSIG` names when it becomes ready: the
    /// kernel sends it, and no `kill` call names the target.
    @Test(arguments: ["sigio-parent", "sigio-parent-ex", "sigio-parent-ioctl"])
    func aPluginCannotSignalItsSupervisorThroughADescriptorsOwner(_ kind: String) throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault \(kind); where"])
        #expect(!result.stdout.contains("signalled its parent"), "the owner was set: \(result.output)")
        #expect(
            errorLines(result.stderr) == ["error: making its parent the owner of a socket was refused: Operation not permitted"],
            "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Fault\n"), "the session went on: \(result.stdout.suffix(300))")
        #expect(result.status == 1, "the refused command failed, nothing else: \(result.status)")
    }

    /// The files the supervisor reads after a crash, made by plugin code into a FIFO (an open for
    /// reading waits for a writer) or a link to /dev/zero (a read without end): each is read only
    /// as a regular file, without waiting, so the crash is reported and the session goes on.
    @Test(arguments: ["fifo-frames", "fifo-memory", "zero-memory"])
    func aTrapInTheFilesTheSupervisorReadsAfterACrashDoesNotHoldItUp(_ kind: String) throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault \(kind); where"])
        #expect(errorLines(result.stderr).first?.hasPrefix("error: plugin 'fixture-fault' crashed (SIGILL: fatal error: a fault after making") == true, "\(result.output)")
        #expect(result.stdout.hasSuffix("Home\n"), "the session went on: \(result.stdout.suffix(300))")
    }

    /// `/proc/PID/mem` reaches another process's memory with no system call the worker's filter
    /// can tell from a file's `open`. The supervisor keeps it out of reach twice: it is not
    /// dumpable, which stops every process without CAP_SYS_PTRACE, and the worker runs in a
    /// Landlock domain of its own, which stops root with it. As root the session runs both ways,
    /// keeping the capability and without it (`setpriv`), as an account's would; with no Landlock
    /// ABI 2 no domain is made, and root keeping it is SECURITY.md's stated limit.
    @Test(arguments: ptraceCases)
    func aPluginCannotWriteItsSupervisorsMemory(keepingPtrace: Bool) throws {
        let viper = ViperProcess()
        let command = ["--plugins", try Fixtures.fault(), "-c", "open fault; fault poke-parent; where"]
        let withoutPtrace = getuid() == 0 && !keepingPtrace ? ["/usr/bin/setpriv", "--bounding-set", "-sys_ptrace", "--inh-caps", "-sys_ptrace", "--"] : []
        let result = try Subprocess.run(
            "/usr/bin/timeout", ["-s", "KILL", "120"] + withoutPtrace + [BuildProducts.viper] + command, environment: viper.environment)
        #expect(!result.stdout.contains("over its parent's stack"), "the write went through: \(result.output)")
        #expect(errorLines(result.stderr) == ["error: writing the memory of its parent was refused: Permission denied"], "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Fault\n"), "the session went on: \(result.stdout.suffix(300))")
        #expect(result.status == 1, "the refused command failed, nothing else: \(result.status)")
    }

    /// `input` piped to a session with the fault fixture, supervised or not (`VIPER_SUPERVISE`).
    private func script(supervised: String, _ input: String) throws -> Subprocess.Result {
        var viper = ViperProcess()
        viper.environment["VIPER_SUPERVISE"] = supervised
        return try run(viper, ["--plugins", try Fixtures.fault()], input: input)
    }

    /// Standard input closed or replaced under a piped script by plugin code: the shell's next
    /// read finds no input, as at a script's end. The script fails with one line, supervised or
    /// not, rather than end with status 0 as if it had run every command.
    @Test(arguments: [("close-input", "was closed"), ("replace-input", "was replaced")], ["1", "0"])
    func aPluginThatTakesAScriptsInputAwayFailsTheScript(_ fault: (kind: String, how: String), supervised: String) throws {
        let result = try script(supervised: supervised, "open fault\nfault \(fault.kind)\nwhere\n")
        #expect(result.stdout.contains("took standard input away"), "\(result.output)")
        #expect(
            errorLines(result.stderr) == [
                "error: standard input \(fault.how) while the script ran (plugin code did it; found after 'where'), so what came after was not read; viper stops here with status 1"
            ], "\(result.output)")
        #expect(result.status == 1, "\(result.output)")
    }

    /// Standard output closed under a piped script by plugin code: the screens after it would go
    /// nowhere. The script fails with one line and runs nothing more.
    @Test(arguments: ["1", "0"])
    func aPluginThatClosesAScriptsOutputFailsTheScript(supervised: String) throws {
        let result = try script(supervised: supervised, "open fault\nfault close-output\nopen hello\n")
        #expect(
            errorLines(result.stderr) == [
                "error: standard output could not be written (Bad file descriptor) after 'fault close-output', "
                    + "so what came after did not run; viper stops here with status 1"
            ], "\(result.output)")
        #expect(result.status == 1, "\(result.output)")
    }

    /// Standard error closed by plugin code: it is put back before the next error line, which
    /// the script's reader still gets.
    @Test(arguments: ["1", "0"])
    func aPluginThatClosesStandardErrorDoesNotSilenceTheNextErrors(supervised: String) throws {
        let result = try script(supervised: supervised, "open fault\nfault close-errors\nopn hello\nwhere\n")
        #expect(result.stdout.contains("closed standard error"), "\(result.output)")
        #expect(errorLines(result.stderr) == ["error: unknown command 'opn'; did you mean 'open'?"], "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Fault\n"), "\(result.output)")
        #expect(result.status == 1, "\(result.output)")
    }

    /// A piped session's viper killed with SIGKILL: the worker's input pipe ends before its own
    /// death signal comes, and one whose plugin took that signal back lives on to find the end.
    /// It ends at once, as a power cut would, leaving the saved note in the database's log for the
    /// next start, rather than close the session half-way as if the script had ended.
    @Test func aWorkerWhoseViperWasKilledEndsAsAPowerCutWould() throws {
        let viper = ViperProcess()
        let running = try RunningViper(arguments: ["--plugins", try Fixtures.fault()], environment: viper.environment)
        running.send(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "open fault", "fault keep-living"])
        try running.waitFor("the worker no longer ends with viper")
        running.killNow()
        let log = viper.dataFolder + "/notes.sqlite-wal"
        let size = ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 32, "the worker closed the databases after viper was killed: \(running.standardError)")
    }

    /// The terminal calls refused to take the person's terminal leave a plugin its own: a child
    /// on a new pseudo-terminal takes it as its session's (`TIOCSCTTY` with 0, as `login_tty` does).
    @Test func aPluginMayStillGiveAChildAPseudoTerminalOfItsOwn() throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault own-terminal; where"])
        #expect(result.stdout.contains("the child said: its own terminal"), "\(result.output)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Whether the session keeps CAP_SYS_PTRACE: both ways as root where Landlock can hold it off,
    /// and without it elsewhere (an account has none to keep).
    static let ptraceCases = getuid() == 0 && (SandboxSupport.probe().landlock ?? 0) >= 2 ? [true, false] : [false]

    @Test func aDaemonAPluginStartedEndsWithTheSession() throws {
        let pid = try daemon(afterFault: "daemon")
        // The supervisor ended and reaped it before it exited, so no such process is left.
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) outlived the session")
    }

    /// A daemon that is a new process all the time (each starts its successor, then exits): a
    /// process the supervisor finds and kills may have started the next already.
    @Test func aDaemonThatKeepsReplacingItselfEndsWithTheSession() throws {
        let session = try daemon(afterFault: "runner")
        let left = processes(inSession: session)
        // The whole group at once: one process at a time would never catch it.
        if !left.isEmpty { kill(-session, SIGKILL) }
        #expect(left.isEmpty, "processes of the daemon's session outlived viper: \(left)")
    }

    /// Runs `fault KIND` in a script, with FAULT_DAEMON_FILE naming where the fault writes the id
    /// of what it started (a process, or its session); that id, once the session ended.
    private func daemon(afterFault kind: String) throws -> pid_t {
        var viper = ViperProcess()
        let file = viper.dataFolder + "/../\(kind).id"
        viper.environment["FAULT_DAEMON_FILE"] = file
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault \(kind); where"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(pid_t(try String(contentsOfFile: file, encoding: .utf8)))
    }

    /// Processes whose session is `session`.
    private func processes(inSession session: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { getsid($0) == session }
    }

    @Test func aJournalCutShortByAPluginStopsTheScriptWithOneLineAndTheSupervisorLives() throws {
        let viper = ViperProcess()
        let script = ["open notes", "new Draft", "signup ada secret", "add first line", "open fault", "fault cut-journal", "fault trap", "where"]
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "--yes", "-c", script.joined(separator: "; ")])
        let lines = errorLines(result.stderr)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("error: plugin 'fixture-fault' crashed (SIGILL: fatal error: a fault on purpose) while running command 'fault'; ") == true, "\(result.stderr)")
        #expect(lines.first?.contains("; the session's journal was damaged (it was cut short), so viper stops the script here") == true,
                "\(result.stderr)")
        #expect(!result.stderr.contains("SIGBUS"), "\(result.stderr)")
        #expect(result.status == 1, "not a SIGBUS (135): \(result.status)")
        #expect(!result.stdout.hasSuffix("Home\n"), "the last 'where' must not run on another screen: \(result.stdout.suffix(200))")
    }

    @Test func aPageScribbledOverByAPluginDoesNotTakeTheSupervisorDown() throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "-c", "open fault; fault scribble-page; where"])
        let lines = errorLines(result.stderr)
        #expect(lines.count == 1, "\(result.stderr)")
        // The page and the journal's tail: both shared with the supervisor, both filled with garbage.
        #expect(lines.first?.hasPrefix("error: viper's worker crashed (SIGILL: fatal error: a fault after scribbling over 2 page(s)) while ") == true,
                "the plugin cannot be named from a page of garbage: \(result.stderr)")
        #expect(lines.first?.contains("; the page viper's worker shares with it was overwritten (a flag is neither 0 nor 1), so viper cannot tell "
                                      + "where the script was and stops it here") == true, "\(result.stderr)")
        #expect(!result.stdout.hasSuffix("Home › Fault\n"), "no command ran after it: \(result.stdout.suffix(200))")
        #expect(result.status == 1, "\(result.status)")
    }

    /// The command's start as the worker stamped it is plugin-writable: forged to the earliest
    /// time there is, it neither overflows the supervisor's arithmetic nor puts the timeout off.
    @Test func aForgedCommandClockNeitherTakesTheSupervisorDownNorDodgesTheTimeout() throws {
        let viper = ViperProcess()
        let result = try run(viper, ["--plugins", try Fixtures.fault(), "--command-timeout", "1", "-c", "open fault; fault forge-clock; where"])
        #expect(result.stdout.contains("forged the clocks of 1 page(s)"), "\(result.output)")
        let lines = errorLines(result.stderr)
        #expect(lines.first?.hasPrefix("error: plugin 'fixture-fault' crashed (hung: no answer within --command-timeout 1 s) while running command 'fault'")
                == true, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("overflow"), "\(result.stderr)")
        #expect(result.status == 1, "not the supervisor's trap (132) or the two-minute bound (137): \(result.status)")
    }

    /// The scanner that judges plugins at start-up is a copy of the worker (made with `fork`): it
    /// must not keep the memory the worker shares with its supervisor. A drop-in's constructor,
    /// run in that scanner, fills every shared writable mapping it finds with 0xFF; the session
    /// then crashes in another plugin, which must be named as if nothing had been written.
    @Test func aPluginScannedAtStartUpCannotWriteWhatTheSupervisorReads() throws {
        let viper = ViperProcess()
        let folder = viper.dataFolder + "/../drop-ins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Fixtures.fault(), toPath: folder + "/libFaultPlugin.so")
        try FileManager.default.copyItem(atPath: try FixtureCompiler.cPlugin(named: "scan_scribbler", source: Fixtures.source("Supervision/scan_scribbler.c")), toPath: folder + "/libscan_scribbler.so")
        let result = try run(viper, ["--plugins", folder, "-c", "open fault; fault trap; where"])
        let lines = errorLines(result.stderr)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("error: plugin 'fixture-fault' crashed (SIGILL: fatal error: a fault on purpose) while running command 'fault'; ") == true,
                "\(result.stderr)")
        #expect(!result.stderr.contains("overwritten"), "the page was written by the scanner: \(result.stderr)")
        #expect(result.stdout.hasSuffix("Home\n"), "the script went on after the restore: \(result.stdout.suffix(200))")
    }

    @Test func aKillFromOutsideWhilePluginCodeRunsBlamesNoPlugin() throws {
        let viper = ViperProcess()
        let session = try RunningViper(arguments: ["--plugins", try Fixtures.fault()], environment: viper.environment)
        session.send(["open fault", "fault wait-for-kill"])
        try session.waitFor("worker pid ")
        let printed = session.printed
        let tail = try #require(printed.range(of: "worker pid ").map { printed[$0.upperBound...] })
        let worker = try #require(pid_t(tail.prefix { $0.isNumber }))
        #expect(kill(worker, SIGKILL) == 0)
        #expect(session.wait(seconds: 60) { session.standardError.contains("no plugin is blamed") }, "\(session.standardError)")
        session.send("where")
        try session.waitFor("Home › Fault\n")
        let (status, stderr) = try session.finish()
        let lines = errorLines(stderr)
        let expected: String =
            "error: viper's worker crashed (SIGKILL: killed from outside, or by the kernel) while plugin 'fixture-fault' was running "
            + "command 'fault'; no plugin is blamed; restored: Home › Fault; report: " + viper.dataFolder + "/crashes/"
        #expect(lines.count == 1, "\(stderr)")
        #expect(lines.first?.hasPrefix(expected) == true, "\(stderr)")
        #expect(status == 1, "a piped session whose command was lost ends with 1")
        let memory = try run(viper, ["plugins", "--plugins", try Fixtures.fault()])
        #expect(!memory.stdout.contains("Crashes in viper's worker"), "no strike for the plugin: \(memory.stdout)")
    }

    @Test func aClosedPipeEndsTheSessionQuietlyAndRunsNoFurtherCommand() throws {
        let viper = ViperProcess()
        let made = try run(viper, ["-c", "open todo; add One; save; add Two; save; add Three; save"])
        #expect(made.status == 0, "\(made.stderr)")
        // `viper -c ... | head -1`, without the race: the reader is gone before viper writes.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.viper)
        process.arguments = ["-c", "open todo; all; all; done 2; done 3"]
        process.environment = viper.environment
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE, "\(process.terminationStatus) \(said)")
        #expect(said.isEmpty, "quietly: \(said)")
        let crashes = (try? FileManager.default.contentsOfDirectory(atPath: viper.dataFolder + "/crashes")) ?? []
        #expect(crashes.isEmpty, "no crash report: \(crashes)")
        let after = try run(viper, ["-c", "open todo; finished"])
        let finished = try #require(after.stdout.components(separatedBy: "Finished to-do items").last)
        #expect(finished.contains("Nothing finished yet."), "'done 2' and 'done 3' must not run: \(after.stdout)")
    }

    /// A plugin that ignores Ctrl-C and floods standard error after a runtime's last words, which
    /// the supervisor holds for the crash they announce, into a reader slower than the flood (as a
    /// terminal is): the supervisor holds a bounded amount, passes the rest on at the reader's
    /// pace, and still counts two Ctrl-Cs and stops the worker. Before, it read the flood into
    /// memory without end (900 MB in three seconds) and never got back to the Ctrl-Cs.
    @Test func aPluginFloodingStandardErrorNeitherExhaustsNorDeafensTheSupervisor() throws {
        var viper = ViperProcess()
        viper.environment["SLOW_READER"] = "import os, time\nwhile os.read(0, 65536): time.sleep(0.01)\n"
        let session = try RunningViper(
            executable: "/bin/sh",
            arguments: ["-c", #"exec 3>&1; "$0" --plugins "$1" 2>&1 >&3 3>&- | python3 -c "$SLOW_READER""#, BuildProducts.viper, try Fixtures.fault()],
            environment: viper.environment)
        // `where` waits in the input for the worker that comes after the stopped one.
        session.send(["open fault", "fault flood-hang", "where"])
        try session.waitFor("still flooding, deaf to Ctrl-C, after 1 s")
        let said = try #require(session.printed.components(separatedBy: "supervisor pid ").dropFirst().first, "\(session.printed)")
        let supervisor = try #require(pid_t(said.prefix { $0.isNumber }))
        var stopped = false
        for second in 2..<30 where !stopped {
            kill(supervisor, SIGINT)
            stopped = session.wait(seconds: 60, until: { session.printed.contains("\nHome\n") || session.printed.contains("after \(second) s") })
                && session.printed.contains("\nHome\n")
        }
        #expect(stopped, "two Ctrl-Cs did not stop the flood: \(session.printed.suffix(300))")
        let status = (try? String(contentsOfFile: "/proc/\(supervisor)/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(peak > 0 && peak < 200 << 10, "the supervisor's resident memory peaked at \(peak) KiB")
        session.send("quit")
        _ = try session.finish()
    }

    @Test func twoCtrlCsStopAPluginThatIgnoresSIGINTInAPipedSession() throws {
        let viper = ViperProcess()
        let session = try RunningViper(arguments: ["--plugins", try Fixtures.fault()], environment: viper.environment)
        session.send(["open fault", "fault deaf-hang"])
        try session.waitFor("still hanging, deaf to Ctrl-C, after 1 s")
        // Signals of one kind do not queue: each Ctrl-C waits for a line the plugin prints after the one before.
        var stopped = false
        for second in 2..<30 where !stopped {
            session.interrupt()
            stopped = session.wait(seconds: 60) {
                session.standardError.contains("was stopped with Ctrl-C") || session.printed.contains("after \(second) s")
            } && session.standardError.contains("was stopped with Ctrl-C")
        }
        #expect(stopped, "\(session.standardError)")
        session.send("where")
        try session.waitFor("Home\n")
        let (_, stderr) = try session.finish()
        #expect(errorLines(stderr).first?.hasPrefix(
            "error: plugin 'fixture-fault' was stopped with Ctrl-C while running command 'fault'; it is off for this session; restored: Home (left out: FaultScreen of 'fixture-fault')"
        ) == true, "\(stderr)")
    }
}
