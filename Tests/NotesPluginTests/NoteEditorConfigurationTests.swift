import ConformanceKit
import Contracts
import Testing
@testable import NotesPlugin

/// The notes list routes to the editor with a ``NoteEditorConfiguration``, and the
/// editor's builder builds the editor for that note before anything appears.
@Suite struct NoteEditorConfigurationTests {
    private func buildEditor(_ configuration: NoteEditorConfiguration?, store: FakeNoteStore) throws -> (SpyScreen, NoteEditorPresenter, any ModuleView) {
        let services = ServiceTable()
        services.register(NoteStore.self, instance: store)
        services.register(Session.self, instance: StubSession(signedInAs: "ada"))
        let context = StubModuleContext(resolver: services)
        context.configuration = configuration
        let built = try NoteEditorBuilder().build(context)
        let presenter = try #require(built.input as? NoteEditorPresenter)
        let screen = SpyScreen()
        built.view.render(on: screen)
        return (screen, presenter, built.view)
    }

    @Test func theBuilderBuildsTheEditorForTheConfiguredNote() throws {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk"), NoteDraft(title: "Plans", body: "")])
        let (screen, _, _) = try buildEditor(NoteEditorConfiguration(noteID: 2), store: store)
        #expect(screen.calls.contains(.heading("Editing note")))
        #expect(screen.shows("Plans"))
    }

    @Test func theBuilderStartsANewNoteWithTheConfiguredTitleOrAnEmptyOne() throws {
        let (titled, _, _) = try buildEditor(NoteEditorConfiguration(noteID: nil, title: "Trip"), store: FakeNoteStore())
        #expect(titled.calls.contains(.heading("New note")))
        #expect(titled.shows("Trip"))
        let (plain, _, _) = try buildEditor(nil, store: FakeNoteStore())
        #expect(plain.calls.contains(.heading("New note")))
    }

    @Test func theListsPrepareDoesNotLoadTheConfiguredNoteAgain() throws {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")])
        let (_, presenter, view) = try buildEditor(NoteEditorConfiguration(noteID: 1), store: store)
        store.failure = CommandError("the store was read a second time")
        presenter.edit(noteID: 1)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.errors.isEmpty, "edit(noteID:) of the note already built did not read the store")
        #expect(screen.shows("Groceries"))
    }

    @Test func theListRoutesToTheEditorWithTheNotesConfiguration() throws {
        let spy = SpyRouter()
        let router = NoteListRouter(router: spy, logger: MemoryLogger())
        try router.showEditor(noteID: 7, title: "", output: SpyNoteEditingOutput(log: EventLog()))
        try router.showEditor(noteID: nil, title: "Trip", output: SpyNoteEditingOutput(log: EventLog()))
        #expect(spy.calls == [.route(ContractID(NoteEditing.self), name: nil, .push), .route(ContractID(NoteEditing.self), name: nil, .push)])
        #expect(spy.configurations.compactMap { $0 as? NoteEditorConfiguration }
                == [NoteEditorConfiguration(noteID: 7), NoteEditorConfiguration(noteID: nil, title: "Trip")])
    }
}
