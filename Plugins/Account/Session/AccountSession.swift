import Contracts
import Foundation

/// The ``Session`` of this process, over the accounts of the data folder.
///
/// An account is made on purpose: ``signUp(name:password:)`` creates it, once, keeping only a
/// salted PBKDF2 hash of the password (``PasswordHashing``). The sign-in form asks before it
/// creates (``AccountDirectory``). ``signIn(name:password:)`` (what other plugins call through
/// Contracts, which has no sign-up) still creates an account for a name that has none, so a
/// caller that knows only ``Session`` keeps working. With a name that has an account, the
/// password must derive the same key, or the sign-in is refused and nobody is signed in
/// afterwards who was not before.
///
/// ``lockOutAfter`` wrong passwords in a row lock the account for ``lockOutSeconds``: every
/// sign-in to it is refused, even with the right password, until then. The count and the
/// lock are kept in the account store, so a restart does not reset them; a right password
/// clears the count. Who is signed in lasts for the process.
final class AccountSession: Session, AccountDirectory {
    static let minimumPasswordLength = 6
    /// Wrong passwords in a row that lock an account.
    static let lockOutAfter = 5
    /// How long a lock-out lasts, in seconds.
    static let lockOutSeconds = 300.0
    private let accounts: any AccountStore
    private let hashing: any PasswordHashing
    private let logger: any Logger
    private let clock: any Clock
    private(set) var currentUser: User?

    init(accounts: any AccountStore, hashing: any PasswordHashing, logger: any Logger, clock: any Clock) {
        self.accounts = accounts
        self.hashing = hashing
        self.logger = logger
        self.clock = clock
    }

    func hasAccount(named name: String) throws -> Bool {
        try Self.check(name)
        return try accounts.account(named: name) != nil
    }

    func signIn(name: String, password: String) throws -> User {
        try Self.check(name)
        guard let account = try accounts.account(named: name) else {
            return try signUp(name: name, password: password)
        }
        let now = clock.secondsSince1970
        var failures = try accounts.failedSignIns(of: name)
        if failures.lockedUntil > now {
            throw SignInError("too many wrong passwords for '\(name)': sign-in is locked \(until(failures.lockedUntil)); try again then")
        }
        guard try hashing.verify(password, against: account.password) else {
            failures.count += 1
            logger.log(.warning, "wrong password for \(name) (\(failures.count) in a row)", source: "account")
            guard failures.count < Self.lockOutAfter else {
                let lockedUntil = now + Self.lockOutSeconds
                try accounts.setFailedSignIns(FailedSignIns(count: 0, lockedUntil: lockedUntil), of: name)
                logger.log(.warning, "locked \(name) after \(Self.lockOutAfter) wrong passwords", source: "account")
                throw SignInError("wrong password for '\(name)' \(Self.lockOutAfter) times in a row: sign-in is locked \(until(lockedUntil)); try again then")
            }
            try accounts.setFailedSignIns(FailedSignIns(count: failures.count, lockedUntil: 0), of: name)
            let left = Self.lockOutAfter - failures.count
            throw SignInError("wrong password for '\(name)'; try again, or 'cancel' (\(left) more wrong \(left == 1 ? "try locks" : "tries lock") it for \(Int(Self.lockOutSeconds / 60)) minutes)")
        }
        if failures != .none { try accounts.setFailedSignIns(.none, of: name) }
        return signedIn(name)
    }

    func signUp(name: String, password: String) throws -> User {
        try Self.check(name)
        guard try accounts.account(named: name) == nil else {
            throw SignInError("the account '\(name)' already exists; 'signin \(name) PASSWORD' signs in")
        }
        guard password.count >= Self.minimumPasswordLength else {
            throw SignInError("the password is too short: a new account needs at least \(Self.minimumPasswordLength) characters")
        }
        try accounts.add(StoredAccount(name: name, password: try hashing.hash(password)))
        logger.log(.info, "created the account \(name)", source: "account")
        return signedIn(name)
    }

    func signOut() {
        if let user = currentUser {
            logger.log(.info, "\(user.name) signed out", source: "account")
        }
        currentUser = nil
    }

    private func signedIn(_ name: String) -> User {
        let user = User(name: name)
        currentUser = user
        logger.log(.info, "\(name) signed in", source: "account")
        return user
    }

    /// Throws unless `name` can name an account.
    private static func check(_ name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ allowed.contains($0) }) else {
            throw SignInError("'\(name)' is not a user name: use 1 to 32 letters, digits, '.', '-' or '_'")
        }
    }

    /// "until 09:05 UTC (in 5 minutes)", in the clock's time zone, named as the clock names it.
    private func until(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: clock.timeZoneIdentifier) ?? .current
        formatter.dateFormat = "HH:mm"
        let minutes = max(1, Int(((seconds - clock.secondsSince1970) / 60).rounded(.up)))
        return "until \(formatter.string(from: Date(timeIntervalSince1970: seconds))) \(clock.timeZoneIdentifier) (in \(minutes) minute\(minutes == 1 ? "" : "s"))"
    }
}
