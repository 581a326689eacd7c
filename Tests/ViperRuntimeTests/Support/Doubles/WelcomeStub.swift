/// A ``Welcome`` with fixed text.
final class WelcomeStub: Welcome {
    let text: String

    init(_ text: String) {
        self.text = text
    }
}
