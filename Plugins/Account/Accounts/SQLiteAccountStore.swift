import Contracts

/// The accounts of a data folder in its SQLite database `accounts` (table `accounts`: the
/// name, the PBKDF2 iteration count, the salt and the key as hexadecimal text; table
/// `failed_sign_ins`, added by schema 2: wrong passwords in a row and the lock-out; table
/// `sign_ins`, added by schema 3: sign-ins kept beyond one process, ``KeptSignIn``). The file is
/// opened on first use, so a file that is not a database is reported by the sign-in that
/// needed it, with its path, and is never overwritten.
final class SQLiteAccountStore: AccountStore {
    /// The database file's name in the data folder, without `.sqlite`.
    static let databaseName = "accounts"
    static let schemaVersion: Int64 = 3

    private let databases: any DatabaseOpening
    private var database: (any Database)?

    init(databases: any DatabaseOpening) {
        self.databases = databases
    }

    func account(named name: String) throws -> StoredAccount? {
        let rows = try open().query("SELECT name, iterations, salt, key FROM accounts WHERE name = ?", [.text(name)])
        guard let row = rows.first else { return nil }
        guard let iterations = row.integer("iterations"), let salt = Hex.bytes(row.text("salt") ?? ""),
              let key = Hex.bytes(row.text("key") ?? "") else {
            throw SignInError("\(try open().path): the account '\(name)' is damaged; restore the file from a backup")
        }
        return StoredAccount(name: name, password: PasswordHash(iterations: Int(iterations), salt: salt, key: key))
    }

    func add(_ account: StoredAccount) throws {
        let db = try open()
        try db.transaction {
            guard try db.query("SELECT name FROM accounts WHERE name = ?", [.text(account.name)]).isEmpty else {
                throw SignInError("the account '\(account.name)' already exists")
            }
            try db.execute("INSERT INTO accounts(name, iterations, salt, key) VALUES (?, ?, ?, ?)",
                           [.text(account.name), .integer(Int64(account.password.iterations)),
                            .text(Hex.text(account.password.salt)), .text(Hex.text(account.password.key))])
        }
    }

    func failedSignIns(of name: String) throws -> FailedSignIns {
        let rows = try open().query("SELECT failures, locked_until FROM failed_sign_ins WHERE name = ?", [.text(name)])
        guard let row = rows.first else { return .none }
        return FailedSignIns(count: Int(row.integer("failures") ?? 0), lockedUntil: row.real("locked_until") ?? 0)
    }

    func setFailedSignIns(_ failures: FailedSignIns, of name: String) throws {
        let db = try open()
        guard failures != .none else {
            try db.execute("DELETE FROM failed_sign_ins WHERE name = ?", [.text(name)])
            return
        }
        try db.execute("INSERT OR REPLACE INTO failed_sign_ins(name, failures, locked_until) VALUES (?, ?, ?)",
                       [.text(name), .integer(Int64(failures.count)), .real(failures.lockedUntil)])
    }

    func keep(_ signIn: KeptSignIn) throws {
        try open().execute("INSERT OR REPLACE INTO sign_ins(digest, name, expires) VALUES (?, ?, ?)",
                           [.text(signIn.digest), .text(signIn.name), .real(signIn.expires)])
    }

    func keptSignIn(digest: String) throws -> KeptSignIn? {
        try open().query("SELECT name, expires FROM sign_ins WHERE digest = ?", [.text(digest)]).first.map {
            KeptSignIn(digest: digest, name: $0.text("name") ?? "", expires: $0.real("expires") ?? 0)
        }
    }

    func forgetSignIns(of name: String, expiredBefore now: Double) throws {
        try open().execute("DELETE FROM sign_ins WHERE name = ? OR expires < ?", [.text(name), .real(now)])
    }

    private func open() throws -> any Database {
        if let database { return database }
        let db = try databases.open(Self.databaseName)
        try db.transaction {
            let version = try db.query("PRAGMA user_version").first?.integer("user_version") ?? 0
            if version > Self.schemaVersion {
                throw SignInError("\(db.path) was written by a newer account plugin (schema \(version)); update the plugin")
            }
            guard version < Self.schemaVersion else { return }
            try db.execute("""
                CREATE TABLE IF NOT EXISTS accounts(
                    name TEXT PRIMARY KEY,
                    iterations INTEGER NOT NULL,
                    salt TEXT NOT NULL,
                    key TEXT NOT NULL)
                """)
            try db.execute("""
                CREATE TABLE IF NOT EXISTS failed_sign_ins(
                    name TEXT PRIMARY KEY,
                    failures INTEGER NOT NULL,
                    locked_until REAL NOT NULL)
                """)
            try db.execute("""
                CREATE TABLE IF NOT EXISTS sign_ins(
                    digest TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    expires REAL NOT NULL)
                """)
            try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
        database = db
        return db
    }
}

/// Bytes as lowercase hexadecimal text and back, for the store's columns.
enum Hex {
    static func text(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Nil when `text` is not an even number of hexadecimal digits.
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
