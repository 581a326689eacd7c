/// Module commands the shell can never run because a reserved built-in has their name (a module
/// command `back` is shadowed by the shell's `back`). `viper check` and the conformance kit name
/// them for the plugin's author; the shell says so to the person once per plugin and name, under
/// the screen that offered it, so the command is never silently missing.
struct ShadowedCommands {
    /// Plugin and name of each shadowed command already noted.
    private var noted: Set<String> = []
    /// The lines not yet said, in the order noted.
    private var unsaid: [String] = []

    /// Notes that `plugin` offers a command `name` that a built-in shadows.
    mutating func note(_ name: String, plugin: String) {
        guard noted.insert(plugin + "\t" + name).inserted else { return }
        unsaid.append(
            "plugin '\(plugin)' offers a command '\(name)', but '\(name)' is the shell's own, so the plugin's command never runs; "
                + "its author should rename it ('viper check' names it)")
    }

    /// The lines not said yet; each is returned once.
    mutating func takeUnsaid() -> [String] {
        defer { unsaid.removeAll() }
        return unsaid
    }
}
