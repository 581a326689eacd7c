import Foundation

// The command line: everything `viper` does outside the shell, above the runtime and the
// supervisor and below the shell and the executable's `main`. Each command is one type
// (``ParsableCommand``) that declares its words, help and options (``CommandConfiguration``),
// reads and checks what it was given, and runs; Parsing/ holds that shape, the one parser
// (``CommandParser``) and the help (``HelpText``), both made only from the declarations.
// Reports/ says what the runtime found (`viper plugins`, `doctor`, `--profile`); Graph/ draws the
// contract graph; Bisect/ is `doctor --bisect`; Supply/ holds signing, keys, the index and
// installing plugins, which run without the plugin runtime; Commands/ holds `plugins`, `doctor`
// and `graph`, which start it (``RuntimeStart``). The list of every command is `ViperCommands.all`,
// in the target above this one.
//
// Invariants: a wrong command line is one line naming what is wrong and what to do, and exit
// code 64 (``ViperTool/usageExitCode``); an error line reaches standard error through
// ``ViperTool/printError(_:)``; each report has a text form and a `--json` form.

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
