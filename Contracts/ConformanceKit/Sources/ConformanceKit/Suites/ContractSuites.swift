/// The contract suites shipped with the kit, one per contract in Contracts that
/// makes promises beyond the generic checks. ``Conformance`` always runs them.
public enum ContractSuites {
    /// Every bundled suite.
    public static var bundled: [ContractSuite] {
        [.noteEditing]
    }
}
