// An interception fixture compiled by the tests (BundledInterceptionTests): plugin
// fixture-quicknote serves `quicknote`, whose `write TITLE` pushes whichever module
// provides Contracts.NoteEditing, by contract, as any drop-in plugin could. It knows
// nothing of sign-in: the account plugin's guard is what stands in its way.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: QuickNotePlugin.self)
}

final class QuickNoteView: ModuleView {
    let router: any Router
    init(router: any Router) { self.router = router }
    var title: String { "Quick note" }
    var commands: [CommandSpec] { [CommandSpec("write", arguments: ["TITLE..."], help: "Write a new note")] }
    func render(on screen: any Screen) { screen.text("Type 'write TITLE' to start a note.") }
    func perform(_ command: CommandInvocation) throws {
        guard command.name == "write" else { throw CommandError("'\(command.name)' is not a command of Quick note") }
        let title = command.rest
        try router.push(NoteEditing.self) { $0.startNewNote(title: title) }
    }
}

final class QuickNoteBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = QuickNoteView(router: context.router)
        return BuiltModule(view: view, input: view)
    }
}

/// The route's contract: this fixture's own, so nothing else serves it.
protocol QuickNoting: AnyObject {}
extension QuickNoteView: QuickNoting {}

enum QuickNotePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-quicknote", version: "1.0.0",
                                         summary: "Interception fixture: pushes the note editor by contract")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(QuickNoting.self, route: RouteSpec("quicknote", summary: "Write a quick note"),
                                 requires: [.module(NoteEditing.self)], builder: QuickNoteBuilder())
    }
}
