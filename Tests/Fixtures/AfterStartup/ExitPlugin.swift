// A plugin that ends the process with exit(0): while its module `exit-build` is
// built, and when its module `exit-command` runs the command `leave`. viper must
// not end with status 0 as if the session had succeeded.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ExitPlugin.self)
}

public protocol ExitOnBuild: AnyObject {}
public protocol ExitOnCommand: AnyObject {}

enum ExitPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-exit", version: "1.0.0", summary: "Calls exit(0)")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ExitOnBuild.self, route: RouteSpec("exit-build", summary: "Exits while built"),
                                 builder: ExitingBuilder())
        registrar.registerModule(ExitOnCommand.self, route: RouteSpec("exit-command", summary: "Exits on 'leave'"),
                                 builder: LeavingBuilder())
    }
}

final class ExitingBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        exit(0)
    }
}

final class LeavingBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = LeavingView()
        return BuiltModule(view: view, input: view)
    }
}

final class LeavingView: ModuleView, ExitOnCommand {
    var title: String { "Leaving" }
    var commands: [CommandSpec] { [CommandSpec("leave", help: "Ends the process with exit(0)")] }

    func render(on screen: any Screen) {
        screen.heading("Type 'leave'")
    }

    func perform(_ command: CommandInvocation) throws {
        exit(0)
    }
}
