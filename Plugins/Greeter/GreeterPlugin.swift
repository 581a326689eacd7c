import Contracts

/// A small plugin that exercises the whole path: a module built by contract,
/// a route with a query parameter, and injected host services.
package enum GreeterPlugin: Plugin {
    package static let manifest = PluginManifest(name: "greeter", version: "1.0.0",
                                                 summary: "Says hello: the smallest complete VIPER module")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            HelloInput.self,
            route: RouteSpec("hello", summary: "A greeting that depends on the time of day", query: ["name"]),
            builder: HelloBuilder())  // requires what HelloBuilder.dependencies declares
    }
}
