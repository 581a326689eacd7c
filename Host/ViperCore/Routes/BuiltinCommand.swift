import Contracts

/// The shell's own commands. All but `close` and `dismiss` are reserved: a module
/// cannot declare them. A module may declare `close` or `dismiss` itself (to save
/// or confirm first); then its own wins while it is on screen.
///
/// The commands that remove modules (`back`, `close`, `dismiss`, `home`) ask first when
/// a module says work would be lost (``ModuleRemovalHandling``); typed with `!`
/// (`back!`) they remove without asking, and `close!` is always the shell's own. So does
/// `root`, which removes every module before it opens a route, and so do `quit` and
/// `exit`, which remove every module as the session ends. `profile` is not reserved either: a
/// module's own `profile` command (an account's profile, say) wins while it is on screen.
package enum BuiltinCommand: String, CaseIterable {
    case open, present, root, back, close, dismiss, home, `where`, routes, graph, plugins, doctor, profile, reload, help, quit, exit

    /// The built-in `name` names, and whether it was typed with `!` to remove without
    /// asking (`back!`); nil for a name that is not one, and for `!` after a command
    /// that removes nothing.
    package init?(typed name: String) {
        guard name.hasSuffix("!") else {
            guard let command = BuiltinCommand(rawValue: name) else { return nil }
            self = command
            return
        }
        guard let command = BuiltinCommand(rawValue: String(name.dropLast())), command.removesModules else { return nil }
        self = command
    }

    /// Whether the command removes modules, so it may ask before losing unsaved work.
    package var removesModules: Bool {
        self == .back || self == .close || self == .dismiss || self == .home || self == .root || self == .quit || self == .exit
    }

    /// Whether a module's command of the same name is ignored.
    package var isReserved: Bool {
        self != .close && self != .dismiss && self != .profile
    }

    /// Shown by help and completion (`exit` is an alias of `quit`).
    package var isListed: Bool {
        self != .exit
    }

    package var spec: CommandSpec {
        switch self {
        case .open: return CommandSpec("open", arguments: ["PATH"], help: "Open a route on top of the module on screen, e.g. 'open hello?name=Ada'")
        case .present: return CommandSpec("present", arguments: ["PATH"], help: "Open a route modally: what is below waits until it is closed")
        case .root: return CommandSpec("root", arguments: ["PATH"], help: "Open a route in place of every open module")
        case .back: return CommandSpec("back", help: "Go back to the previous module ('back!' drops unsaved work without asking)")
        case .close: return CommandSpec("close", help: "Close the module on screen (dismiss it when it was presented)")
        case .dismiss: return CommandSpec("dismiss", help: "Dismiss the presented module and what was opened inside it")
        case .home: return CommandSpec("home", help: "Close every module and show the routes")
        case .where: return CommandSpec("where", help: "Show where you are: the breadcrumb of open modules")
        case .routes: return CommandSpec("routes", help: "List every route with its contract and plugin")
        case .graph: return CommandSpec("graph", help: "Show the contract graph around the module on screen (all of it at home)")
        case .plugins: return CommandSpec("plugins", help: "List this session's plugins: status, what each provides and requires, and the version serving")
        case .doctor: return CommandSpec("doctor", help: "Check this session's plugin graph: each problem once, and what reloads changed")
        case .profile:
            return CommandSpec(
                "profile", arguments: ["json?"],
                help: "What each plugin cost this session: scan, load and why, builders, commands, drawing, memory")
        case .reload: return CommandSpec("reload", help: "Scan the plugin folders again: use new and changed plugins, withdraw removed ones")
        case .help: return CommandSpec("help", arguments: ["COMMAND?"], help: "List the commands, or explain one")
        case .quit: return CommandSpec("quit", help: "Leave viper (also 'exit', or Ctrl-D; 'quit!' drops unsaved work without asking)")
        case .exit: return CommandSpec("exit", help: "Leave viper")
        }
    }
}
