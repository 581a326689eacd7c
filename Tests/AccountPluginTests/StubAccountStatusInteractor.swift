@testable import AccountPlugin

/// An account status interactor with a fixed user and stay.
final class StubAccountStatusInteractor: AccountStatusInteracting {
    let name: String?
    let until: Double?

    init(name: String?, until: Double?) {
        self.name = name
        self.until = until
    }

    func doFindUserName() -> String? { name }
    func doFindStayingUntil() -> Double? { until }
}
