/// Where the shell writes: screens and listings to standard output, one-line
/// errors and warnings to standard error. Tests capture it with a spy.
package protocol ShellOutput: AnyObject {
    /// Writes `text` (one or more lines) and a newline to standard output.
    func show(_ text: String)
    /// Writes `error: MESSAGE` to standard error.
    func error(_ message: String)
    /// Writes `warning: MESSAGE` to standard error.
    func warning(_ message: String)
}
