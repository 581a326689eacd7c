/// A ``Session`` whose sign-in can be carried into another viper process on this machine for a
/// while: a module that keeps unsaved work across a crash (``RestorableModule``) keeps the token
/// with it, and after the restore resumes the sign-in, so the work is saved as the account that
/// wrote it and never as nobody. A session that does not adopt it gives no token; such a module
/// then asks the person to sign in again before it saves.
///
///     // keptWork, while someone is signed in:
///     let token = (session as? any SessionResuming)?.resumeToken
///     // takeBack, in the process built again:
///     _ = try (session as? any SessionResuming)?.resume(token)
///
/// Added in Contracts 1.8.
public protocol SessionResuming: Session {
    /// A secret that resumes the current sign-in in another process until it expires or the
    /// account signs out; nil when nobody is signed in. Reading it is cheap and never fails: it is
    /// read after every command.
    var resumeToken: String? { get }
    /// Signs in the account `token` was given for and returns it; throws an error that says what
    /// to do when the token is unknown, expired or signed out, and then changes nothing.
    func resume(_ token: String) throws -> User
}
