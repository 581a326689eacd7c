import Contracts
import Foundation
import ViperCore

/// A paste of several lines at the terminal (readline's bracketed paste keeps a paste's
/// line ends in the line it returns): never run as commands. The module on screen gets
/// the lines when its view adopts ``PasteReceiving`` (the note editor adds them to the
/// body as unsaved work); anywhere else the paste is refused with one line and nothing runs.
extension Shell {
    /// The lines of `line` when it holds a paste of several lines (each without `\r`,
    /// trailing blank lines dropped); nil for one line, which runs as typed.
    static func pastedLines(_ line: String) -> [String]? {
        guard line.contains("\n") || line.contains("\r") else { return nil }
        var lines = line.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        return lines.count > 1 ? lines : nil
    }

    /// What the message says a paste of `count` lines was, where no module takes pastes.
    static func refusedPasteMessage(count: Int, screen: String) -> String {
        "a paste of \(count) lines was not run: \(screen) takes one command per line you type, and viper never runs "
            + "a paste as commands; paste one line at a time, or run the lines as a script ('viper -c' or piped)"
    }

    /// Hands `lines` to the module on screen if it takes pastes, and draws the screen again;
    /// otherwise prints one `error:` line and counts a failed command, as a command that failed
    /// would be. Returns whether the paste was taken.
    @discardableResult
    func receivePaste(_ lines: [String]) -> Bool {
        guard let top = stack.top, let receiver = top.view as? any PasteReceiving else {
            let screen = stack.top.map { top in PrintableText.oneLine(top.marked(.title) { top.title }) } ?? "Home"
            output.error(Self.refusedPasteMessage(count: lines.count, screen: screen))
            failures += 1
            return false
        }
        do {
            try PluginExitGuard.run("plugin '\(top.registration.plugin)'", "taking a paste of \(lines.count) lines") {
                try receiver.receivePaste(lines)
            }
        } catch {
            output.error(NavigationStack.oneLine(error))
            failures += 1
            return false
        }
        drawCurrentScreen()
        return true
    }
}
