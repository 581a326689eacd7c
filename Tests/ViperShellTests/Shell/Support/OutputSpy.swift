@testable import ViperRuntime
@testable import ViperShell

/// Captures what the shell writes: standard output as text, errors and warnings as lines.
final class OutputSpy: ShellOutput {
    private(set) var shown = ""
    private(set) var errors: [String] = []
    private(set) var warnings: [String] = []

    func show(_ text: String) {
        shown += text + "\n"
    }

    func error(_ message: String) {
        errors.append(message)
    }

    func warning(_ message: String) {
        warnings.append(message)
    }

    /// Forgets what was captured so far.
    func clear() {
        shown = ""
        errors = []
        warnings = []
    }
}
