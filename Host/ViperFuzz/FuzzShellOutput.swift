import ViperShell

/// The shell's output during fuzzing: counts what the shell showed and keeps every
/// error line, so each input can be checked for "rejected means exactly one error".
final class FuzzShellOutput: ShellOutput {
    private(set) var shown = 0
    private(set) var errors: [String] = []
    private(set) var warnings: [String] = []

    func show(_ text: String) {
        shown += 1
    }

    func error(_ message: String) {
        errors.append(message)
    }

    func warning(_ message: String) {
        warnings.append(message)
    }

    /// Forgets what was recorded (between chunks of a long run).
    func reset() {
        errors.removeAll(keepingCapacity: true)
        warnings.removeAll(keepingCapacity: true)
    }
}
