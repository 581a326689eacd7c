/// Reads the user's commands one line at a time.
protocol LineReader: AnyObject {
    /// The next line without its newline, or nil at the end of input.
    func readLine(prompt: String) -> String?
    /// Called once when the session ends.
    func close()
}
