import Contracts

/// Finds the route a shell path opens and extracts its parameters.
///
/// A literal segment must match exactly; a `:name` segment matches any non-empty
/// segment and becomes parameter `name`. When several patterns match, the one with
/// more literal segments wins (`notes/new` before `notes/:id`). Query names the
/// route does not declare are rejected.
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

    package init(_ routes: [Route]) {
        self.routes = routes
    }

    /// The route `text` opens, with its parameters.
    package func match(_ text: String) throws -> Match {
        let path = try RoutePath(parsing: text)
        guard !path.segments.isEmpty else {
            throw NavigationError(.noRoute, "'\(text)' is not a path; give one such as \(example)")
        }
        var best: (route: Route, values: [String: String], literals: Int)?
        for route in routes {
            guard let values = Self.bind(path.segments, to: Self.segments(of: route.spec.pattern)) else { continue }
            let literals = Self.segments(of: route.spec.pattern).filter { !$0.hasPrefix(":") }.count
            if let current = best, current.literals >= literals { continue }
            best = (route, values, literals)
        }
        guard let best else {
            throw NavigationError(.noRoute, "no route matches '\(path.path)'; \(hint(for: path))")
        }
        var values = best.values
        let accepted = best.route.spec.query
        for pair in path.query {
            guard accepted.contains(pair.name) else {
                let pattern = best.route.spec.pattern
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
        return Match(route: best.route, parameters: RouteParameters(values))
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

    private static func bind(_ segments: [String], to pattern: [String]) -> [String: String]? {
        guard segments.count == pattern.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, pattern) {
            if part.hasPrefix(":") {
                guard !segment.isEmpty else { return nil }
                values[String(part.dropFirst())] = segment
            } else if segment != part {
                return nil
            }
        }
        return values
    }

    private var example: String {
        routes.first.map { "'\($0.spec.pattern)'" } ?? "'notes'"
    }

    private func hint(for path: RoutePath) -> String {
        let patterns = routes.map(\.spec.pattern)
        let sameStart = routes.filter { Self.segments(of: $0.spec.pattern).first == path.segments.first }.map(\.spec.pattern)
        if !sameStart.isEmpty {
            return "routes starting with '\(path.segments[0])': \(sameStart.joined(separator: ", "))"
        }
        if let guess = Suggestion.nearest(to: path.path, in: patterns) {
            return "did you mean '\(guess)'? ('routes' lists them all)"
        }
        return routes.isEmpty ? "no loaded plugin declares a route ('viper plugins' shows what was found)" : "'routes' lists them all"
    }
}
