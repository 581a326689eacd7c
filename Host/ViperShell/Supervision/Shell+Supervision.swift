/// Commands run through the supervised worker's keeper when there is one.
extension Shell {
    /// Runs `line`: through `keeper` (counted, journaled) in a supervised worker, else as ``execute(_:)``.
    @discardableResult
    package func execute(_ line: String, keeping keeper: SessionKeeper?) -> Outcome {
        keeper?.execute(line) ?? execute(line)
    }
}
