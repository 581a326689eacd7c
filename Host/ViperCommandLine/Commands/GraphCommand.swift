/// `viper graph [PLUGIN...] [--format FORMAT] [--output FILE]`: the contract graph of a started
/// runtime (``GraphOutput`` draws it).
package struct GraphCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["graph"], abstract: "Draw the contract graph: plugins, what they provide and require, and who serves it",
        discussion: """
            Shows viper's own services and every plugin found: the services, modules (with routes) and
            adapters each provides, each requirement with the plugin that serves it, and what is disabled or
            missing, with the reason. With PLUGIN names, only those plugins and the plugins one edge away.
            The DOT form renders with Graphviz unchanged; svg and png need Graphviz's 'dot' installed.
            """,
        arguments: "[PLUGIN...]", maximumArguments: Int.max,
        options: [
            CommandOption("--format", value: "FORMAT", help: "text (default), dot, json, or svg/png (rendered with Graphviz's dot)"),
            CommandOption("--output", value: "FILE", help: "Write to FILE instead of standard output (svg/png default: viper-graph.svg/.png)"),
        ])

    let plugins: [String]
    let format: String?
    let output: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        plugins = parsed.positional
        format = parsed.value("--format")
        output = parsed.value("--output")
        context = parsed.context
    }

    package func validate() throws {
        if let format, !GraphOutput.formats.contains(format) {
            throw UsageError("--format takes \(GraphOutput.formats.joined(separator: ", ")); got '\(format)'")
        }
    }

    package func run() -> Int32 {
        guard let runtime = RuntimeStart.start(context.globals, environment: context.environment, session: false) else { return 1 }
        return GraphOutput.run(runtime: runtime, plugins: plugins, format: format, output: output)
    }
}
