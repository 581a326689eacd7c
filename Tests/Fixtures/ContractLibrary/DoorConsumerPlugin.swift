// A plugin of modules only that links the FixtureWelcome library: it names the library's
// WelcomeScreen contract but uses no other plugin's service, so from the user folder it runs
// isolated, and its isolated process must find the library installed beside it.
import Contracts
import FixtureWelcome

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: DoorConsumerPlugin.self)
}

/// The door's input.
public protocol DoorInput: AnyObject {}

final class DoorView: ModuleView, DoorInput {
    var title: String { "Door" }
    var commands: [CommandSpec] { [] }

    func render(on screen: any Screen) {
        screen.heading("The door")
        screen.text("leads to " + ContractID((any WelcomeScreen).self).name)
    }

    func perform(_ command: CommandInvocation) throws {
        throw CommandError("'\(command.name)' is not a command of Door")
    }
}

final class DoorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = DoorView()
        return BuiltModule(view: view, input: view)
    }
}

enum DoorConsumerPlugin: Plugin {
    static let manifest = PluginManifest(name: "door", version: "1.0.0", summary: "Names FixtureWelcome's screen, uses no service")
    static let contractLibraries = [FixtureWelcomeLibrary.compiled]

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(DoorInput.self, route: RouteSpec("door", summary: "The door"), requires: [], builder: DoorBuilder())
    }
}
