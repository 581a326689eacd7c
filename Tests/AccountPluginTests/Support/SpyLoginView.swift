@testable import AccountPlugin

/// Records the display models the sign-in Presenter sends.
final class SpyLoginView: LoginViewing {
    private(set) var models: [LoginViewModel] = []
    var last: LoginViewModel? { models.last }

    func didUpdate(_ model: LoginViewModel) {
        models.append(model)
    }
}
