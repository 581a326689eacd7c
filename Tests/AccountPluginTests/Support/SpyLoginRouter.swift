import ConformanceKit
@testable import AccountPlugin

/// Records when the sign-in module closes itself.
final class SpyLoginRouter: LoginRouting {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func close() {
        log.record("close")
    }
}
