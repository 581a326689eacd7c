/// A module whose objects were still alive after it was removed: a reference
/// cycle (usually a Presenter holding its View strongly) keeps them.
public struct LeakReport: Hashable, Sendable, CustomStringConvertible {
    /// The module, e.g. `Hello (HelloInput from greeter)`.
    public let module: String
    /// What survived, e.g. `view HelloView`, `part HelloPresenter`.
    public let survivors: [String]

    public var description: String {
        "\(module) was removed but is still alive: \(survivors.joined(separator: ", ")); "
            + "something keeps it (often a Presenter holding its View strongly; hold the View weakly)"
    }
}
