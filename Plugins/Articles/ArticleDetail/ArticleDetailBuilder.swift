import Contracts
import Foundation

/// Wires the detail module. It needs no services and no Interactor (the article arrives
/// complete through ``ArticleShowing``); its Router opens the article's page in the browser.
final class ArticleDetailBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let router = ArticleDetailRouter(pages: BrowserPageOpener(environment: ProcessInfo.processInfo.environment))
        let presenter = ArticleDetailPresenter(router: router)
        let view = ArticleDetailView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, router])
    }
}
