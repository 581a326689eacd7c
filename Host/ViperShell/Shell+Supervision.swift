import ViperSupervision

/// Commands run through the supervised worker's keeper when there is one.
extension Shell {
    /// Runs `line`: through `keeper` (counted, journaled) in a supervised worker, else as
    /// ``execute(_:)``. `inputWaiting`: the next line was already read (the journal's file can wait).
    @discardableResult
    package func execute(_ line: String, keeping keeper: SessionKeeper?, inputWaiting: Bool = false) -> Outcome {
        guard let keeper else { return execute(line) }
        keeper.commandBegins()
        let outcome = execute(line)
        keeper.commandEnded(failed: outcome == .failed, inputWaiting: inputWaiting)
        return outcome
    }
}

/// The shell as the session keeper sees it.
extension Shell: KeptShell {
    package func showLine(_ text: String) { output.show(text) }
    package func errorLine(_ message: String) { output.error(message) }
    package func warningLine(_ message: String) { output.warning(message) }
}
