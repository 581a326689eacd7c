// Breaks the NoteEditing contract: it saves through the NoteStore but never
// tells its output. `viper check` must name save-reports-to-output.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: SilentEditorPlugin.self)
}

final class SilentEditorPresenter: NoteEditing {
    weak var output: (any NoteEditingOutput)?
    weak var view: SilentEditorView?
    private let store: any NoteStore
    private var noteID: Int64?
    private var title = ""
    private var body = ""

    init(store: any NoteStore) { self.store = store }

    func edit(noteID: Int64) {
        self.noteID = noteID
        if let note = try? store.note(id: noteID) {
            title = note.title
            body = note.body
        }
        view?.lines = [title, body]
    }

    func startNewNote(title: String) {
        noteID = nil
        self.title = title
        body = ""
        view?.lines = [title]
    }

    func save() throws {
        let draft = NoteDraft(title: title, body: body)
        _ = try noteID.map { try store.update(id: $0, with: draft) } ?? store.add(draft)
        // Never calls output?.noteEditorDidSave(_:).
    }
}

final class SilentEditorView: ModuleView {
    let presenter: SilentEditorPresenter
    var lines: [String] = []
    init(presenter: SilentEditorPresenter) { self.presenter = presenter }
    var title: String { "Note" }
    var commands: [CommandSpec] { [CommandSpec("save", help: "Save the note")] }
    func render(on screen: any Screen) {
        if lines.isEmpty { screen.empty("New note") } else { lines.forEach(screen.text) }
    }
    func perform(_ command: CommandInvocation) throws { try presenter.save() }
}

final class SilentEditorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = SilentEditorPresenter(store: try context.resolver.resolve(NoteStore.self))
        let view = SilentEditorView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}

enum SilentEditorPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-silent-editor", version: "1.0.0", summary: "never calls its output")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(NoteEditing.self, requires: [.service(NoteStore.self)], builder: SilentEditorBuilder())
    }
}
