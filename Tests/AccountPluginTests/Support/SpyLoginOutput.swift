import ConformanceKit
import Contracts

/// Records what the sign-in module tells the module that presented it.
final class SpyLoginOutput: LoginOutput {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func loginDidSucceed(_ user: User) {
        log.record("signed in \(user.name)")
    }

    func loginDidCancel() {
        log.record("cancelled")
    }
}
