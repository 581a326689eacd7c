import Contracts

final class FakeNoteEditorBuilder: ModuleBuilder {
    private let reportsSaves: Bool

    init(reportsSaves: Bool) {
        self.reportsSaves = reportsSaves
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = FakeNoteEditorPresenter(store: try context.resolver.resolve(NoteStore.self), reportsSaves: reportsSaves)
        let view = FakeNoteEditorView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}
