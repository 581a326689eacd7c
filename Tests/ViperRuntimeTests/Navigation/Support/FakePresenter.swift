import Contracts

/// The Presenter of a fake module: its input for every fake contract. Holds its
/// view weakly, as a Presenter should, unless a test makes it leak.
final class FakePresenter: ListContract, DetailContract, PickerContract, BadgeContract, TextEditing {
    weak var view: FakeView?
    /// Set by leak tests: a strong reference back to the view (a cycle).
    var retainedView: FakeView?
    let router: any Router
    let parameters: RouteParameters
    private(set) var received: [String] = []
    weak var output: (any FakeOutput)?

    init(router: any Router, parameters: RouteParameters) {
        self.router = router
        self.parameters = parameters
    }

    func receive(_ value: String) {
        received.append(value)
    }

    func load(text: String) {
        received.append(text)
    }
}
