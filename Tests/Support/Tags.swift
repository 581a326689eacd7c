import Testing

extension Tag {
    /// A suite that builds packages or plugins out of tree, or runs valgrind: minutes, not seconds.
    /// The fast loop (CONTRIBUTING.md) never runs one: they are all in `ViperIntegrationTests`.
    @Tag public static var slow: Tag
}
