import Contracts
import Foundation

/// Wires the note editor and injects the note store, for the note the route's
/// ``NoteEditorConfiguration`` names (a new note without one). The caller sets its
/// output through ``NoteEditing`` before it appears.
final class NoteEditorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = NoteEditorInteractor(store: try context.resolver.resolve(NoteStore.self),
                                              session: try context.resolver.resolve(Session.self),
                                              textEditor: ProcessTextEditor(environment: ProcessInfo.processInfo.environment))
        let router = NoteEditorRouter(router: context.router)
        let presenter = NoteEditorPresenter(interactor: interactor, router: router)
        let view = NoteEditorView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        let configuration = context.configuration(NoteEditorConfiguration.self)
        if let noteID = configuration?.noteID {
            presenter.edit(noteID: noteID)
        } else {
            presenter.startNewNote(title: configuration?.title ?? "")
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
