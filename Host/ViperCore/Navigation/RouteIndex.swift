/// The routes of a ``RouteMatcher`` by their segments, so that a path is matched without
/// visiting every route.
///
/// Each pattern is split once, when the index is made, and becomes a path in a trie: a
/// literal segment is a key of its node's table, a parameter segment (`:name`) the node's one
/// parameter child. A route ends at the node of its last segment. Matching a path of `k`
/// segments follows at most two children of each node it reaches (the literal equal to the
/// segment, then the parameter), so it reaches at most `2^k` nodes whatever the number of
/// routes: a navigation command costs the same with 10 plugins as with 5,000.
///
/// Invariants:
/// - ``patterns`` holds each route's segments in route order; the trie holds the same routes.
/// - A route's literal count is the number of literal edges on its path from the root.
/// - The answer is today's, the one a loop over every route gives (``best(_:)``): of the
///   routes that match, the one with the most literal segments; among those, the first.
struct RouteIndex {
    /// One segment of a pattern, as the pattern declares it.
    enum Segment: Equatable {
        case literal(String)
        /// `:name`: any non-empty segment, which becomes parameter `name`.
        case parameter(String)

        /// The segment as the pattern spells it.
        var text: String {
            switch self {
            case .literal(let text): return text
            case .parameter(let name): return ":" + name
            }
        }
    }

    private struct Node {
        /// Children by literal segment (`String` equality, as a plain comparison of segments).
        var literals: [String: Int] = [:]
        /// The child for a parameter segment, if any pattern has one here.
        var parameter: Int?
        /// Routes whose pattern ends here, in route order.
        var ends: [Int] = []
    }

    /// Each route's pattern, split: `notes/:id` is `[.literal("notes"), .parameter("id")]`.
    let patterns: [[Segment]]
    private var nodes = [Node()]

    init(_ patterns: [String]) {
        self.patterns = patterns.map(Self.segments)
        for (route, segments) in self.patterns.enumerated() {
            var node = 0
            for segment in segments {
                node = child(of: node, for: segment)
            }
            nodes[node].ends.append(route)
        }
    }

    /// `pattern`'s segments, as the matcher has always split them (empty pieces dropped).
    static func segments(_ pattern: String) -> [Segment] {
        pattern.split(separator: "/").map { piece in
            piece.hasPrefix(":") ? .parameter(String(piece.dropFirst())) : .literal(String(piece))
        }
    }

    /// The route `segments` open: of those that match, the one with most literal segments,
    /// the first of them in route order; nil when none does.
    func best(_ segments: [String]) -> Int? {
        var best: (route: Int, literals: Int)?
        visit(0, depth: 0, literals: 0, segments, &best)
        return best?.route
    }

    /// The parameters `segments` give route `route` (which matches them), by name; a name
    /// declared twice keeps the later value, as it always has.
    func values(_ segments: [String], route: Int) -> [String: String] {
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, patterns[route]) {
            if case .parameter(let name) = part { values[name] = segment }
        }
        return values
    }

    private func visit(_ node: Int, depth: Int, literals: Int, _ segments: [String], _ best: inout (route: Int, literals: Int)?) {
        guard depth < segments.count else {
            // `ends` is in route order: its first route is the one a loop over the routes meets first.
            guard let route = nodes[node].ends.first else { return }
            if let current = best, current.literals > literals || (current.literals == literals && current.route < route) { return }
            best = (route, literals)
            return
        }
        let segment = segments[depth]
        if let child = nodes[node].literals[segment] {
            visit(child, depth: depth + 1, literals: literals + 1, segments, &best)
        }
        if let child = nodes[node].parameter, !segment.isEmpty {
            visit(child, depth: depth + 1, literals: literals, segments, &best)
        }
    }

    private mutating func child(of node: Int, for segment: Segment) -> Int {
        switch segment {
        case .literal(let text):
            if let child = nodes[node].literals[text] { return child }
            nodes.append(Node())
            nodes[node].literals[text] = nodes.count - 1
        case .parameter:
            if let child = nodes[node].parameter { return child }
            nodes.append(Node())
            nodes[node].parameter = nodes.count - 1
        }
        return nodes.count - 1
    }
}
