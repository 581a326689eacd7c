import Contracts

/// The Contracts ABI this plugin is built for, as one record ("VIPR", major, minor) in its
/// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs.
/// Keep the numbers equal to the Contracts it is built against (`viper check` compares them).
@used @section(".viper_abi")
let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 1, 3)

/// The Contracts ABI this plugin was compiled against, for viper releases that predate the
/// `.viper_abi` section.
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    ContractsVersion.compiledPacked
}

/// The plugin's entry point: registers the article list and the article detail.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ArticlesPlugin.self)
}

/// The Articles VIPER app: a list fetched from a JSON source and a detail module.
/// Without `?source=URL` the list shows a sample compiled into this plugin
/// (``OfflineArticles``), so a first run needs no network.
enum ArticlesPlugin: Plugin {
    static let manifest = PluginManifest(name: "articles", version: "1.0.0",
                                         summary: "Articles from a JSON feed (a built-in sample, or ?source=URL)")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            ArticleListing.self,
            route: RouteSpec("articles", summary: "Articles: the built-in sample, or ?source=URL for a JSON feed",
                             query: ["source"]),
            requires: [.service(Logger.self), .service(Clock.self), .service(DataFolder.self), .module(ArticleShowing.self)],
            builder: ArticleListBuilder())
        registrar.registerModule(ArticleShowing.self, builder: ArticleDetailBuilder())
    }
}
