/// The contract suites shipped with the kit: one for every feature contract in
/// Contracts that a plugin can provide. ``Conformance`` always runs them.
public enum ContractSuites {
    /// Every bundled suite.
    public static var bundled: [ContractSuite] {
        [.noteStore, .noteListing, .noteEditing, .session, .login, .accountStatus,
         .todoStore, .todoListing, .todoAdding, .articleListing, .articleShowing, .feedFetching]
    }
}
