import ViperRuntime

/// `viper doctor`: checks the plugin graph and exits non-zero when anything is wrong; with
/// `--bisect SCRIPT` it finds the drop-in plugin that makes SCRIPT fail (``BisectCommand``).
package struct DoctorCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["doctor"], abstract: "Check the plugin graph; exit non-zero when anything is wrong",
        discussion: """
            Checks every plugin found (from the descriptor cache, scanning new or changed files in a
            child process): each requirement has a provider, no contract has two providers unless one was
            chosen, no services need each other, and every route is a valid path that is not a shell command
            and that one plugin declares unless one was chosen. Names each problem once, with its chain.
            Also names each plugin just outside a searched folder (in a subfolder, named libX.so.1, or in
            the data folder's plugins/ when that is not the user folder) with where it should go.
            Lists the route interceptors of each contract in the order they run, and names a contract
            that more than one plugin intercepts (a conflict the order settles).

            """ + BisectOptions.details,
        options: [CommandOption("--json", help: "Print JSON instead of text")] + BisectOptions.options)

    let json: Bool
    let bisect: BisectOptions?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        json = parsed.has("--json")
        var bisect: BisectOptions?
        for flag in ["--bisect", "--expect"] {
            guard let value = parsed.value(flag) else { continue }
            var options = bisect ?? BisectOptions()
            try options.apply(flag, value: value)
            bisect = options
        }
        self.bisect = bisect
        context = parsed.context
    }

    package func validate() throws {
        try bisect?.validate()
    }

    package func run() -> Int32 {
        if let bisect { return BisectCommand.run(bisect, options: context.globals, environment: context.environment) }
        guard let runtime = RuntimeStart.start(context.globals, environment: context.environment, session: false) else { return 1 }
        print(json ? PluginReport.doctorJSON(runtime) : PluginReport.doctorText(runtime) + RuntimeStart.crashLines(runtime))
        return runtime.doctorProblems.isEmpty && !PluginPlacement.hasNearMisses(runtime) ? 0 : 1
    }
}
