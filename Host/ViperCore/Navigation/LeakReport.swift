/// A module whose objects were still alive after it was removed: a reference
/// cycle (usually a Presenter holding its View strongly) keeps them.
package struct LeakReport: Hashable, Sendable, CustomStringConvertible {
    /// The module, e.g. `Hello (HelloInput from greeter)`.
    package let module: String
    /// What survived, e.g. `view HelloView`, `part HelloPresenter`.
    package let survivors: [String]

    package var description: String {
        "\(module) was removed but is still alive: \(survivors.joined(separator: ", ")); "
            + "something keeps it (often a Presenter holding its View strongly; hold the View weakly)"
    }
}
