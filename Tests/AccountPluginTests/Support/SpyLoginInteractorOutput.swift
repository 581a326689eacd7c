import Contracts
@testable import AccountPlugin

/// Records what the sign-in Interactor reports, in order.
final class SpyLoginInteractorOutput: LoginInteractorOutput {
    private(set) var events: [String] = []

    func handleSignedIn(_ user: User) { events.append("signed in \(user.name)") }
    func handleSignInRefused(_ reason: String) { events.append("refused: \(reason)") }
}
