/// What the user typed into the sign-in form.
struct Credentials: Equatable {
    let name: String
    let password: String
}
