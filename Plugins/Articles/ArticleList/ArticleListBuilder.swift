import Contracts

/// Wires the article list, with URLSession behind its fetcher, and applies the
/// route's `?source=URL`.
final class ArticleListBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = ArticleListInteractor(fetcher: URLSessionArticleFetcher(),
                                               logger: try context.resolver.resolve(Logger.self))
        let router = ArticleListRouter(router: context.router)
        let presenter = ArticleListPresenter(interactor: interactor, router: router)
        let view = ArticleListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        if let source = context.parameters["source"] {
            presenter.useSource(source)
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
