/// Why a sign-in was refused, in words for the user.
struct SignInError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
