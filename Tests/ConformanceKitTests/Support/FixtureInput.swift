/// The contract the fixture module is registered under.
protocol FixtureInput: AnyObject {
    func show(_ items: [String])
}
