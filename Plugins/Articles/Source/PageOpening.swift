/// Opens a web page for `browse`, injected into the Routers so tests hand them a stub.
protocol PageOpening: AnyObject {
    /// Opens `address` in the user's browser: true when one ran, false when none is set or
    /// found (the caller then shows the address); throws a ``CommandError`` when the browser failed.
    func open(_ address: String) throws -> Bool
}
