import Contracts

/// A ``ModuleView`` that stands in for a module the kit does not build (what
/// ``SpyRouter`` returns from an embed). It draws one line naming itself.
public final class StubModuleView: ModuleView {
    /// The title given.
    public let title: String

    /// Makes a stub with a title.
    public init(title: String) {
        self.title = title
    }

    /// Draws `[TITLE]`.
    public func render(on screen: any Screen) {
        screen.text("[\(title)]")
    }
}
