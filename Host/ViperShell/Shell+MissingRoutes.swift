import ViperCore

/// A path no route matches may belong to a plugin that never loaded (refused at start-up, or a
/// file just outside the plugin folders): `open`, `present` and `root` then say so after the
/// matcher's hint, with `viper doctor`, instead of only "no route matches".
extension Shell {
    /// Runs `navigate` (an `open`, `present` or `root`), adding ``missingRouteNote`` to a "no route" failure.
    func opening(_ navigate: () throws -> Void) throws {
        do {
            try navigate()
        } catch let error as NavigationError where error.code == .noRoute {
            guard let note = missingRouteNote?() else { throw error }
            throw NavigationError(.noRoute, "\(error.message); \(note)")
        }
    }
}
