// A good module-only plugin whose entry point, where `VIPER_TEST_GATE` names a FIFO, first waits
// at it: a test opens the FIFO's other end to learn that the plugin is being loaded, changes the
// plugin's file, and closes the FIFO to let the load go on. The file `viper check` judged then
// changed during the check.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    if let gate = getenv("VIPER_TEST_GATE") {
        let descriptor = open(gate, O_RDONLY)
        if descriptor >= 0 {
            var byte: UInt8 = 0
            while read(descriptor, &byte, 1) > 0 {}
            close(descriptor)
        }
    }
    return PluginEntry.run(host, plugin: GatedPlugin.self)
}

public protocol GatedInput: AnyObject {}

final class GatedView: ModuleView, GatedInput {
    var title: String { "Gated" }
    var commands: [CommandSpec] { [CommandSpec("again", help: "Draw again")] }
    func render(on screen: any Screen) {
        screen.heading("Gated")
        screen.text("Nothing to show yet.")
    }
    func perform(_ command: CommandInvocation) throws {}
}

final class GatedBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule { BuiltModule(view: GatedView()) }
}

enum GatedPlugin: Plugin {
    static let manifest = PluginManifest(name: "gated", version: "1.0.0", summary: "Waits at a gate while it loads")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(GatedInput.self, route: RouteSpec("gated", summary: "A good module"), requires: [], builder: GatedBuilder())
    }
}
