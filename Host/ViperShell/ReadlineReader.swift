import CReadline
import Foundation
import ViperSupervision

/// Reads commands with GNU readline when standard input is a terminal: line
/// editing, history kept in a file across runs, and Tab completion. Bracketed
/// paste is on: a paste is inserted into the line, its line ends kept, and runs only
/// on Enter; a paste of several lines is then never run as commands (``Shell/receivePaste(_:)``).
/// Ctrl-C clears the line.
final class ReadlineReader: LineReader {
    /// Readline's callbacks are C functions that cannot capture context, so the
    /// completion source lives here. One reader exists per process.
    nonisolated(unsafe) private static var complete: ((_ before: String, _ word: String) -> [String])?
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var nextMatch = 0

    private let historyPath: String
    /// Whether the history file is used: not when it is not a regular file, or nil was given.
    private let keepsHistory: Bool
    /// Why the history file is not used, for a `warning:` line; nil when it is.
    let historyWarning: String?
    /// Lines kept in the history file.
    static let historyLimit: Int32 = 1000
    /// The terminal's modes when the shell started, put back before each prompt (readline keeps
    /// whatever modes it finds): a command whose plugin left them changed (signal characters
    /// off, so Ctrl-C makes no SIGINT; echo off; raw) leaves the next command with the shell's.
    private var shellModes = termios()
    private let hasModes: Bool
    /// The process group the shell started in, the terminal's foreground group; rejoined before
    /// each prompt when a command's plugin moved this process out of it (`setpgid`), since in
    /// another group it is in the background, where a read of the terminal fails (readline then
    /// prompts again and again) and the modes cannot be set.
    private let shellGroup = getpgrp()
    /// Standard input and output, each as the shell found it when it was the terminal, with the
    /// terminal's path: a command's plugin that closed one, or put another file in its place,
    /// would leave a shell that reads nothing (each read the end of input) or shows nothing, so
    /// the terminal is opened again in its place before each prompt.
    private let terminals: [(descriptor: Int32, identity: DescriptorIdentity, path: String)] = [STDIN_FILENO, STDOUT_FILENO]
        .compactMap { descriptor in
            guard isatty(descriptor) == 1, let identity = DescriptorIdentity.of(descriptor), let path = ttyname(descriptor) else { return nil }
            return (descriptor, identity, String(cString: path))
        }

    /// `completion` gets the line before the word under the cursor, and that word. A nil
    /// `historyPath` keeps no history file (the data folder may not be written).
    init(historyPath: String?, completion: @escaping (_ before: String, _ word: String) -> [String]) {
        self.historyPath = historyPath ?? ""
        historyWarning = historyPath.flatMap(Self.historyProblem)
        keepsHistory = historyPath != nil && historyWarning == nil
        hasModes = tcgetattr(STDIN_FILENO, &shellModes) == 0
        Self.complete = completion
        viper_rl_set_name(strdup("viper"))
        rl_initialize()
        rl_variable_bind("enable-bracketed-paste", "on")
        viper_rl_set_word_breaks(strdup(" \t\n"))
        viper_rl_set_completion { text, start, _ in
            viper_rl_completion_is_over()
            guard let text, let lineBuffer = viper_rl_line_buffer() else { return nil }
            let line = Array(String(cString: lineBuffer).utf8)
            let before = String(decoding: line.prefix(max(0, Int(start))), as: UTF8.self)
            ReadlineReader.matches = ReadlineReader.complete?(before, String(cString: text)) ?? []
            ReadlineReader.nextMatch = 0
            if ReadlineReader.matches.count == 1, let only = ReadlineReader.matches.first, only.hasSuffix("/") || only.hasSuffix("=") {
                viper_rl_no_append_character()
            }
            return rl_completion_matches(text) { _, _ in
                guard ReadlineReader.nextMatch < ReadlineReader.matches.count else { return nil }
                defer { ReadlineReader.nextMatch += 1 }
                return strdup(ReadlineReader.matches[ReadlineReader.nextMatch])
            }
        }
        stifle_history(Self.historyLimit)
        guard keepsHistory else { return }
        for line in HistoryFile.read(self.historyPath) { add_history(line) }
    }

    /// Why the file at `path` must not be used as the history file, or nil. A plain `open`
    /// blocks forever on a FIFO, reads a device, and writes through a link into its target.
    static func historyProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }  // missing: created as a regular file
        guard info.st_mode & S_IFMT != S_IFREG else { return nil }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFLNK: kind = "a symbolic link (writing it would change the file it points at)"
        case S_IFIFO: kind = "a FIFO"
        case S_IFDIR: kind = "a folder"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        return "the history file \(path) is \(kind), not a regular file; history is off this session: "
            + "remove it ('rm \(path)') so viper can start a new one"
    }

    func readLine(prompt: String) -> String? {
        let outside = signal(SIGINT) { _ in
            // Ctrl-C at the prompt: drop the line and start a fresh one.
            _ = write(STDOUT_FILENO, "\n", 1)
            rl_on_new_line()
            rl_replace_line("", 0)
            rl_redisplay()
        }
        defer { signal(SIGINT, outside) }  // what Ctrl-C does outside the prompt (a supervised worker's notice)
        ErrorRelay.awaitRelayed()  // a supervised worker's error lines reach the terminal before the prompt
        reopenTerminals()
        if getpgrp() != shellGroup { _ = setpgid(0, shellGroup) }
        putShellModesBack()
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Opens the terminal again as each of ``terminals`` that is no longer it.
    private func reopenTerminals() {
        for terminal in terminals where DescriptorIdentity.of(terminal.descriptor) != terminal.identity {
            let reopened = open(terminal.path, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard reopened >= 0 else { continue }
            if reopened != terminal.descriptor {
                _ = dup2(reopened, terminal.descriptor)  // dup2's copy is inherited, as the original was
                Glibc.close(reopened)
            } else {
                _ = fcntl(reopened, F_SETFD, 0)
            }
            clearerr(terminal.descriptor == STDIN_FILENO ? viper_stdin() : viper_stdout())
        }
    }

    /// Sets the terminal's modes to ``shellModes`` when they differ.
    private func putShellModesBack() {
        var current = termios()
        guard hasModes, tcgetattr(STDIN_FILENO, &current) == 0 else { return }
        let differ = withUnsafeBytes(of: &current) { now in withUnsafeBytes(of: &shellModes) { !now.elementsEqual($0) } }
        if differ { _ = tcsetattr(STDIN_FILENO, TCSANOW, &shellModes) }
    }

    func close() {
        guard keepsHistory, Self.historyProblem(historyPath) == nil else { return }
        HistoryFile.truncate(historyPath, keeping: Int(Self.historyLimit))
    }

    /// Adds a line to the history (and appends it to the file at once, so a killed
    /// session keeps it), unless it is blank or repeats the previous line.
    func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        if let last = viper_history_last_line(), String(cString: last) == line {
            return
        }
        add_history(line)
        if keepsHistory, Self.historyProblem(historyPath) == nil { HistoryFile.append(line, to: historyPath) }
    }
}
