import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperTestSupport
@testable import ViperRuntime

/// The live registry, filled through a plugin's recording registrar, read through resolvers.
@Suite struct RegistryTests {
    /// A registry holding what `register` registers on behalf of plugin `plugin`.
    private func makeRegistry(plugin: String = "fixture", _ register: (RecordingRegistrar) -> Void) -> Registry {
        let registry = Registry()
        let registrar = RecordingRegistrar(plugin: plugin)
        register(registrar)
        registrar.seal()
        registry.commit(registrar)
        return registry
    }

    private func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ResolutionError
        }
    }

    // MARK: Resolving

    @Test func resolvesAServiceByItsContract() throws {
        let registry = makeRegistry { $0.registerService(Welcome.self) { _ in WelcomeStub("hello") } }
        let greeting = try registry.resolver(for: "test").resolve(Welcome.self)
        #expect(greeting.text == "hello")
        #expect(registry.resolver(for: "test").canResolve(Welcome.self))
        #expect(!registry.resolver(for: "test").canResolve(NeverRegistered.self))
    }

    @Test func resolvesNamedRegistrationsApart() throws {
        let registry = makeRegistry {
            $0.registerService(Welcome.self, name: "en") { _ in WelcomeStub("Hello") }
            $0.registerService(Welcome.self, name: "fr") { _ in WelcomeStub("Bonjour") }
        }
        let resolver = registry.resolver(for: "test")
        #expect(try resolver.resolve(Welcome.self, name: "fr").text == "Bonjour")
        #expect(try resolver.resolve(Welcome.self, name: "en").text == "Hello")
        #expect(!resolver.canResolve(Welcome.self), "the unnamed registration is a different one")
    }

    @Test func aServiceFactoryGetsItsDependenciesFromTheResolver() throws {
        let registry = makeRegistry {
            $0.registerService(Tally.self) { _ in TallyStub() }
            $0.registerService(Welcome.self, requires: [.service(Tally.self)]) { resolver in
                WelcomeStub("counter \(try resolver.resolve(Tally.self).id > 0)")
            }
        }
        #expect(try registry.resolver(for: "test").resolve(Welcome.self).text == "counter true")
    }

    // MARK: Scopes

    @Test func aProcessScopedServiceIsMadeOnceAndShared() throws {
        var made = 0
        let registry = makeRegistry {
            $0.registerService(Tally.self, scope: .process) { _ in
                made += 1
                return TallyStub()
            }
        }
        let first = try registry.resolver(for: "one").resolve(Tally.self)
        let second = try registry.resolver(for: "two").resolve(Tally.self)
        #expect(first === second)
        #expect(made == 1)
    }

    @Test func aTransientServiceIsMadeOnEveryResolve() throws {
        let registry = makeRegistry { $0.registerService(Tally.self, scope: .transient) { _ in TallyStub() } }
        let resolver = registry.resolver(for: "test")
        let first = try resolver.resolve(Tally.self)
        let second = try resolver.resolve(Tally.self)
        #expect(first !== second)
        #expect(first.id != second.id)
    }

    // MARK: Errors

    @Test func aContractNobodyRegisteredNamesWhatWasAskedWhoAskedAndThatNothingIsRegistered() {
        let registry = makeRegistry { $0.registerService(Welcome.self) { _ in WelcomeStub("hi") } }
        let error = resolutionError { _ = try registry.resolver(for: "the shell").resolve(NeverRegistered.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.requester == "the shell")
        #expect(error?.description == "the shell asked for ViperRuntimeTests.NeverRegistered, which no loaded plugin provides (nothing is registered under that contract); install a plugin that provides it or run 'viper doctor'")
    }

    @Test func aMissingNameListsTheNamesThatAreRegistered() {
        let registry = makeRegistry {
            $0.registerService(Welcome.self, name: "fr") { _ in WelcomeStub("Bonjour") }
            $0.registerService(Welcome.self, name: "en") { _ in WelcomeStub("Hello") }
        }
        let error = resolutionError { _ = try registry.resolver(for: "notes").resolve(Welcome.self, name: "de") }
        #expect(error?.registered == ["ViperRuntimeTests.Welcome[en]", "ViperRuntimeTests.Welcome[fr]"])
        #expect(error?.description == "notes asked for ViperRuntimeTests.Welcome named 'de', which no loaded plugin provides (registered: ViperRuntimeTests.Welcome[en], ViperRuntimeTests.Welcome[fr]); install a plugin that provides it or run 'viper doctor'")
    }

    @Test func aFactoryThatAsksForAMissingServiceIsNamedAsTheRequester() {
        let registry = makeRegistry(plugin: "notes") {
            $0.registerService(Tally.self) { resolver in
                _ = try resolver.resolve(NeverRegistered.self)
                return TallyStub()
            }
        }
        let error = resolutionError { _ = try registry.resolver(for: "the shell").resolve(Tally.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.requester == "notes (ViperRuntimeTests.Tally)")
        #expect(error?.contract == ContractID(NeverRegistered.self))
    }

    @Test func aFactoryThatThrowsIsReportedWithThePluginAndItsError() {
        let registry = makeRegistry(plugin: "notes") {
            $0.registerService(Tally.self) { _ in throw CommandError("the disk is full") }
        }
        let error = resolutionError { _ = try registry.resolver(for: "the shell").resolve(Tally.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.description == "the shell asked for ViperRuntimeTests.Tally, and its provider failed: notes: the disk is full")
    }

    @Test func aContractWhoseProviderWasDisabledSaysWhy() {
        let registry = Registry()
        registry.noteDisabled(ContractID(NeverRegistered.self), reason: "storage is disabled: Notes.Store requires Contracts.Nothing")
        let error = resolutionError { _ = try registry.resolver(for: "notes").resolve(NeverRegistered.self) }
        #expect(error?.code == .providerDisabled)
        #expect(error?.description == "notes asked for ViperRuntimeTests.NeverRegistered, but its provider is disabled: storage is disabled: Notes.Store requires Contracts.Nothing")
    }

    @Test func factoriesThatNeedEachOtherAreACycleNotACrash() {
        let registry = makeRegistry(plugin: "loop") {
            $0.registerService(Ping.self) { resolver -> any Ping in
                _ = try resolver.resolve(Pong.self)
                throw CommandError("unreachable")
            }
            $0.registerService(Pong.self) { resolver -> any Pong in
                _ = try resolver.resolve(Ping.self)
                throw CommandError("unreachable")
            }
        }
        let error = resolutionError { _ = try registry.resolver(for: "the shell").resolve(Ping.self) }
        #expect(error?.code == .cycle)
        #expect(error?.detail == "ViperRuntimeTests.Ping → ViperRuntimeTests.Pong → ViperRuntimeTests.Ping")
        #expect(error?.description.contains("which needs itself: ViperRuntimeTests.Ping → ViperRuntimeTests.Pong → ViperRuntimeTests.Ping") == true)

        // The failed attempt leaves nothing behind: the same thread can resolve again and gets the same error.
        let again = resolutionError { _ = try registry.resolver(for: "the shell").resolve(Pong.self) }
        #expect(again?.detail == "ViperRuntimeTests.Pong → ViperRuntimeTests.Ping → ViperRuntimeTests.Pong")
    }

    // MARK: Registration rules

    @Test func registeringAfterTheEntryPointReturnedIsIgnored() {
        let registrar = RecordingRegistrar(plugin: "late")
        registrar.seal()
        registrar.registerService(Tally.self) { _ in TallyStub() }
        let registry = Registry()
        registry.commit(registrar)
        #expect(registrar.services.isEmpty)
        #expect(registrar.lateCalls == 1)
        #expect(!registry.resolver(for: "test").canResolve(Tally.self))
    }

    @Test func registeringTheSameContractAndNameTwiceIsADuplicate() {
        let registrar = RecordingRegistrar(plugin: "twice")
        registrar.registerService(Welcome.self, name: "en") { _ in WelcomeStub("a") }
        registrar.registerService(Welcome.self, name: "fr") { _ in WelcomeStub("b") }
        registrar.registerService(Welcome.self, name: "en") { _ in WelcomeStub("c") }
        registrar.registerModule(DocumentEditing.self, builder: TextEditorBuilderFake())
        registrar.registerModule(DocumentEditing.self, builder: TextEditorBuilderFake())
        #expect(registrar.duplicates.map(\.description) == ["service ViperRuntimeTests.Welcome[en]", "module ViperRuntimeTests.DocumentEditing"])
    }

    // MARK: Adapters

    @Test func anAdapterServesARequiredServiceFromAProvidedOne() throws {
        let registry = makeRegistry {
            $0.registerService(DocumentEditing.self) { _ in TextEditorFake() }
            $0.registerAdapter(MemoEditing.self, from: DocumentEditing.self) { MemoEditingAdapter($0) }
        }
        let resolver = registry.resolver(for: "notes")
        #expect(resolver.canResolve(MemoEditing.self))
        let editing = try resolver.resolve(MemoEditing.self)
        editing.edit(note: "shopping")
        #expect(editing.editedNote == "# shopping")
        #expect(try resolver.resolve(DocumentEditing.self).content == "# shopping", "the adapter wraps the process-scoped provider")
    }

    @Test func anAdapterWithoutItsSourceIsNotRegisteredAndSaysSo() {
        let registry = makeRegistry {
            $0.registerAdapter(MemoEditing.self, from: DocumentEditing.self) { MemoEditingAdapter($0) }
        }
        #expect(!registry.resolver(for: "notes").canResolve(MemoEditing.self))
        let error = resolutionError { _ = try registry.resolver(for: "notes").resolve(MemoEditing.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.description == "notes asked for ViperRuntimeTests.MemoEditing, which no loaded plugin provides ('fixture' adapts it from ViperRuntimeTests.DocumentEditing, which no enabled plugin provides either; nothing is registered under that contract); install a plugin that provides it or run 'viper doctor'")
    }

    @Test func anAdapterServesARequiredModuleFromAProvidedModule() throws {
        let builder = TextEditorBuilderFake()
        let registry = makeRegistry {
            $0.registerModule(DocumentEditing.self, route: RouteSpec("text", summary: "Edit text"), builder: builder)
            $0.registerAdapter(MemoEditing.self, from: DocumentEditing.self) { MemoEditingAdapter($0) }
        }
        let (registration, adapters) = try #require(registry.moduleRegistration(for: MemoEditing.self, name: nil))
        #expect(registration.contract == ContractID(DocumentEditing.self))
        #expect(adapters.count == 1)
        let adapterUsed = try #require(adapters.first)
        #expect(adapterUsed.requiredContract == ContractID(MemoEditing.self))

        let built = try registration.builder.build(ModuleContextStub(resolver: registry.resolver(for: "notes")))
        let input = try #require(built.input)
        #expect(registration.conforms(input))
        let editing = try #require(try adapterUsed.adapt(input) as? any MemoEditing)
        editing.edit(note: "groceries")
        let screen = SpyScreen()
        built.view.render(on: screen)
        #expect(screen.lines == ["text: # groceries"], "the module the notes plugin configured is the text editor's")
        #expect(builder.builds == 1)
    }

    @Test func aModuleWithoutAProviderOrAdapterIsNotFound() {
        let registry = makeRegistry { $0.registerModule(DocumentEditing.self, builder: TextEditorBuilderFake()) }
        #expect(registry.moduleRegistration(for: MemoEditing.self, name: nil) == nil)
        #expect(registry.moduleRegistration(for: DocumentEditing.self, name: "other") == nil)
    }

    // MARK: Threads

    /// Many threads resolve at once: every process-scoped resolve gets the one
    /// instance, every transient one a new instance, and nothing races
    /// (run it under `swift test --sanitize=thread --filter RegistryTests`).
    @Test func resolvingFromManyThreadsAtOnceIsSafe() throws {
        let registry = makeRegistry {
            $0.registerService(Tally.self, name: "shared", scope: .process) { _ in TallyStub() }
            $0.registerService(Tally.self, name: "fresh", scope: .transient) { _ in TallyStub() }
            $0.registerService(DocumentEditing.self) { _ in TextEditorFake() }
            $0.registerAdapter(MemoEditing.self, from: DocumentEditing.self) { MemoEditingAdapter($0) }
            $0.registerService(Welcome.self, requires: [.service(Tally.self, name: "shared")]) { resolver in
                WelcomeStub("\(try resolver.resolve(Tally.self, name: "shared").id)")
            }
        }
        let iterations = 2_000
        let seen = Locked((shared: Set<Int>(), fresh: Set<Int>(), failures: [String]()))
        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            let resolver = registry.resolver(for: "thread \(index)")
            do {
                let shared = try resolver.resolve(Tally.self, name: "shared").id
                let fresh = try resolver.resolve(Tally.self, name: "fresh").id
                _ = try resolver.resolve(MemoEditing.self)
                _ = try resolver.resolve(Welcome.self)
                _ = resolver.canResolve(NeverRegistered.self)
                seen.withLock {
                    $0.shared.insert(shared)
                    $0.fresh.insert(fresh)
                }
            } catch {
                seen.withLock { $0.failures.append("\(error)") }
            }
        }
        let (sharedIDs, freshIDs, failures) = seen.withLock { ($0.shared, $0.fresh, $0.failures) }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(sharedIDs.count == 1)
        #expect(freshIDs.count == iterations)
    }
}
