/// The names of the shell's own commands that a module's command of the same name never
/// reaches: the shell runs its own (`back` goes back, whatever the module declares). The
/// host keeps the list in ViperCore's `BuiltinCommand` (its reserved cases);
/// `ShellCommandNamesTests` holds the two equal. `close` and `dismiss` are not here: the
/// shell passes a module's own `close` to it.
enum ShellCommandNames {
    static let reserved: Set<String> = [
        "open", "present", "root", "back", "home", "where", "routes", "graph", "plugins", "doctor", "reload", "help", "quit", "exit",
    ]

    /// The problem a module command named `name` is, with the fix.
    static func shadowed(_ name: String) -> String {
        "command '\(name)' is the shell's own (\(reserved.sorted().joined(separator: ", "))): the shell runs its own and never passes '\(name)' "
            + "to the module, so the module's command is silently hidden; rename it (for example '\(name)-item')"
    }
}
