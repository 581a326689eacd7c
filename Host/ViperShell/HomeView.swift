import Contracts
import ViperCore
import ViperRuntime

/// The screen when nothing is open: what loaded, and the routes to open (the first
/// ``shownRoutes``, then how many more: 'routes' lists them all).
package final class HomeView: ModuleView {
    /// How many routes home lists: drawing home costs the same with 10 plugins as with 5,000
    /// (`back` to home is a navigation command), and a screen of 5,000 lines shows nothing.
    package static let shownRoutes = 10

    /// Nil until the screen is first drawn, when ``listRoutes`` lists them.
    private var routes: [RouteSpec]?
    private let listRoutes: () -> [RouteSpec]
    private var pluginsLoaded: Int
    private let problems: Int

    package init(routes: [RouteSpec], pluginsLoaded: Int, problems: Int) {
        self.routes = routes
        listRoutes = { routes }
        self.pluginsLoaded = pluginsLoaded
        self.problems = problems
    }

    /// A home screen that lists the routes when it is first drawn: a session that never shows
    /// it (a script, a pipe) does not list every route of every plugin at start-up.
    package init(routes: @escaping () -> [RouteSpec], pluginsLoaded: Int, problems: Int) {
        listRoutes = routes
        self.pluginsLoaded = pluginsLoaded
        self.problems = problems
    }

    package var title: String { "Home" }

    /// What a reload changed (the shell's `reload`).
    package func update(routes: [RouteSpec], pluginsLoaded: Int) {
        self.routes = routes
        self.pluginsLoaded = pluginsLoaded
    }

    package func render(on screen: any Screen) {
        let plugins = pluginsLoaded == 1 ? "1 plugin" : "\(pluginsLoaded) plugins"
        screen.text("\(plugins) ready. Type 'open PATH' to open a route, 'help' for every command.")
        if problems > 0 {
            screen.text(
                problems == 1
                    ? "1 start-up problem was reported above; type 'doctor' to see it again with its fix."
                    : "\(problems) start-up problems were reported above; type 'doctor' to see them again with their fixes.")
        }
        screen.heading("Routes")
        let routes = self.routes ?? listRoutes()
        self.routes = routes
        if routes.isEmpty {
            screen.empty("No routes: no loaded plugin declares one. 'viper plugins' shows what was found.")
        } else {
            screen.fields(routes.prefix(Self.shownRoutes).map { Field(RouteMatcher<Void>.display($0), $0.summary) })
            if routes.count > Self.shownRoutes {
                screen.text("… and \(routes.count - Self.shownRoutes) more: 'routes' lists them all, 'open' completes them with Tab.")
            }
        }
    }
}
