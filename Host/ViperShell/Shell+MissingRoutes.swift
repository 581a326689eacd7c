import ViperCore

/// A path no route matches may belong to a plugin that never loaded (refused at start-up, or a
/// file just outside the plugin folders): `open`, `present` and `root` then say so after the
/// matcher's hint, with `viper doctor`, instead of only "no route matches".
extension Shell {
    /// Runs `navigate` (an `open`, `present` or `root` of `path`), adding ``missingRouteNote`` to a
    /// "no route" failure: after the matcher's hint, or in its place when a file that did not load
    /// is named like the path (its route is the likely one, not another plugin's near it).
    func opening(_ path: String, _ navigate: () throws -> Void) throws {
        do {
            try navigate()
        } catch let error as NavigationError where error.code == .noRoute {
            guard let found = missingRouteNote?(path) else { throw error }
            guard found.owned, let typed = try? RoutePath(parsing: path), !typed.segments.isEmpty else {
                throw NavigationError(.noRoute, "\(error.message); \(found.note)")
            }
            throw NavigationError(.noRoute, "no route matches '\(typed.path)': \(found.note)")
        }
    }
}
