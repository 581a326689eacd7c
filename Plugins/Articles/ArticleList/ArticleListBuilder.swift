import Contracts
import Foundation

/// Wires the article list, with the ``FeedFetching`` service resolved from the registry behind
/// its fetcher and the last good feeds kept in the data folder, and applies the route's
/// `?source=URL`. The lists are drawn as data when the session asks for it
/// (``ArticleListJSON/wanted(environment:)``, read when the module is built).
final class ArticleListBuilder: ModuleBuilder {
    /// How long a command waits for a feed before the shell gets its prompt back.
    static let foregroundWait = 3.0

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = ArticleListInteractor(fetcher: ServiceArticleFetcher(service: try context.resolver.resolve(FeedFetching.self)),
                                               logger: try context.resolver.resolve(Logger.self),
                                               cache: FileArticleCache.shared(folder: try context.resolver.resolve(DataFolder.self).path),
                                               clock: clock, foregroundWait: Self.foregroundWait,
                                               subscriptions: FileFeedSubscriptions(folder: try context.resolver.resolve(DataFolder.self).path),
                                               readArticles: FileReadArticles(folder: try context.resolver.resolve(DataFolder.self).path),
                                               settings: FileFeedSettings(folder: try context.resolver.resolve(DataFolder.self).path))
        let router = ArticleListRouter(router: context.router,
                                       pages: BrowserPageOpener(environment: ProcessInfo.processInfo.environment))
        let presenter = ArticleListPresenter(interactor: interactor, router: router, timeZoneIdentifier: clock.timeZoneIdentifier,
                                             json: ArticleListJSON.wanted())
        // Optional: where nothing provides it, a refresh shows no progress lines.
        let progress = context.resolver.canResolve(CommandProgress.self) ? try? context.resolver.resolve(CommandProgress.self) : nil
        let view = ArticleListView(presenter: presenter, progress: progress)
        interactor.output = presenter
        presenter.view = view
        if let source = context.parameters["source"] {
            presenter.useSource(source)
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
