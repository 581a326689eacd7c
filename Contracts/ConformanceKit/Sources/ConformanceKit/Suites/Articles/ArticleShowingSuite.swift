import Contracts

extension ContractSuite {
    /// What every ``ArticleShowing`` module promises (see its doc comment): given
    /// an article, it shows its title and its text.
    public static let articleShowing = ContractSuite(for: ArticleShowing.self, checks: [
        ModuleCheck("shows-title-and-content", run: ArticleShowingChecks.showsArticle),
    ])
}

/// The checks of ``ContractSuite/articleShowing``.
enum ArticleShowingChecks {
    static func showsArticle(_ harness: ModuleHarness) throws {
        let article = Article(title: "A headline for the kit", authors: "Kit", date: "2026-01-05",
                              website: "example.org", content: "The text of the article.")
        let module = try harness.build()
        try module.input(as: ArticleShowing.self).show(article)
        let screen = module.appear()
        try CheckFailure.unless(screen.shows(article.title) && screen.shows(article.content),
            expected: "show(_:) to draw the title '\(article.title)' and the content '\(article.content)'",
            happened: SuiteSupport.drew(screen))
    }
}
