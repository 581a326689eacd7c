import Contracts

/// The input of ``ShellNamedCommandsStub``'s one module.
protocol ShellNamedCommandsInput: AnyObject {}

/// A plugin whose one module declares a command for every name the shell has (``BuiltinCommand``),
/// so the conformance kit's `commands` check can be compared with the shell's own list.
enum ShellNamedCommandsStub: Plugin {
    static let manifest = PluginManifest(name: "shell-named-commands", version: "1.0.0", summary: "Declares the shell's command names")
    static let names = ["open", "present", "root", "back", "close", "dismiss", "home", "where", "routes", "graph", "plugins", "profile",
                        "doctor", "reload", "help", "quit", "exit"]

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ShellNamedCommandsInput.self, builder: Builder())
    }

    private final class View: ModuleView, ShellNamedCommandsInput {
        var title: String { "Shell names" }
        var commands: [CommandSpec] { ShellNamedCommandsStub.names.map { CommandSpec($0, help: "A command named \($0)") } }
        func render(on screen: any Screen) { screen.text("Every command is named like one of the shell's.") }
    }

    private final class Builder: ModuleBuilder {
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            let view = View()
            return BuiltModule(view: view, input: view)
        }
    }
}
