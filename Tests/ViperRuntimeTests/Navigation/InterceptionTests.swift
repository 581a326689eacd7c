import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// Route interception through the built `viper` with real plugins (Tests/Fixtures/Interception):
/// fixture-gate redirects routes to NoteListing (`secrets`) to `signin` and refuses routes to
/// TodoListing (`locked`) with a reason; `doctor` lists the interceptors and their conflicts.
@Suite struct InterceptionThroughViperTests {
    private func plugins(_ gates: [String]) throws -> [String] {
        try ([Fixtures.vault()] + gates.map { try Fixtures.gate($0) }).flatMap { ["--plugins", $0] }
    }

    @Test func anInterceptorRedirectsToSignIn() throws {
        let result = try ShellProcess().run(try plugins(["fixture-gate"]) + ["-c", "open secrets"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Home › Sign in"))
        #expect(result.stdout.contains("Sign in of fixture-vault"))
        #expect(!result.stdout.contains("Secrets"), "the guarded module is never built")
    }

    @Test func anInterceptorRefusesWithItsReasonAndNothingChanges() throws {
        let result = try ShellProcess().run(try plugins(["fixture-gate"]) + ["-c", "open open-door; open locked"])
        #expect(result.stderr.contains("cannot open 'locked': sign in first (fixture-gate) (plugin 'fixture-gate' refused it)"))
        #expect(!result.stdout.contains("Locked of fixture-vault"))
        #expect(result.stdout.contains("Open door of fixture-vault"))
    }

    @Test func withoutTheGateTheRoutesOpen() throws {
        let result = try ShellProcess().run(try plugins([]) + ["-c", "open locked"])
        #expect(result.stderr == "")
        #expect(result.stdout.contains("Locked of fixture-vault"))
    }

    @Test func doctorListsAnInterceptor() throws {
        let result = try ShellProcess().run(["doctor"] + (try plugins(["fixture-gate"])))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("interceptor: Contracts.NoteListing by plugin 'fixture-gate'"))
        #expect(result.stdout.contains("interceptor: Contracts.TodoListing by plugin 'fixture-gate'"))
    }

    @Test func doctorJSONListsInterceptorsInTheOrderTheyRun() throws {
        struct Report: Decodable {
            struct Interceptor: Decodable, Equatable {
                let contract: String
                let plugins: [String]
            }
            let ok: Bool
            let interceptors: [Interceptor]
        }
        let result = try ShellProcess().run(["doctor", "--json"] + (try plugins(["fixture-gate2", "fixture-gate"])))
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.ok)
        #expect(report.interceptors == [
            .init(contract: "Contracts.NoteListing", plugins: ["fixture-gate", "fixture-gate2"]),
            .init(contract: "Contracts.TodoListing", plugins: ["fixture-gate", "fixture-gate2"]),
        ])
    }

    @Test func doctorShowsAConflictAndWhoDecidesFirst() throws {
        let result = try ShellProcess().run(["doctor"] + (try plugins(["fixture-gate2", "fixture-gate"])))
        #expect(result.status == 0, "two interceptors of one contract are allowed: the order settles them")
        #expect(result.stdout.contains("conflict: Contracts.NoteListing is intercepted by plugins 'fixture-gate', 'fixture-gate2'; they run in that order (by plugin name) and the first that redirects or refuses decides"))
        let session = try ShellProcess().run(try plugins(["fixture-gate2", "fixture-gate"]) + ["-c", "open locked"])
        #expect(session.stderr.contains("sign in first (fixture-gate) (plugin 'fixture-gate' refused it)"), "fixture-gate decides, by name")
    }
}

/// Interception in process: order, conflicts, loops, observers, and "a navigation that fails changes nothing".
@Suite struct InterceptionTests {
    /// Commits a plugin named `plugin` whose registration is `register`.
    private func commit(_ app: FakeApp, _ plugin: String, _ register: (RecordingRegistrar) -> Void) -> RecordingRegistrar {
        let registrar = RecordingRegistrar(plugin: plugin)
        register(registrar)
        registrar.seal()
        app.stack.registry.commit(registrar)
        return registrar
    }

    @Test func aRedirectOpensTheOtherRouteAndNeverBuildsTheGuardedModule() throws {
        let app = FakeApp()
        let list = try app.openList()
        _ = commit(app, "gate") { $0.registerInterceptor(for: DetailContract.self) { _, _ in .redirect(path: "list") } }
        var completed = false
        try list.router.route(RouteRequest(DetailContract.self, completion: { _ in completed = true }))
        #expect(app.stack.breadcrumb == ["List", "List"])
        #expect(!app.journal.events.contains("Detail: build"))
        #expect(!completed, "the redirected module is not the one asked for")
    }

    @Test func aRefusalThrowsTheReasonAndChangesNothing() throws {
        let app = FakeApp()
        let list = try app.openList()
        var observed: [RouteFailure] = []
        _ = commit(app, "gate") {
            $0.registerInterceptor(for: DetailContract.self) { attempt, _ in
                .refuse(reason: "sign in first (asked by \(attempt.requester))")
            }
            $0.observeRouteErrors { observed.append($0) }
        }
        var handled = 0
        let revision = app.stack.revision
        let error = #expect(throws: NavigationError.self) {
            try list.router.route(RouteRequest(DetailContract.self, failure: { _ in handled += 1 }))
        }
        #expect(error?.code == .refused)
        #expect(error?.message == "cannot open ViperRuntimeTests.DetailContract: sign in first (asked by ListContract (fake)) (plugin 'gate' refused it)")
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.stack.revision == revision)
        #expect(!app.journal.events.contains("Detail: build"))
        #expect(handled == 1)
        #expect(observed == [RouteFailure(kind: "refused", message: error?.message ?? "")])
    }

    @Test func interceptorsRunInPluginNameOrderWhateverTheLoadOrder() throws {
        let app = FakeApp()
        var ran: [String] = []
        _ = commit(app, "zeta") { $0.registerInterceptor(for: DetailContract.self) { _, _ in ran.append("zeta"); return .refuse(reason: "zeta says no") } }
        _ = commit(app, "alpha") { $0.registerInterceptor(for: DetailContract.self) { _, _ in ran.append("alpha"); return .allow } }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
        #expect(ran == ["alpha", "zeta"])
        #expect(error?.message == "cannot open 'items/1': zeta says no (plugin 'zeta' refused it)")
        #expect(app.stack.registry.interception.interceptors(of: ContractID(DetailContract.self), name: nil).map(\.plugin) == ["alpha", "zeta"])
    }

    @Test func theFirstThatDoesNotAllowDecidesAndTheRestDoNotRun() throws {
        let app = FakeApp()
        var ran: [String] = []
        _ = commit(app, "b") { $0.registerInterceptor(for: DetailContract.self) { _, _ in ran.append("b"); return .refuse(reason: "b") } }
        _ = commit(app, "a") { $0.registerInterceptor(for: DetailContract.self) { _, _ in ran.append("a"); return .redirect(path: "list") } }
        try app.stack.open(path: "items/1")
        #expect(ran == ["a"])
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aPluginHasOneInterceptorPerContract() throws {
        let app = FakeApp()
        let registrar = commit(app, "gate") {
            $0.registerInterceptor(for: DetailContract.self) { _, _ in .refuse(reason: "first") }
            $0.registerInterceptor(for: DetailContract.self) { _, _ in .allow }
        }
        #expect(registrar.duplicates.map(\.description) == ["interceptor ViperRuntimeTests.DetailContract"])
        #expect(registrar.provisions.filter { $0.kind == .interceptor }.count == 1)
        #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
    }

    @Test func aRedirectLoopFailsNamingTheLoopAndChangesNothing() throws {
        let app = FakeApp()
        _ = commit(app, "gate") {
            $0.registerInterceptor(for: ListContract.self) { _, _ in .redirect(path: "items/1") }
            $0.registerInterceptor(for: DetailContract.self) { _, _ in .redirect(path: "list") }
        }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "list") }
        #expect(error?.code == .refused)
        #expect(error?.message == "cannot open 'list': the interceptors' redirects loop: 'list' → 'items/1' → 'list'; fix the interceptor of plugin 'gate' (see 'viper doctor')")
        #expect(app.stack.isEmpty)
        #expect(app.journal.events.isEmpty, "nothing was built")
    }

    @Test func aLongChainOfRedirectsIsBounded() throws {
        let app = FakeApp()
        _ = commit(app, "gate") {
            $0.registerInterceptor(for: DetailContract.self) { attempt, _ in
                let id = Int(attempt.path?.split(separator: "/").last ?? "") ?? 0
                return .redirect(path: "items/\(id + 1)")
            }
        }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
        #expect(error?.message.contains("chain longer than \(NavigationStack.redirectLimit) redirects") == true)
        #expect(app.stack.isEmpty)
    }

    @Test func aRedirectToNoRouteNamesThePlugin() throws {
        let app = FakeApp()
        _ = commit(app, "gate") { $0.registerInterceptor(for: DetailContract.self) { _, _ in .redirect(path: "nowhere") } }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
        #expect(error?.message.hasPrefix("cannot open 'items/1': plugin 'gate' redirected it to 'nowhere', which is not a route") == true)
    }

    @Test func anInterceptorThatThrowsRefuses() throws {
        let app = FakeApp()
        _ = commit(app, "gate") {
            $0.registerInterceptor(for: DetailContract.self) { _, resolver in
                _ = try resolver.resolve(UnprovidedContract.self)
                return .allow
            }
        }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
        #expect(error?.message.contains("its interceptor failed:") == true)
        #expect(error?.message.contains("(plugin 'gate' refused it)") == true)
        #expect(app.stack.isEmpty)
    }

    @Test func observersSeeEveryFailedNavigationOnce() throws {
        let app = FakeApp()
        var observed: [String] = []
        _ = commit(app, "watcher") { $0.observeRouteErrors { observed.append($0.kind) } }
        #expect(throws: NavigationError.self) { try app.stack.open(path: "nowhere") }
        let list = try app.openList()
        #expect(throws: NavigationError.self) { try list.router.push(UnprovidedContract.self) }
        #expect(observed == ["noRoute", "notRegistered"])
    }

    @Test func aFailedRedirectIsReportedOnceAndGoesToTheRoutesFailureHandler() throws {
        let app = FakeApp()
        let list = try app.openList()
        var observed = 0, handled = 0
        _ = commit(app, "gate") {
            $0.registerInterceptor(for: DetailContract.self) { _, _ in .redirect(path: "list") }
            $0.registerInterceptor(for: ListContract.self) { _, _ in .allow }
            $0.observeRouteErrors { _ in observed += 1 }
        }
        app.list.error = CommandError("list is broken")
        #expect(throws: NavigationError.self) {
            try list.router.route(RouteRequest(DetailContract.self, failure: { _ in handled += 1 }))
        }
        #expect((observed, handled) == (1, 1))
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func twoPluginsInterceptingOneContractAreNotCompetingProviders() throws {
        func node(_ name: String) -> GraphValidator.Node {
            let descriptor = PluginDescriptor(manifest: PluginManifest(name: name, version: "1.0.0", summary: ""),
                                              contractsVersion: .current,
                                              provides: [Provision(kind: .interceptor, contract: ContractID(DetailContract.self))])
            return GraphValidator.Node(name: name, path: "/p/\(name).so", descriptor: descriptor, isBundled: false)
        }
        let outcome = GraphValidator(nodes: [node("a"), node("b")], hostProvides: [], preferences: [:]).validate()
        #expect(outcome.problems.isEmpty)
        #expect(outcome.overridden.isEmpty)
        #expect(outcome.disabled.isEmpty)
    }
}
