import Contracts

/// Wires the note list and injects the note store, the session, the logger and the
/// clock's time zone (for when each note was modified). Opened by the route `notes/:id`,
/// it edits that note as soon as it appears. `VIPER_OUTPUT=json` (`viper --json`) builds it
/// to draw its lists as data (``NoteListPresenter/jsonWanted(environment:)``).
final class NoteListBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let logger = try context.resolver.resolve(Logger.self)
        let json = NoteListPresenter.jsonWanted()
        // As data, a list holds every note it matches: a script is not a screen to fill.
        let interactor = NoteListInteractor(store: try context.resolver.resolve(NoteStore.self),
                                            session: try context.resolver.resolve(Session.self),
                                            logger: logger, shownAtMost: json ? nil : NoteListInteractor.shownAtMost)
        let router = NoteListRouter(router: context.router, logger: logger)
        let presenter = NoteListPresenter(interactor: interactor, router: router,
                                          timeZoneIdentifier: try context.resolver.resolve(Clock.self).timeZoneIdentifier, json: json)
        let view = NoteListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        if context.parameters["id"] != nil {
            try presenter.open(noteID: Int64(try context.parameters.integer("id")))
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
