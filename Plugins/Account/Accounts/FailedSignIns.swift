/// Wrong passwords given for one account in a row, and until when its sign-in is locked: kept
/// with the accounts (table `failed_sign_ins` of `accounts.sqlite`), so a restart of viper
/// does not reset a lock-out. Only names that have an account are counted.
struct FailedSignIns: Equatable {
    /// Wrong passwords since the last right one (or the last lock-out).
    var count = 0
    /// Seconds since 1970 before which every sign-in to the account is refused; 0 for none.
    var lockedUntil = 0.0

    static let none = FailedSignIns()
}
