@testable import AccountPlugin

/// Gives `password` for every name, or throws what a script without one is told when it is nil;
/// records the names asked for.
final class StubPasswordReader: PasswordReading {
    var password: String?
    private(set) var askedFor: [String] = []

    init(password: String? = nil) {
        self.password = password
    }

    func newPassword(for name: String) throws -> String {
        try password(for: name)
    }

    func password(for name: String) throws -> String {
        askedFor.append(name)
        guard let password else { throw SignInError("no password for '\(name)'") }
        return password
    }
}
