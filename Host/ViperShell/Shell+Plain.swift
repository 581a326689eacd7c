import Contracts
import ViperCore

/// Plain output (`--plain`, and `--json`, in `-c` and piped sessions): what a script's
/// commands say, for other tools to read, instead of a screen per command.
///
/// - No header, no `Commands:` footer, no colour, no blank line between blocks.
/// - A command prints the lines it added to the screen it leaves: the lines of that module's
///   drawing that were not there when the module was last drawn (a notice such as `Done: ...`,
///   a changed field, a new row). A module that comes on screen for the first time (`open`,
///   `all`, `add`) adds nothing: its whole drawing is what the session ends on, if it does.
/// - When the session ends, the screen it ends on is printed whole (its drawing, without the
///   chrome), in place of the last command's added lines; nothing when the last command printed
///   a block of its own (`where`, `help`, `routes`).
/// - Errors stay one `error:` line each on standard error, the `error` lines a module draws
///   included (`Shell+DrawnErrors.swift`): standard output holds only what other tools read.
///
/// So `viper --plain -c 'open todo; all'` prints every item and nothing else, and
/// `viper --plain -c 'open todo; done 3; done 4'` prints the first `Done:` line, then the list
/// as it ends with the second. Invariant: a line is printed once per command at most, and
/// the printed lines are always in the order the commands ran.
extension Shell {
    /// What plain mode keeps between commands.
    struct PlainState {
        /// The last drawing of each module on the stack, by its entry id (-1: home).
        var drawings: [Int: [String]] = [:]
        /// The lines the latest command added, printed when the next one starts.
        var pendingAdded: [String] = []
        /// The screen to print when the session ends; nil after a block.
        var finalScreen: [String]?
        /// The lines printed last, when they were a command's added lines: a screen they already
        /// are whole (a JSON list) is not printed again at the end.
        var lastFlushed: [String]?
    }

    /// Draws the module on screen the plain way: keeps its drawing (without its `error` lines)
    /// and what the command added; returns the error lines it drew that its last drawing had not.
    @discardableResult
    func drawPlain() -> [String] {
        let (screen, module) = moduleDrawing(style: .plain)
        let lines = screen.linesWithoutErrors
        plainState.pendingAdded = plainState.drawings[module].map { Self.added(lines, to: $0) } ?? []
        // Only modules still on the stack keep a drawing (a new module never inherits an old one's).
        let onStack = Set(stack.entries.map(\.id))
        plainState.drawings = plainState.drawings.filter { onStack.contains($0.key) }
        plainState.drawings[module] = lines
        plainState.finalScreen = lines
        return noteDrawnErrors(screen.errors, module: module)
    }

    /// Prints what the previous command added (plain mode); called as a command starts and
    /// before a block is shown.
    func flushPlain() {
        guard plain else { return }
        if !plainState.pendingAdded.isEmpty {
            output.show(plainState.pendingAdded.joined(separator: "\n"))
            plainState.lastFlushed = plainState.pendingAdded
        }
        plainState.pendingAdded = []
    }

    /// Before a block of its own is shown: what came before is printed, and the session no
    /// longer ends on a screen.
    func plainBlockWillShow() {
        guard plain else { return }
        flushPlain()
        plainState.finalScreen = nil
        plainState.lastFlushed = nil
    }

    /// Standard input was closed or replaced under a scripted session (by plugin code: nothing
    /// outside the process can): the lines after `last` were never read, so the script fails
    /// rather than end as if it had run them all.
    func inputWasTaken(_ how: String, after last: String) {
        let found = last.isEmpty ? "" : "; found after '\(PrintableText.oneLine(last.trimmingCharacters(in: .whitespaces)))'"
        output.error("standard input \(how) while the script ran (plugin code did it\(found)), so what came after was not read; viper stops here with status 1")
        failures += 1
    }

    /// At the end of a plain session: the screen it ends on, whole, drawn now (a command that
    /// failed after changing what its module shows, such as an import that skipped a line,
    /// is not drawn by the shell, but its module's drawing has changed).
    package func finishPlain() {
        guard plain else { return }
        if plainState.finalScreen != nil {
            // An error drawn since the last command (a list filled in late) is said, and fails the script.
            let errors = drawPlain()
            for error in errors { output.error(error) }
            if !errors.isEmpty { failures += 1 }
            // A screen whose every line the last printed lines were (a JSON list printed again
            // by a command that then failed) is not printed twice.
            let unprinted = plainState.finalScreen.map { final in final.filter { !$0.isEmpty } != plainState.lastFlushed } ?? false
            if unprinted, let final = plainState.finalScreen, !final.isEmpty { output.show(final.joined(separator: "\n")) }
        } else {
            flushPlain()
        }
        plainState = PlainState()
    }

    /// The lines of `new` that `old` does not have, counted (a line twice in `new` and once in
    /// `old` is added once), in `new`'s order; blank lines are left out. Lines are compared
    /// without their leading spaces, so rows a list aligns anew (id 10 after id 9) are not new.
    static func added(_ new: [String], to old: [String]) -> [String] {
        func key(_ line: String) -> Substring { line.drop { $0 == " " } }
        var left: [Substring: Int] = [:]
        for line in old { left[key(line), default: 0] += 1 }
        var added: [String] = []
        for line in new {
            if let count = left[key(line)], count > 0 {
                left[key(line)] = count - 1
            } else if !key(line).isEmpty {
                added.append(line)
            }
        }
        return added
    }
}
