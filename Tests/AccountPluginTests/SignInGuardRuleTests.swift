import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// The rule of the account plugin's route interceptor, alone.
@Suite struct SignInGuardRuleTests {
    @Test func signedInTheRouteGoesOn() throws {
        let session = makeSession()
        _ = try session.signIn(name: "ada", password: "secret")
        #expect(SignInGuard.decide(session: session, reason: "Sign in to change notes.") == .allow)
    }

    @Test func signedOutTheSignInFormOpensWithTheReasonInItsQuery() {
        let session = makeSession()
        #expect(SignInGuard.decide(session: session, reason: "Sign in to change notes.")
            == .redirect(path: "login?reason=Sign%20in%20to%20change%20notes."))
    }

    @Test func aReasonWithQuerySyntaxAndNonASCIITextIsEscaped() {
        #expect(SignInGuard.escaped("a&b=c?d#e") == "a%26b%3Dc%3Fd%23e")
        #expect(SignInGuard.escaped("é") == "%C3%A9")
        #expect(SignInGuard.escaped("Az09-._~") == "Az09-._~")
    }

    /// Resolves the one session the test signs in and out.
    private final class SessionResolver: Resolver {
        let session = makeSession()
        func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
            guard let service = session as? Service else { throw CommandError("only the session here") }
            return service
        }
        func canResolve(_ contract: Any.Type, name: String?) -> Bool { contract == Session.self }
    }

    @Test func thePluginRegistersOneInterceptorThatGuardsTheNoteEditor() throws {
        let recorder = PluginRecorder()
        try AccountPlugin.register(in: recorder)
        #expect(recorder.interceptors.map(\.contract) == [ContractID(NoteEditing.self)])
        let interceptor = try #require(recorder.interceptors.first)
        let resolver = SessionResolver()
        let attempt = RouteAttempt(contract: interceptor.contract, requester: "a drop-in")
        #expect(try interceptor.intercept(attempt, resolver) == .redirect(path: "login?reason=Sign%20in%20to%20change%20notes."))
        _ = try resolver.session.signIn(name: "ada", password: "secret")
        #expect(try interceptor.intercept(attempt, resolver) == .allow)
    }
}
