/// A sign-in kept beyond the process that made it, in `accounts.sqlite` (table `sign_ins`):
/// a resume token's (the SHA-256 of the token, never the token) or the machine's "stay signed
/// in" (`digest` empty). Either lasts until `expires` or until the account signs out.
struct KeptSignIn: Equatable {
    /// The SHA-256 of the token as hexadecimal text; "" for the machine's stay-signed-in.
    let digest: String
    let name: String
    /// Seconds since 1970 after which it no longer signs anybody in.
    let expires: Double
}
