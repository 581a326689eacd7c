@testable import AccountPlugin

/// Accounts in memory, in the order they were added, with their failed sign-ins.
final class FakeAccountStore: AccountStore {
    private(set) var accounts: [StoredAccount] = []
    private(set) var failures: [String: FailedSignIns] = [:]
    private(set) var signIns: [String: KeptSignIn] = [:]

    func account(named name: String) throws -> StoredAccount? {
        accounts.first { $0.name == name }
    }

    func add(_ account: StoredAccount) throws {
        guard try self.account(named: account.name) == nil else { throw SignInError("the account '\(account.name)' already exists") }
        accounts.append(account)
    }

    func failedSignIns(of name: String) throws -> FailedSignIns {
        failures[name] ?? .none
    }

    func setFailedSignIns(_ failures: FailedSignIns, of name: String) throws {
        self.failures[name] = failures == .none ? nil : failures
    }

    func keep(_ signIn: KeptSignIn) throws {
        signIns[signIn.digest] = signIn
    }

    func keptSignIn(digest: String) throws -> KeptSignIn? {
        signIns[digest]
    }

    func forgetSignIns(of name: String, expiredBefore now: Double) throws {
        signIns = signIns.filter { $0.value.name != name && $0.value.expires >= now }
    }
}
