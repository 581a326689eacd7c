/// Reads standard input line by line, with no prompt: for scripted sessions
/// (`printf 'open notes\nquit\n' | viper`).
final class PlainLineReader: LineReader {
    func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Scripted sessions keep no history.
    func remember(_ line: String) {}

    func close() {}
}
