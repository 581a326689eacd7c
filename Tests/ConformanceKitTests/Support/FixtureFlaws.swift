/// The ways a fixture module can break its promises, one per generic check.
struct FixtureFlaws: OptionSet {
    let rawValue: Int

    /// The presenter holds its view strongly: a cycle, so nothing is released.
    static let presenterHoldsView = FixtureFlaws(rawValue: 1 << 0)
    /// The builder returns the objects of its first build again.
    static let sharesInstance = FixtureFlaws(rawValue: 1 << 1)
    /// The builder resolves the logger without declaring it.
    static let undeclaredService = FixtureFlaws(rawValue: 1 << 2)
    /// The builder hands the interactor as input.
    static let wrongInput = FixtureFlaws(rawValue: 1 << 3)
    /// The view declares a command twice and one without help.
    static let badCommands = FixtureFlaws(rawValue: 1 << 4)
    /// With no data the view draws an error.
    static let errorWhenEmpty = FixtureFlaws(rawValue: 1 << 5)
    /// The builder throws.
    static let throwsOnBuild = FixtureFlaws(rawValue: 1 << 6)
    /// The view holds its presenter weakly, so nothing owns the presenter.
    static let viewDoesNotOwnPresenter = FixtureFlaws(rawValue: 1 << 7)
    /// The builder asks canResolve before resolving the logger (an optional service).
    static let optionalService = FixtureFlaws(rawValue: 1 << 8)
}
