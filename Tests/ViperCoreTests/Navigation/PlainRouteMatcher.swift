import Contracts
@testable import ViperCore

/// The route matcher as it was before ``RouteIndex``: a loop over every route that splits
/// each pattern on each match. Kept as the reference the indexed matcher is held to
/// (``RouteIndexTests``); not used by viper.
struct PlainRouteMatcher {
    let specs: [RouteSpec]

    /// The index of the route `text` opens and its parameters, or the error, as `RouteMatcher.match` gave them.
    func match(_ text: String) throws -> (route: Int, values: [String: String]) {
        let path = try RoutePath(parsing: text)
        guard !path.segments.isEmpty else {
            throw NavigationError(.noRoute, "'\(text)' is not a path")
        }
        var best: (route: Int, values: [String: String], literals: Int)?
        for (route, spec) in specs.enumerated() {
            guard let values = Self.bind(path.segments, to: Self.segments(of: spec.pattern)) else { continue }
            let literals = Self.segments(of: spec.pattern).filter { !$0.hasPrefix(":") }.count
            if let current = best, current.literals >= literals { continue }
            best = (route, values, literals)
        }
        guard let best else {
            throw NavigationError(.noRoute, "no route matches '\(path.path)'")
        }
        var values = best.values
        let accepted = specs[best.route].query
        for pair in path.query {
            guard accepted.contains(pair.name) else {
                throw NavigationError(.badParameter, "no parameter '\(pair.name)'")
            }
            guard values[pair.name] == nil else {
                throw NavigationError(.badParameter, "parameter '\(pair.name)' is given twice")
            }
            values[pair.name] = pair.value
        }
        return (best.route, values)
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
}
