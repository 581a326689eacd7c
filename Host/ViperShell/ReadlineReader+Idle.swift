import CReadline
import Foundation

/// Work while readline waits for a key: the shell takes live plugin changes there and prints
/// their notices above the prompt without disturbing the line being typed.
extension ReadlineReader {
    /// The work readline's event hook runs (a C function cannot capture it); set only while a
    /// command line is read, never while a question (`Drop it? [y/N]`) is.
    nonisolated(unsafe) private static var idle: (() -> Void)?

    /// Reads a command line as ``readLine(prompt:)`` does, running `idle` about ten times a
    /// second while readline waits for a key, on this thread.
    func readLine(prompt: String, whileWaiting idle: @escaping () -> Void) -> String? {
        Self.idle = idle
        viper_rl_set_event_hook {
            ReadlineReader.idle?()
            return 0
        }
        defer {
            viper_rl_set_event_hook(nil)
            Self.idle = nil
        }
        return readLine(prompt: prompt)
    }

    /// From the idle work only: clears the prompt and the line being typed from the screen, runs
    /// `body` (which prints), then draws `prompt()` (it may have changed) and the line again, with
    /// the cursor where it was.
    static func printAbove(_ body: () -> Void, prompt: () -> String) {
        viper_rl_clear_visible_line()
        body()
        fflush(viper_stdout())
        prompt().withCString { viper_rl_redraw($0) }
    }
}
