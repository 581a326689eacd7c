import Contracts
import Foundation

/// Wires the article list, with URLSession behind its fetcher and the last good
/// feeds kept in the data folder, and applies the route's `?source=URL`.
final class ArticleListBuilder: ModuleBuilder {
    /// How long a command waits for a feed before the shell gets its prompt back.
    static let foregroundWait = 3.0

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = ArticleListInteractor(fetcher: URLSessionArticleFetcher(),
                                               logger: try context.resolver.resolve(Logger.self),
                                               cache: FileArticleCache(folder: try context.resolver.resolve(DataFolder.self).path),
                                               clock: clock, foregroundWait: Self.foregroundWait,
                                               subscriptions: FileFeedSubscriptions(folder: try context.resolver.resolve(DataFolder.self).path),
                                               readArticles: FileReadArticles(folder: try context.resolver.resolve(DataFolder.self).path))
        let router = ArticleListRouter(router: context.router,
                                       pages: BrowserPageOpener(environment: ProcessInfo.processInfo.environment))
        let presenter = ArticleListPresenter(interactor: interactor, router: router, timeZoneIdentifier: clock.timeZoneIdentifier)
        let view = ArticleListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        if let source = context.parameters["source"] {
            presenter.useSource(source)
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
