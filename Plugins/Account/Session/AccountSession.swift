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
/// clears the count.
///
/// Who is signed in lasts for the process, with two ways past it, both kept in the account store
/// (``KeptSignIn``) and both ended by ``signOut()``: a resume token (``SessionResuming``) that
/// a module keeps with its unsaved work, so a worker restored after a crash saves that work as the
/// same account; and "stay signed in" (``stay(for:)``), which signs the account in to every
/// process started on this data folder until it expires.
final class AccountSession: SessionResuming, AccountDirectory, SignInKeeping {
    static let minimumPasswordLength = 6
    /// Wrong passwords in a row that lock an account.
    static let lockOutAfter = 5
    /// How long a lock-out lasts, in seconds.
    static let lockOutSeconds = 300.0
    /// How long a resume token resumes its sign-in: long enough for a `recover` the next day.
    static let resumeSeconds = 7 * 24 * 3600.0
    /// The longest "stay signed in".
    static let longestStay = 30 * 24 * 3600.0
    private let accounts: any AccountStore
    private let hashing: any PasswordHashing
    private let logger: any Logger
    private let clock: any Clock
    private var user: User?
    /// This process's resume token for ``user``, made when first asked for.
    private var token: String?
    /// Whether the machine's stay-signed-in has been read (once, on first use).
    private var readStay = false

    var currentUser: User? {
        if !readStay {
            readStay = true
            takeStayingSignIn()
        }
        return user
    }

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
            do {
                try accounts.forgetSignIns(of: user.name, expiredBefore: clock.secondsSince1970)
            } catch {
                logger.log(.error, "could not forget the kept sign-ins of \(user.name): \(error)", source: "account")
            }
        }
        user = nil
        token = nil
    }

    // MARK: SessionResuming

    var resumeToken: String? {
        guard let user = currentUser else { return nil }
        if let token { return token }
        guard let made = SignInToken.make() else { return nil }
        do {
            // Tokens of processes long gone go as a new one comes (no account is named "").
            try accounts.forgetSignIns(of: "", expiredBefore: clock.secondsSince1970)
            try accounts.keep(KeptSignIn(digest: SignInToken.digest(made), name: user.name,
                                         expires: clock.secondsSince1970 + Self.resumeSeconds))
        } catch {
            logger.log(.error, "could not keep a resume token for \(user.name): \(error)", source: "account")
            return nil
        }
        token = made
        return made
    }

    func resume(_ token: String) throws -> User {
        let digest = SignInToken.digest(token)
        guard let kept = try accounts.keptSignIn(digest: digest), kept.expires > clock.secondsSince1970,
              try accounts.account(named: kept.name) != nil else {
            throw SignInError("the sign-in kept with this work has expired or was signed out; sign in again")
        }
        let user = signedIn(kept.name)
        self.token = token
        return user
    }

    // MARK: SignInKeeping

    func stay(for seconds: Double) throws -> Double {
        guard let user = currentUser else { throw SignInError("nobody is signed in, so there is no sign-in to keep") }
        let until = clock.secondsSince1970 + min(max(seconds, 60), Self.longestStay)
        try accounts.keep(KeptSignIn(digest: "", name: user.name, expires: until))
        logger.log(.info, "\(user.name) stays signed in until \(until)", source: "account")
        return until
    }

    var stayingUntil: Double? {
        guard let user = currentUser, let kept = try? accounts.keptSignIn(digest: ""), kept.name == user.name,
              kept.expires > clock.secondsSince1970 else { return nil }
        return kept.expires
    }

    // MARK: Private

    /// Signs in the account that stays signed in on this data folder, unless it expired.
    private func takeStayingSignIn() {
        do {
            guard let kept = try accounts.keptSignIn(digest: ""), kept.expires > clock.secondsSince1970,
                  try accounts.account(named: kept.name) != nil else { return }
            user = User(name: kept.name)
        } catch {
            logger.log(.error, "could not read who stays signed in: \(error)", source: "account")
        }
    }

    private func signedIn(_ name: String) -> User {
        let user = User(name: name)
        readStay = true
        if self.user != user { token = nil }
        self.user = user
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
