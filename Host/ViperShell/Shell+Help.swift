import Contracts
import ViperCommandLine
import ViperCore
import ViperRuntime

/// `help`, `help COMMAND` and `routes`.
extension Shell {
    /// Every command that works now: the shell's, then the module on screen's and its children's.
    func helpListing() -> [String] {
        let screen = TerminalScreen(style: style)
        screen.heading("Shell commands")
        screen.fields(BuiltinCommand.allCases.filter(\.isListed).map { Field(Self.usage($0.spec), $0.spec.help) })
        for entry in stack.top?.tree ?? [] {
            let specs = moduleCommands(of: entry)
            guard !specs.isEmpty else { continue }
            screen.heading("\(entry.title) commands" + (entry.placement == .embedded ? " (embedded)" : ""))
            screen.fields(specs.map { Field(Self.usage($0), $0.help) })
        }
        if let presented = stack.presented {
            screen.heading("While \(presented.title) is presented")
            screen.text("'open' and 'present' open on top of it, 'back' stops at it, and 'home' and 'root' wait until it is closed.")
        }
        return screen.lines
    }

    /// One command: its usage and help.
    func help(for topic: String) throws -> [String] {
        var owner: String?
        var spec: CommandSpec?
        if let builtin = BuiltinCommand(typed: topic), builtin.isReserved || topic.hasSuffix("!") {
            spec = builtin.spec
        } else {
            for entry in stack.top?.tree ?? [] {
                if let found = moduleCommands(of: entry).first(where: { $0.name == topic }) {
                    spec = found
                    owner = entry.title
                    break
                }
            }
            if spec == nil { spec = BuiltinCommand(rawValue: topic)?.spec }
        }
        guard let spec else {
            let guess = Suggestion.nearest(to: topic, in: availableCommands.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
            throw CommandError("no command '\(topic)'; \(guess)'help' lists them")
        }
        return [style.bold(Self.usage(spec)), "  " + spec.help + (owner.map { " (a command of \($0))" } ?? "")]
    }

    /// Every route with its summary, contract and plugin (without loading any plugin).
    /// The contract graph's text form around the module on screen: the plugins of it and its
    /// embedded children, and the plugins one edge away; all of it at home.
    func graphListing() throws -> [String] {
        guard let contractGraph else { throw CommandError("the contract graph is not available in this session") }
        var graph = contractGraph()
        if let top = stack.top {
            graph = graph.focused(on: Set(top.tree.map(\.registration.plugin)))
        }
        return GraphText.render(graph).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func routeListing() -> [String] {
        let screen = TerminalScreen(style: style)
        let routes = stack.routes
        screen.heading("Routes")
        if routes.isEmpty {
            screen.empty("No routes: no loaded plugin declares one. 'viper plugins' shows what was found.")
        } else {
            screen.fields(
                routes.map { route in
                    let contract = route.contract.name + (route.name.map { " named '\($0)'" } ?? "")
                    return Field(RouteMatcher<Void>.display(route.spec), "\(route.spec.summary)\n\(contract) from plugin \(route.plugin)")
                })
        }
        return screen.lines
    }
}
