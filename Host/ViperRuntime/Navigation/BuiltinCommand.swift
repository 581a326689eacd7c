import Contracts

/// The shell's own commands. All but `close` and `dismiss` are reserved: a module
/// cannot declare them. A module may declare `close` or `dismiss` itself (to save
/// or confirm first); then its own wins while it is on screen.
package enum BuiltinCommand: String, CaseIterable {
    case open, back, close, dismiss, home, `where`, routes, graph, help, quit, exit

    /// Whether a module's command of the same name is ignored.
    package var isReserved: Bool {
        self != .close && self != .dismiss
    }

    /// Shown by help and completion (`exit` is an alias of `quit`).
    package var isListed: Bool {
        self != .exit
    }

    package var spec: CommandSpec {
        switch self {
        case .open: return CommandSpec("open", arguments: ["PATH"], help: "Open a route, e.g. 'open hello?name=Ada'")
        case .back: return CommandSpec("back", help: "Go back to the previous module")
        case .close: return CommandSpec("close", help: "Close the module on screen (dismiss it when it was presented)")
        case .dismiss: return CommandSpec("dismiss", help: "Dismiss the presented module and what was opened inside it")
        case .home: return CommandSpec("home", help: "Close every module and show the routes")
        case .where: return CommandSpec("where", help: "Show where you are: the breadcrumb of open modules")
        case .routes: return CommandSpec("routes", help: "List every route with its contract and plugin")
        case .graph: return CommandSpec("graph", help: "Show the contract graph around the module on screen (all of it at home)")
        case .help: return CommandSpec("help", arguments: ["COMMAND?"], help: "List the commands, or explain one")
        case .quit: return CommandSpec("quit", help: "Leave viper (also 'exit', or Ctrl-D)")
        case .exit: return CommandSpec("exit", help: "Leave viper")
        }
    }
}
