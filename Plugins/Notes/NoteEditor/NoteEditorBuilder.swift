import Contracts

/// Wires the note editor and injects the note store. The caller configures it
/// through ``NoteEditing`` before it appears.
final class NoteEditorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = NoteEditorInteractor(store: try context.resolver.resolve(NoteStore.self))
        let router = NoteEditorRouter(router: context.router)
        let presenter = NoteEditorPresenter(interactor: interactor, router: router)
        let view = NoteEditorView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        presenter.startNewNote(title: "")
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
