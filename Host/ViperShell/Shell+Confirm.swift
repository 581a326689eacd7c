import Contracts
import ViperCore

/// Commands that ask first (``CommandConfirming``): at a terminal the shell asks the
/// module's question and runs the command only on `y`; a script runs it without asking.
extension Shell {
    /// Whether `command` may run on `view`: true without a question (a script, a view that
    /// does not ask); else the person's answer, and on "no" one line says nothing ran.
    func confirmed(_ command: CommandInvocation, on view: any ModuleView, plugin: String) -> Bool {
        guard case .ask(let ask) = unsavedWork, let confirming = view as? any CommandConfirming else { return true }
        let question = PluginExitGuard.run("plugin '\(plugin)'", "asking before command '\(command.name)'") {
            confirming.confirmation(for: command)
        }
        guard let question else { return true }
        guard ask(PrintableText.oneLine(question) + " [y/N] ") else {
            output.show("Not done: '\(command.name)' did not run.")
            return false
        }
        return true
    }
}
