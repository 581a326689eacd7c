import Contracts

/// Wires the detail module. It needs no services, no Interactor (the article
/// arrives complete through ``ArticleShowing``) and no Router ('back' is the shell's).
final class ArticleDetailBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = ArticleDetailPresenter()
        let view = ArticleDetailView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}
