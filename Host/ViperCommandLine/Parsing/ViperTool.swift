import Foundation

/// What every `viper` command shares when it speaks to the person at the shell: its version,
/// the exit code of a wrong command line, and the one way an error line reaches standard error.
package enum ViperTool {
    /// viper's own version (`viper --version`, the graph's host node, `viper install`).
    package static let version = "0.1.0"

    /// The exit code of a wrong command line (EX_USAGE).
    package static let usageExitCode: Int32 = 64

    /// Writes `message` and a newline to standard error.
    package static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
