import Contracts

/// The Presenter of a fake module: its input for every fake contract. Holds its
/// view weakly, as a Presenter should, unless a test makes it leak.
package final class FakePresenter: ListContract, DetailContract, PickerContract, BadgeContract, TextEditing {
    package weak var view: FakeView?
    /// Set by leak tests: a strong reference back to the view (a cycle).
    package var retainedView: FakeView?
    package let router: any Router
    package let parameters: RouteParameters
    package private(set) var received: [String] = []
    package weak var output: (any FakeOutput)?

    package init(router: any Router, parameters: RouteParameters) {
        self.router = router
        self.parameters = parameters
    }

    package func receive(_ value: String) {
        received.append(value)
    }

    package func load(text: String) {
        received.append(text)
    }
}
