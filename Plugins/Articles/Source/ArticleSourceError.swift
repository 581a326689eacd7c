/// Why articles could not be had from a source, in words for the user.
struct ArticleSourceError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
