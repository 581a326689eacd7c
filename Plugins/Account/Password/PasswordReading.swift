/// Where a password comes from when the sign-in form's command does not carry one (`signin ada`):
/// scripts never need to put it on a command line. Injected into the form's Interactor, so its
/// rules are tested without a terminal.
protocol PasswordReading: AnyObject {
    /// The password for `name`; throws a ``SignInError`` that says every way to give one.
    func password(for name: String) throws -> String
    /// The password for the new account `name`; asked for at a terminal, it is asked twice and
    /// must match (a typo there would lock the person out of the account they just made).
    func newPassword(for name: String) throws -> String
}
