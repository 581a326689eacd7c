// A drop-in module that faults on request: `fault KIND` traps (fatalError), unwraps nil, writes
// through a bad pointer, aborts, calls exit(0) or _exit(0), traps on a thread it started, tries to
// kill its own process, or hangs. The hostile kinds attack the supervisor: stop or kill it, signal
// its process group, leave a daemon behind, hang with SIGINT ignored, cut the session's journal
// short, or print its process id and wait to be killed from outside.
// `arm KIND` makes the next drawing or title fault instead (render-exit, render-_exit,
// render-trap, title-exit, title-trap). Used by the supervision tests on a pseudo-terminal and piped.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: FaultPlugin.self)
}

public protocol FaultScreen: AnyObject {}

final class FaultView: ModuleView, FaultScreen {
    private var armed = ""

    var title: String {
        switch armed {
        case "title-exit": exit(0)
        case "title-trap": fatalError("the title faults on purpose")
        default: return "Fault"
        }
    }

    func render(on screen: any Screen) {
        switch armed {
        case "render-exit": exit(0)
        case "render-_exit": _exit(0)
        case "render-trap": fatalError("the drawing faults on purpose")
        default: screen.text("Ready to fault: type 'fault KIND' or 'arm KIND'.")
        }
    }

    var commands: [CommandSpec] {
        [CommandSpec("fault", arguments: ["KIND"], help: "Fault now: trap, nil, pointer, abort, exit, _exit, thread, kill, hang, "
                                                         + "stop-parent, kill-parent, term-group, limit-parent, starve-parent, nice-parent, nice-account, daemon, deaf-hang, cut-journal, scribble-page, "
                                                         + "forge-clock, wait-for-kill, type-quit, steal-terminal, hang-up-terminal, own-terminal, own-group, close-input, replace-input, close-output, close-errors, keep-living, quiet-terminal, runner"),
         CommandSpec("arm", arguments: ["KIND"], help: "Fault on the next drawing or title: render-exit, render-_exit, render-trap, title-exit, title-trap")]
    }

    func perform(_ command: CommandInvocation) throws {
        let kind = command.arguments.first ?? ""
        if command.name == "arm" {
            armed = kind
            return
        }
        switch kind {
        case "trap": fatalError("a fault on purpose")
        case "nil": print(Int(kind)!)
        case "pointer": UnsafeMutablePointer<Int>(bitPattern: 16)?.pointee = 1
        case "abort": abort()
        case "exit": exit(0)
        case "_exit": _exit(0)
        case "thread":
            // The command waits for the thread, which faults: the crash comes while the command runs.
            let never = DispatchSemaphore(value: 0)
            Thread { fatalError("a fault on a thread the plugin started") }.start()
            never.wait()
        case "kill": try refusedOrDone(kill(getpid(), SIGKILL), "SIGKILL to itself")
        case "stop-parent": try refusedOrDone(kill(getppid(), SIGSTOP), "SIGSTOP to its parent")
        case "kill-parent": try refusedOrDone(kill(getppid(), SIGKILL), "SIGKILL to its parent")
        case "term-group": try refusedOrDone(kill(0, SIGTERM), "SIGTERM to its process group")
        case "limit-parent":
            // The parent may map no more memory, then the worker crashes: the supervisor's next
            // allocation, as it reports the crash, fails and it aborts.
            // prlimit is a GNU extension Swift does not import.
            typealias Prlimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
            guard let prlimit = dlsym(nil, "prlimit").map({ unsafeBitCast($0, to: Prlimit.self) }) else { throw CommandError("no prlimit") }
            var none = rlimit(rlim_cur: 0, rlim_max: 0)
            try refusedOrDone(prlimit(getppid(), Int32(RLIMIT_AS.rawValue), &none, nil), "limiting its parent's memory")
            fatalError("a fault after limiting its parent")
        case "starve-parent":
            // The parent runs only when nothing else wants the processor (SCHED_IDLE): a worker
            // that spins on every core then holds it off.
            var parameters = sched_param(sched_priority: 0)
            try refusedOrDone(sched_setscheduler(getppid(), 5 /* SCHED_IDLE */, &parameters), "making its parent idle")
        case "nice-parent":
            try refusedOrDone(setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getppid()), 19), "lowering its parent's priority")
        case "nice-account":
            try refusedOrDone(setpriority(__priority_which_t(PRIO_USER.rawValue), getuid(), 19), "lowering its account's priority")
        case "poke-parent":
            // The parent's memory through /proc, which no system call the filter sees: the live
            // end of its stack overwritten with zeros, so it faults when it next returns.
            let parent = getppid()
            let memory = open("/proc/\(parent)/mem", O_RDWR)
            if memory < 0 { throw CommandError("writing the memory of its parent was refused: \(String(cString: strerror(errno)))") }
            defer { close(memory) }
            let maps = FileHandle(forReadingAtPath: "/proc/\(parent)/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            guard let stack = maps.split(separator: "\n").first(where: { $0.hasSuffix("[stack]") }),
                let end = stack.split(separator: " ")[0].split(separator: "-").last.flatMap({ Int(String($0), radix: 16) })
            else { throw CommandError("no stack in the parent's map") }
            let zeros = [UInt8](repeating: 0, count: 64 << 10)
            let wrote = zeros.withUnsafeBytes { pwrite(memory, $0.baseAddress, $0.count, off_t(end - $0.count)) }
            print("wrote \(wrote) bytes over its parent's stack")
            fflush(stdout)
        case "sigio-parent", "sigio-parent-ex", "sigio-parent-ioctl":
            // A signal the kernel sends for a descriptor's owner, which no kill call names: a
            // socket owned by the parent (by F_SETOWN, F_SETOWN_EX or the FIOSETOWN ioctl), its
            // signal SIGKILL, made ready.
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw CommandError("no socket") }
            var parent = getppid()
            switch kind {
            case "sigio-parent-ex":
                var owner = (type: Int32(1), pid: parent)  // struct f_owner_ex { F_OWNER_PID, pid }
                try refusedOrDone(fcntl(ends[0], 15, &owner) == -1 ? -1 : 0, "making its parent the owner of a socket")  // F_SETOWN_EX
            case "sigio-parent-ioctl":
                try refusedOrDone(ioctl(ends[0], 0x8901, &parent) == -1 ? -1 : 0, "making its parent the owner of a socket")  // FIOSETOWN
            default:
                try refusedOrDone(fcntl(ends[0], F_SETOWN, parent) == -1 ? -1 : 0, "making its parent the owner of a socket")
            }
            _ = fcntl(ends[0], 10, SIGKILL)  // F_SETSIG
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_ASYNC)
            _ = write(ends[1], "x", 1)
            print("signalled its parent through a socket")
            fflush(stdout)
        case "flood-hang":
            // Deaf to Ctrl-C, a runtime's last words on standard error (which the supervisor holds
            // for the crash they announce), then standard error flooded for ever, a line a second
            // on standard output.
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            print("flooding standard error; supervisor pid \(getppid())")
            fflush(stdout)
            FileHandle.standardError.write(Data("FaultPlugin.swift:1: Fatal error: a flood follows\n".utf8))
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
            let started = time(nil)
            var said = started
            while true {
                _ = chunk.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                if time(nil) != said {
                    said = time(nil)
                    print("still flooding, deaf to Ctrl-C, after \(said - started) s")
                    fflush(stdout)
                }
            }
        case "fifo-frames", "fifo-memory", "zero-memory":
            // A file the supervisor reads after a crash made into a FIFO (an open for reading waits
            // for a writer that never comes) or a link to /dev/zero (a read that never ends), then
            // a fault: the frames file (found among the worker's descriptors) or the crash memory
            // beside it (DATA/crashes/memory.json).
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let frames = descriptors.lazy.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
                .first { $0.hasSuffix(".frames") }
            guard let frames else { throw CommandError("no frames file") }
            let data = (frames as NSString).deletingLastPathComponent.appending("/..")
            let target = kind == "fifo-frames" ? frames : data + "/crashes/memory.json"
            try? FileManager.default.createDirectory(atPath: data + "/crashes", withIntermediateDirectories: true)
            unlink(target)
            let made = kind == "zero-memory" ? symlink("/dev/zero", target) : mkfifo(target, 0o600)
            try refusedOrDone(made, "making \(target) a trap")
            fatalError("a fault after making \(kind == "fifo-frames" ? "the frames file" : "the crash memory") a trap")
        case "fifo-journal":
            // The session's journal (found among the worker's descriptors) made into a FIFO, which
            // the next start at a terminal opens to offer what it holds; then a wait for the kill
            // of both processes that leaves it there.
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let journal = descriptors.lazy.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
                .first { $0.hasSuffix(".journal") }
            guard let journal else { throw CommandError("no journal") }
            unlink(journal)
            try refusedOrDone(mkfifo(journal, 0o600), "making the journal a FIFO")
            print("made the journal a FIFO")
            fflush(stdout)
            while true { pause() }
        case "take-terminal":
            // The terminal handed to another process group of the session: viper's processes are
            // then in the background, where reading the terminal stops them, and Ctrl-C reaches
            // only the other group.
            let child = fork()
            if child == 0 {
                _ = setpgid(0, 0)
                while true { pause() }
            }
            _ = setpgid(child, child)
            try refusedOrDone(tcsetpgrp(STDIN_FILENO, child), "giving the terminal to another process group")
            print("gave the terminal to process group \(child)")
            fflush(stdout)
        case "quiet-terminal":
            // The terminal's signal characters turned off (ISIG), as a program that reads Ctrl-C
            // as a key does, and left so: Ctrl-C then makes no SIGINT.
            var modes = termios()
            guard tcgetattr(STDIN_FILENO, &modes) == 0 else { throw CommandError("standard input is not a terminal") }
            modes.c_lflag &= ~tcflag_t(ISIG)
            try refusedOrDone(tcsetattr(STDIN_FILENO, TCSANOW, &modes), "turning off the terminal's signal characters")
            print("the terminal's signal characters are off")
            fflush(stdout)
        case "type-quit":
            // Ctrl-\ typed into the terminal as if by the person (TIOCSTI): the terminal sends
            // SIGQUIT to its foreground process group, the supervisor's, with no `kill` at all.
            typealias Ioctl = @convention(c) (Int32, UInt, UnsafeRawPointer) -> Int32
            guard let ioctl = dlsym(nil, "ioctl").map({ unsafeBitCast($0, to: Ioctl.self) }) else { throw CommandError("no ioctl") }
            var quit: UInt8 = 0x1c
            try refusedOrDone(ioctl(STDIN_FILENO, 0x5412 /* TIOCSTI */, &quit), "typing into the terminal")
            print("typed Ctrl-\\ into the terminal")
            fflush(stdout)
        case "steal-terminal", "hang-up-terminal":
            // Root's two ways to take the terminal from the person's session: make it the
            // terminal of a new session (a child that calls `setsid`, then TIOCSCTTY with "steal"
            // 1: Ctrl-C would then reach only that session's group), or hang it up (TIOCVHANGUP:
            // SIGHUP to the person's shell and to viper).
            typealias Ioctl = @convention(c) (Int32, UInt, Int) -> Int32
            guard let ioctl = dlsym(nil, "ioctl").map({ unsafeBitCast($0, to: Ioctl.self) }) else { throw CommandError("no ioctl") }
            if kind == "steal-terminal" {
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw CommandError("no pipe") }
                let child = fork()
                if child == 0 {
                    _ = setsid()
                    var failure = ioctl(STDIN_FILENO, 0x540E /* TIOCSCTTY */, 1) == 0 ? Int32(0) : errno
                    _ = write(ends[1], &failure, 4)
                    // Holding the terminal until the session ends it.
                    while failure == 0 { pause() }
                    _exit(0)
                }
                close(ends[1])
                var failure: Int32 = 0
                _ = read(ends[0], &failure, 4)
                close(ends[0])
                if failure != 0 {
                    waitpid(child, nil, 0)
                    throw CommandError("taking the terminal for its own session was refused: \(String(cString: strerror(failure)))")
                }
                print("took the terminal for its own session")
            } else {
                try refusedOrDone(ioctl(STDIN_FILENO, 0x5437 /* TIOCVHANGUP */, 0), "hanging up the terminal")
                print("hung up the terminal")
            }
            fflush(stdout)
        case "own-group":
            // The worker itself leaves viper's process group for one of its own: on a terminal
            // it is then in the background, and its next read of the terminal stops it (SIGTTIN).
            try refusedOrDone(setpgid(0, 0), "leaving viper's process group")
            print("left viper's process group")
            fflush(stdout)
        case "close-input", "replace-input":
            // Standard input closed under the shell, or /dev/null put in its place: the shell's
            // next read finds no more input, as at the end of a script.
            if kind == "close-input" {
                close(STDIN_FILENO)
            } else {
                let empty = open("/dev/null", O_RDONLY)
                guard empty >= 0, dup2(empty, STDIN_FILENO) >= 0 else { throw CommandError("no /dev/null") }
                close(empty)
            }
            print("took standard input away")
            fflush(stdout)
        case "keep-living":
            // The worker's death signal taken back (PR_SET_PDEATHSIG 0): when viper is killed,
            // the worker lives on, and its next read finds the end of the input viper relayed.
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            guard let prctl = dlsym(nil, "prctl").map({ unsafeBitCast($0, to: Prctl.self) }) else { throw CommandError("no prctl") }
            try refusedOrDone(prctl(1 /* PR_SET_PDEATHSIG */, 0, 0, 0, 0), "taking back the worker's death signal")
            print("the worker no longer ends with viper")
            fflush(stdout)
        case "close-errors":
            // Standard error closed under the shell: its error lines would go nowhere.
            close(STDERR_FILENO)
            print("closed standard error")
            fflush(stdout)
        case "close-output":
            // Standard output closed under the shell: the screens after it would go nowhere.
            close(STDOUT_FILENO)
            FileHandle.standardError.write(Data("closed standard output\n".utf8))
        case "own-terminal":
            // Not an attack: a child on a new pseudo-terminal of its own, which it takes as its
            // session's terminal the way `login_tty` does (TIOCSCTTY with 0).
            typealias Ioctl = @convention(c) (Int32, UInt, Int) -> Int32
            guard let ioctl = dlsym(nil, "ioctl").map({ unsafeBitCast($0, to: Ioctl.self) }) else { throw CommandError("no ioctl") }
            // posix_openpt and its kin are behind _XOPEN_SOURCE, which Swift's Glibc does not set.
            typealias Call = @convention(c) (Int32) -> Int32
            typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            guard let openTerminal = dlsym(nil, "posix_openpt").map({ unsafeBitCast($0, to: Call.self) }),
                let unlock = dlsym(nil, "unlockpt").map({ unsafeBitCast($0, to: Call.self) }),
                let name = dlsym(nil, "ptsname").map({ unsafeBitCast($0, to: Name.self) })
            else { throw CommandError("no pseudo-terminal calls") }
            let main = openTerminal(O_RDWR | O_NOCTTY)
            guard main >= 0, unlock(main) == 0, let named = name(main) else { throw CommandError("no pseudo-terminal") }
            let path = String(cString: named)
            let child = fork()
            if child == 0 {
                _ = setsid()
                let terminal = open(path, O_RDWR | O_NOCTTY)
                let taken = terminal >= 0 && ioctl(terminal, 0x540E /* TIOCSCTTY */, 0) == 0
                let words = taken ? "its own terminal\n" : "no terminal of its own: \(String(cString: strerror(errno)))\n"
                _ = words.withCString { write(terminal >= 0 ? terminal : STDOUT_FILENO, $0, strlen($0)) }
                _exit(taken ? 0 : 1)
            }
            var status: Int32 = 0
            waitpid(child, &status, 0)
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(main, &buffer, buffer.count)
            close(main)
            print("the child said: " + String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            fflush(stdout)
        case "daemon":
            // A child in a session of its own that would live on; its process id goes to $FAULT_DAEMON_FILE.
            let child = fork()
            if child == 0 {
                _ = setsid()
                while true { pause() }
            }
            if let file = ProcessInfo.processInfo.environment["FAULT_DAEMON_FILE"] {
                try? "\(child)".write(toFile: file, atomically: true, encoding: .utf8)
            }
        case "runner":
            // A child in a session of its own that never stays one process: each starts its next
            // self and exits at once, so each process a reaper finds may have a successor already.
            // The session's id (also its process group's) goes to $FAULT_DAEMON_FILE.
            let first = fork()
            if first == 0 {
                _ = setsid()
                // Off viper's pipes, so a test that reads them is not held up if it outlives viper.
                let nowhere = open("/dev/null", O_RDWR)
                for standard in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(nowhere, standard) }
                while true {
                    if fork() > 0 { _exit(0) }
                }
            }
            if let file = ProcessInfo.processInfo.environment["FAULT_DAEMON_FILE"] {
                try? "\(first)".write(toFile: file, atomically: true, encoding: .utf8)
            }
        case "deaf-hang":
            signal(SIGINT, SIG_IGN)
            var seconds = 0
            while true {
                sleep(1)
                seconds += 1
                print("still hanging, deaf to Ctrl-C, after \(seconds) s")
                fflush(stdout)
            }
        case "cut-journal":
            // Every open descriptor of a file named *.journal: the session's journal, cut to nothing.
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            var cut = 0
            for name in descriptors {
                guard let fd = Int32(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                      target.hasSuffix(".journal") else { continue }
                if ftruncate(fd, 0) == 0 { cut += 1 }
            }
            if cut == 0 { throw CommandError("no journal to cut") }
        case "scribble-page":
            // Every shared anonymous 64 KiB mapping (the page the worker shares with its supervisor)
            // filled with 0xFF, then a trap: the supervisor reads nothing but garbage.
            let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            var scribbled = 0
            for line in maps.split(separator: "\n") where line.contains(" rw-s ") && line.contains("/dev/zero") {
                let bounds = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
                if bounds.count == 2, let start = UnsafeMutableRawPointer(bitPattern: bounds[0]) {
                    memset(start, 0xFF, Int(bounds[1] - bounds[0]))
                    scribbled += 1
                }
            }
            fatalError("a fault after scribbling over \(scribbled) page(s)")
        case "forge-clock":
            // The page's command and call clocks (bytes 48 and 56 of the 84 KiB shared mapping, as
            // the host's source lays them out) set to the earliest time an Int64 holds, then a
            // hang: a supervisor that subtracts them overflows, or never times the command out.
            let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            var forged = 0
            for line in maps.split(separator: "\n") where line.contains(" rw-s ") && line.contains("/dev/zero") {
                let bounds = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
                guard bounds.count == 2, bounds[1] - bounds[0] == 86016, let start = UnsafeMutableRawPointer(bitPattern: bounds[0]) else { continue }
                start.storeBytes(of: Int64.min, toByteOffset: 48, as: Int64.self)
                start.storeBytes(of: Int64.min, toByteOffset: 56, as: Int64.self)
                forged += 1
            }
            if forged == 0 { throw CommandError("no page to forge") }
            print("forged the clocks of \(forged) page(s)")
            fflush(stdout)
            while true { pause() }
        case "wait-for-kill":
            print("worker pid \(getpid())")
            fflush(stdout)
            while true { pause() }
        case "hang":
            // A line a second, so a test can wait until it has run long enough (Ctrl-C's notice comes after 3 s).
            var seconds = 0
            while true {
                sleep(1)
                seconds += 1
                print("still hanging after \(seconds) s")
                fflush(stdout)
            }
        default: throw CommandError("no such fault '\(kind)'")
        }
    }
}

/// Throws, saying what was refused, when a signal could not be sent.
private func refusedOrDone(_ result: Int32, _ what: String) throws {
    if result != 0 { throw CommandError("\(what) was refused: \(String(cString: strerror(errno)))") }
}

final class FaultBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: FaultView())
    }
}

enum FaultPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-fault", version: "2.1.0", summary: "faults on request")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(FaultScreen.self, route: RouteSpec("fault", summary: "a module that faults on request"),
                                 builder: FaultBuilder())
    }
}
