/// A shell path that opens a module, declared at registration.
///
///     RouteSpec("notes", summary: "Your notes")
///     RouteSpec("notes/:id", summary: "One note")
///     RouteSpec("articles", summary: "Articles", query: ["source"])
public struct RouteSpec: Hashable, Codable, Sendable {
    /// Slash-separated segments; a segment starting with `:` is a parameter.
    public let pattern: String
    /// One line for `routes` and `help`.
    public let summary: String
    /// Query parameters the route accepts (`?name=value`); others are rejected.
    public let query: [String]

    /// Declares a route.
    public init(_ pattern: String, summary: String, query: [String] = []) {
        self.pattern = pattern
        self.summary = summary
        self.query = query
    }
}
