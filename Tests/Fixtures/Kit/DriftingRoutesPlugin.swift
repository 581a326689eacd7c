// Declares its routes twice, and the two drift apart: its builder routes through
// ModuleRoutes(NoteEditing.self) (Contracts 1.7), but it is registered with a
// requires: list that leaves NoteEditing out, so viper would check only the clock.
// `viper check` must name the drift in declared-dependencies.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: DriftingPlugin.self)
}

public protocol DriftingInput: AnyObject {}

final class DriftingPresenter: DriftingInput {
    weak var view: DriftingView?
    private let editor: ModuleRoute<any NoteEditing>

    init(editor: ModuleRoute<any NoteEditing>) { self.editor = editor }

    func edit() throws { try editor.push() }
}

final class DriftingView: ModuleView {
    let presenter: DriftingPresenter
    init(presenter: DriftingPresenter) { self.presenter = presenter }
    var title: String { "Drifting" }
    var commands: [CommandSpec] { [CommandSpec("edit", help: "Edit a note")] }
    func render(on screen: any Screen) { screen.empty("Nothing yet; type 'edit'") }
    func perform(_ command: CommandInvocation) throws { try presenter.edit() }
}

final class DriftingBuilder: RoutingModuleBuilder {
    static let dependencies = Dependencies(Clock.self)
    static let routes = ModuleRoutes(NoteEditing.self)

    func build(_ context: any ModuleContext, with clock: any Clock, routes editor: ModuleRoute<any NoteEditing>) throws -> BuiltModule {
        let presenter = DriftingPresenter(editor: editor)
        let view = DriftingView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}

enum DriftingPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-drifting", version: "1.0.0", summary: "routes it does not register")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(DriftingInput.self, route: RouteSpec("drifting", summary: "Drifting"),
                                 requires: [.service(Clock.self)], builder: DriftingBuilder())
    }
}
