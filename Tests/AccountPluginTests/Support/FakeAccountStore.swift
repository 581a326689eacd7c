@testable import AccountPlugin

/// Accounts in memory, in the order they were added.
final class FakeAccountStore: AccountStore {
    private(set) var accounts: [StoredAccount] = []

    func account(named name: String) throws -> StoredAccount? {
        accounts.first { $0.name == name }
    }

    func add(_ account: StoredAccount) throws {
        guard try self.account(named: account.name) == nil else { throw SignInError("the account '\(account.name)' already exists") }
        accounts.append(account)
    }
}
