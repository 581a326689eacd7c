import ConformanceKit
import Contracts
import Testing

/// The kit's recorder keeps a plugin's route interceptors and route error observers
/// (Contracts 1.3), so an author's test can call them.
@Suite struct InterceptorRecordingTests {
    private final class NothingResolver: Resolver {
        func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
            throw CommandError("nothing to resolve in this test")
        }
        func canResolve(_ contract: Any.Type, name: String?) -> Bool { false }
    }

    @Test func anInterceptorIsRecordedAndDecidesWhenCalled() throws {
        let recorder = PluginRecorder()
        recorder.registerInterceptor(for: NoteListing.self) { attempt, _ in
            attempt.path == "notes" ? .redirect(path: "login") : .refuse(reason: "sign in first")
        }
        let interceptor = try #require(recorder.interceptors.first)
        #expect(interceptor.contract == ContractID(NoteListing.self))
        #expect(interceptor.name == nil)
        let byPath = RouteAttempt(contract: interceptor.contract, path: "notes", requester: "the shell")
        #expect(try interceptor.intercept(byPath, NothingResolver()) == .redirect(path: "login"))
        let byContract = RouteAttempt(contract: interceptor.contract, requester: "a module")
        #expect(try interceptor.intercept(byContract, NothingResolver()) == .refuse(reason: "sign in first"))
    }

    @Test func aSecondInterceptorOfOneContractIsADuplicate() {
        let recorder = PluginRecorder()
        recorder.registerInterceptor(for: NoteListing.self) { _, _ in .allow }
        recorder.registerInterceptor(for: NoteListing.self) { _, _ in .allow }
        #expect(recorder.interceptors.count == 1)
        #expect(recorder.duplicates == ["interceptor Contracts.NoteListing"])
    }

    @Test func routeErrorObserversAreRecorded() {
        let recorder = PluginRecorder()
        var seen: [String] = []
        recorder.observeRouteErrors { seen.append($0.kind) }
        recorder.routeErrorObservers.forEach { $0(RouteFailure(kind: "refused", message: "no")) }
        #expect(seen == ["refused"])
    }
}
