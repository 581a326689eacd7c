import Contracts

/// Wires the Markdown editor and injects the note store. Callers configure it
/// through ``NoteEditing`` before it appears.
final class MarkdownEditorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = MarkdownEditorInteractor(store: try context.resolver.resolve(NoteStore.self))
        let router = MarkdownEditorRouter(router: context.router)
        let presenter = MarkdownEditorPresenter(interactor: interactor, router: router)
        let view = MarkdownEditorView(presenter: presenter)
        presenter.view = view
        presenter.startNewNote(title: "")
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
