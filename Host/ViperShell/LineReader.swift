/// Reads the user's commands one line at a time.
protocol LineReader: AnyObject {
    /// The next line without its newline, or nil at the end of input.
    func readLine(prompt: String) -> String?
    /// Keeps a line just read in the history (the shell leaves out lines that carry a secret).
    func remember(_ line: String)
    /// Called once when the session ends.
    func close()
}
