@testable import ViperCore
@testable import ViperRuntime

/// A ``Welcome`` with fixed text.
final class WelcomeStub: Welcome {
    let text: String

    init(_ text: String) {
        self.text = text
    }
}

extension WelcomeStub {
    /// A sealed registrar for `plugin` that serves a transient ``Welcome`` named `name` saying `text`.
    static func registrar(plugin: String, name: String, text: String) -> RecordingRegistrar {
        let registrar = RecordingRegistrar(plugin: plugin)
        registrar.registerService(Welcome.self, name: name, scope: .transient) { _ in WelcomeStub(text) }
        registrar.seal()
        return registrar
    }
}
