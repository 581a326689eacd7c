import Contracts

/// Finds the route a shell path opens and extracts its parameters.
///
/// A literal segment must match exactly; a `:name` segment matches any non-empty
/// segment and becomes parameter `name`. When several patterns match, the one with
/// more literal segments wins (`notes/new` before `notes/:id`). Query names the
/// route does not declare are rejected.
///
/// The patterns are split and indexed once, when the matcher is made (``RouteIndex``): a
/// match costs the same however many routes there are.
package struct RouteMatcher<Target> {
    /// A route and what it opens.
    package struct Route {
        package let spec: RouteSpec
        package let target: Target

        package init(spec: RouteSpec, target: Target) {
            self.spec = spec
            self.target = target
        }
    }

    /// A successful match.
    package struct Match {
        package let route: Route
        package let parameters: RouteParameters
    }

    package let routes: [Route]
    private let index: RouteIndex

    package init(_ routes: [Route]) {
        self.routes = routes
        index = RouteIndex(routes.map(\.spec.pattern))
    }

    /// The route `text` opens, with its parameters.
    package func match(_ text: String) throws -> Match {
        let path = try RoutePath(parsing: text)
        guard !path.segments.isEmpty else {
            throw NavigationError(.noRoute, "'\(text)' is not a path; give one such as \(example)")
        }
        guard let found = index.best(path.segments) else {
            throw NavigationError(.noRoute, "no route matches '\(path.path)'; \(hint(for: path))")
        }
        let route = routes[found]
        var values = index.values(path.segments, route: found)
        let accepted = route.spec.query
        for pair in path.query {
            guard accepted.contains(pair.name) else {
                let pattern = route.spec.pattern
                if accepted.isEmpty {
                    throw NavigationError(.badParameter, "'\(pattern)' takes no parameters; remove '?\(pair.name)=…'")
                }
                let guess = Suggestion.nearest(to: pair.name, in: accepted).map { "did you mean '\($0)'? " } ?? ""
                throw NavigationError(.badParameter, "'\(pattern)' has no parameter '\(pair.name)'; \(guess)it takes: \(accepted.joined(separator: ", "))")
            }
            guard values[pair.name] == nil else {
                throw NavigationError(.badParameter, "parameter '\(pair.name)' is given twice in '\(text)'; give it once")
            }
            values[pair.name] = pair.value
        }
        return Match(route: route, parameters: RouteParameters(values))
    }

    /// What a person types for `spec`'s path, for listings: `notes/:id [?source=…]`.
    package static func display(_ spec: RouteSpec) -> String {
        spec.query.isEmpty ? spec.pattern : spec.pattern + " [" + spec.query.map { "?\($0)=…" }.joined(separator: "&") + "]"
    }

    /// What Tab offers for `spec` after `open `: the literal part, and the query start.
    package static func completions(_ spec: RouteSpec) -> [String] {
        var literal: [String] = []
        for segment in segments(of: spec.pattern) {
            if segment.hasPrefix(":") {
                return [literal.joined(separator: "/") + (literal.isEmpty ? "" : "/")]
            }
            literal.append(segment)
        }
        let path = literal.joined(separator: "/")
        return [path] + spec.query.map { "\(path)?\($0)=" }
    }

    private static func segments(of pattern: String) -> [String] {
        pattern.split(separator: "/").map(String.init)
    }

    private var example: String {
        routes.first.map { "'\($0.spec.pattern)'" } ?? "'notes'"
    }

    /// At most this many routes are named in one error line (with 1,000 plugins a prefix can have 1,000).
    private static var hintLimit: Int { 5 }

    private func hint(for path: RoutePath) -> String {
        let patterns = routes.map(\.spec.pattern)
        let sameStart = routes.indices.filter { index.patterns[$0].first?.text == path.segments[0] }.map { routes[$0].spec.pattern }
        if !sameStart.isEmpty {
            let shown = sameStart.prefix(Self.hintLimit).joined(separator: ", ")
            let more = sameStart.count > Self.hintLimit ? " and \(sameStart.count - Self.hintLimit) more ('routes' lists them all)" : ""
            return "routes starting with '\(path.segments[0])': \(shown)\(more)"
        }
        if let guess = Suggestion.nearest(to: path.path, in: patterns) {
            return "did you mean '\(guess)'? ('routes' lists them all)"
        }
        return routes.isEmpty ? "no loaded plugin declares a route ('viper plugins' shows what was found)" : "'routes' lists them all"
    }
}
