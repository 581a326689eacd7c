/// What the user typed into the sign-in form.
struct Credentials: Equatable {
    let name: String
    /// Nil when the command carried none (`signin ada`): the Interactor reads it (``PasswordReading``).
    var password: String?
    /// What followed `--stay` ("" for the default, `8h`, `7d`); nil without `--stay`.
    var stay: String?
}
