import Contracts

/// The Articles VIPER app: a list of RSS, Atom and JSON feeds' articles and a detail module.
/// With no subscription and no `?source=URL` the list shows a sample compiled into this plugin
/// (``OfflineArticles``), so a first run needs no network. Feeds are fetched through the
/// ``FeedFetching`` service, which this plugin provides with libcurl (``SystemFeedFetcher``);
/// a plugin chosen for `Contracts.FeedFetching` replaces it.
package enum ArticlesPlugin: Plugin {
    package static let manifest = PluginManifest(name: "articles", version: "1.0.0",
                                                 summary: "Articles from RSS, Atom and JSON feeds (subscriptions, or ?source=URL)")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerService(FeedFetching.self) { _ in SystemFeedFetcher() }
        registrar.registerModule(
            ArticleListing.self,
            route: RouteSpec("articles", summary: "Articles: your feeds (RSS, Atom, JSON Feed), or ?source=URL",
                             query: ["source"]),
            requires: [.service(Logger.self), .service(Clock.self),
                       .service(DataFolder.self), .service(FeedFetching.self), .module(ArticleShowing.self)],
            builder: ArticleListBuilder())
        registrar.registerModule(ArticleShowing.self, builder: ArticleDetailBuilder())
    }
}
