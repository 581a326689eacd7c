import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime
import ViperShell

/// `viper` and `viper shell`: the interactive shell (or a scripted session: `-c`, piped input)
/// over a started runtime, supervised (``supervised(_:environment:session:)``).
package struct ShellCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["shell"], abstract: "Open the interactive shell (the default)",
        discussion: """
            Opens the shell with every plugin that loaded. With a terminal on standard input it offers
            line editing, history and Tab completion; otherwise it reads commands line by line.
            """,
        options: [CommandOption("--json", help: "As --plain, and lists that can (to-dos) print one JSON array a line instead")])

    let json: Bool
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        json = parsed.has("--json")
        context = parsed.context
    }

    package func run() -> Int32 {
        // The shell's --json reaches plugins as VIPER_OUTPUT, which their Builders read; set
        // here, before any thread starts, as setenv is not safe beside other threads.
        if json { setenv("VIPER_OUTPUT", "json", 1) }
        return Self.session(context, json: json)
    }

    /// Runtimes whose sessions ended, left for the exit to free (see ``session(_:json:live:)``).
    nonisolated(unsafe) private static var keptUntilExit: [HostRuntime] = []

    /// A shell session over the runtime `context` selects, in a supervised worker unless already in one.
    static func session(
        _ context: CommandContext, json: Bool = false, live: @escaping (HostRuntime) -> LiveSetup = { LiveSetup(reloader: $0) }
    ) -> Int32 {
        if supervises(environment: context.environment) {
            return supervised(context) { session(context, json: json, live: live) }
        }
        guard let runtime = RuntimeStart.start(context.globals, environment: context.environment, session: true) else { return 1 }
        // The runtime reloads plugin files that change while the shell runs.
        let status = ShellLauncher.run(
            runtime: runtime, options: context.globals, json: json, environment: context.environment, live: live(runtime))
        // The shell closed every database and the log writes as it goes: what is left is memory,
        // which the process's exit (main.swift) frees faster than taking the runtime apart.
        keptUntilExit.append(runtime)
        return status
    }
}
