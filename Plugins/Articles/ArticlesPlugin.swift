import Contracts

/// The Articles VIPER app: a list fetched from a JSON source and a detail module.
/// Without `?source=URL` the list shows a sample compiled into this plugin
/// (``OfflineArticles``), so a first run needs no network.
package enum ArticlesPlugin: Plugin {
    package static let manifest = PluginManifest(name: "articles", version: "1.0.0",
                                                 summary: "Articles from a JSON feed (a built-in sample, or ?source=URL)")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            ArticleListing.self,
            route: RouteSpec("articles", summary: "Articles: the built-in sample, or ?source=URL for a JSON feed",
                             query: ["source"]),
            requires: [.service(Logger.self), .service(Clock.self), .service(DataFolder.self), .module(ArticleShowing.self)],
            builder: ArticleListBuilder())
        registrar.registerModule(ArticleShowing.self, builder: ArticleDetailBuilder())
    }
}
