import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperCoreTestSupport
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime

/// ``HostRuntime`` configures in its initializer and does the work in ``HostRuntime/start()``,
/// which returns what it found; and the parts start-up is made of.
@Suite struct StartupTests {
    /// Options whose data folder and `--plugins` folder do not exist yet.
    private func missingFolders() throws -> (options: RuntimeOptions, data: String, plugins: String) {
        let folders = try TestRuntime.makeFolders()
        let data = folders.base + "/not-yet/data"
        let plugins = folders.base + "/no-such-plugins"
        var options = TestRuntime.options(folders, plugins: [plugins])
        options.dataFlag = data
        return (options, data, plugins)
    }

    // MARK: Configure, then start

    @Test func constructingTouchesNoFileAndFindsNothingUntilStarted() throws {
        let (options, data, _) = try missingFolders()
        let runtime = HostRuntime(options: options)
        #expect(!FileManager.default.fileExists(atPath: data))
        #expect(runtime.dataFolder == data)
        #expect(!runtime.isStarted)
        #expect(runtime.logger == nil)
        #expect(runtime.records.isEmpty && runtime.problems.isEmpty && runtime.warnings.isEmpty)
        #expect(!runtime.registry.canResolve(Clock.self, name: nil))
    }

    @Test func startDoesTheWorkAndReturnsTheProblemsItFound() throws {
        let (options, data, plugins) = try missingFolders()
        let runtime = HostRuntime(options: options)
        let report = try runtime.start()
        #expect(runtime.isStarted)
        #expect(FileManager.default.fileExists(atPath: data + "/viper.log"))
        #expect(report.problems.map(\.message) == ["\(plugins): no such plugin folder or file (given with --plugins); check the path"])
        #expect(report.problems == runtime.problems)
        #expect(report.records.isEmpty && report.warnings.isEmpty)
        #expect(runtime.registry.canResolve(Clock.self, name: nil))
    }

    @Test func theReportCarriesTheWarningsTheCommandLinePrints() throws {
        var options = TestRuntime.options(try TestRuntime.makeFolders())
        options.allowInsecurePlugins = true
        let report = try HostRuntime(options: options).start()
        #expect(report.warnings == ["--allow-insecure-plugins: plugins are loaded even when another account owns them or can write them "
            + "(or their folders), so anyone with that access can run code as you; use it only for development"])
    }

    @Test func theReportListsEveryPluginWithItsStatus() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["Greeter"])
        let runtime = HostRuntime(options: TestRuntime.options(folders))
        let report = try runtime.start()
        #expect(report.records.map(\.name) == ["greeter"])
        #expect(report.records.map(\.status) == [.loaded])
        #expect(report.problems.isEmpty)
    }

    @Test func startingTwiceDoesNothingTheSecondTimeAndReturnsTheFirstReport() throws {
        let (options, data, _) = try missingFolders()
        let runtime = HostRuntime(options: options)
        let first = try runtime.start()
        try FileManager.default.removeItem(atPath: data)
        let second = try runtime.start()
        #expect(!FileManager.default.fileExists(atPath: data))  // nothing ran again
        #expect(second.problems == first.problems)
        #expect(runtime.problems.count == 1)
    }

    @Test func aStartThatThrowsDidNothingAndCanBeTriedAgain() throws {
        let folders = try TestRuntime.makeFolders()
        let file = folders.base + "/data-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        var options = TestRuntime.options(folders)
        options.dataFlag = file
        let runtime = HostRuntime(options: options)
        #expect(throws: HostError.self) { try runtime.start() }
        #expect(!runtime.isStarted)
        #expect(!runtime.registry.canResolve(Clock.self, name: nil))
        try FileManager.default.removeItem(atPath: file)
        try runtime.start()
        #expect(runtime.isStarted)
        #expect(runtime.registry.canResolve(Clock.self, name: nil))
    }

    @Test func theLockIsNotWrittenBeforeStartUp() throws {
        let folders = try TestRuntime.makeFolders()
        let runtime = HostRuntime(options: TestRuntime.options(folders))
        #expect(throws: HostError.self) { try runtime.writeLock() }
        #expect(!FileManager.default.fileExists(atPath: PluginLock.path(in: folders.data)))
    }

    // MARK: Triage of scan results

    @Test func aFileWithoutAResultIsDisabledWithOneProblem() {
        let folder = PluginFolder(path: "/plugins", origin: .flag)
        let triage = ScanTriage(files: [PluginFile(path: "/plugins/libGone.so", folder: folder)], results: [], modes: PluginModeRule())
        #expect(triage.candidates.isEmpty)
        #expect(triage.records.map(\.index) == [0])
        #expect(triage.records.map(\.record.status) == [.disabled])
        #expect(triage.records.map(\.record.reason) == ["no such file; check the path"])
        #expect(triage.problems.map(\.kind) == [.loadFailed])
        #expect(triage.warnings == triage.problems.map(\.message))
    }

    @Test func aDropInCannotTakeABundledPluginsNameAndTheBundledOneIsTheCandidate() {
        let dropIn = PluginFile(path: "/drop/libA.so", folder: PluginFolder(path: "/drop", origin: .flag))
        let bundled = PluginFile(path: "/bin/libB.so", folder: PluginFolder(path: "/bin", origin: .bundled))
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "notes", version: "1.0.0", summary: "notes"),
                                          contractsVersion: .current, provides: [])
        let results = [ScanResult(stamp: .missing(dropIn.path), outcome: .ok(descriptor)),
                       ScanResult(stamp: .missing(bundled.path), outcome: .ok(descriptor))]
        let triage = ScanTriage(files: [dropIn, bundled], results: results, modes: PluginModeRule())
        #expect(triage.candidates.map(\.0.path) == [bundled.path])
        #expect(triage.records.map(\.record.status) == [.disabled, .ready])
        #expect(triage.records.first?.record.reason
            == "the name 'notes' belongs to the bundled plugin at /bin/libB.so; give this plugin another name in its PluginManifest")
    }

    // MARK: Lazy loading

    @Test func aPendingPluginIsTakenOnceForWhatItServesAndNeverForWhatItLost() {
        let store = Provision(kind: .service, contract: ContractID("Contracts.NoteStore"), name: "work")
        let editing = Provision(kind: .module, contract: ContractID("Contracts.NoteEditing"))
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "notes", version: "1.0.0", summary: "notes"),
                                          contractsVersion: .current, provides: [store, editing])
        var pending = PendingPlugins()
        pending.add(PendingPlugin(file: PluginFile(path: "/p/libNotes.so", folder: PluginFolder(path: "/p", origin: .flag)),
                                  overridden: ["Contracts.NoteEditing"], known: nil, scanned: descriptor, stamp: nil),
                    name: "notes")
        #expect(pending.take(serving: ProvisionKey(.module, ContractID("Contracts.NoteEditing"))).isEmpty)
        #expect(pending.take(serving: ProvisionKey(.module, ContractID("Contracts.NoteStore"), name: "work")).isEmpty)
        #expect(pending.take(serving: ProvisionKey(store)).map(\.name) == ["notes"])
        #expect(pending.take(serving: ProvisionKey(store)).isEmpty)
        #expect(pending.isEmpty)
    }
}

/// The key shared by the registry, the validator and lazy loading.
@Suite struct ProvisionKeyTests {
    @Test func theDescriptionIsTheKindThenTheLabel() {
        #expect(ProvisionKey(.service, ContractID("Contracts.NoteStore"), name: "work").description == "service Contracts.NoteStore[work]")
        #expect(ProvisionKey(.module, ContractID("Contracts.NoteEditing")).description == "module Contracts.NoteEditing")
        #expect(ProvisionKey(.adapter, ContractID("Contracts.Greeting")).description == "adapter Contracts.Greeting")
        #expect("\(ProvisionKey(.service, ContractID("Contracts.Logger")))" == "service Contracts.Logger")
    }

    @Test func theLabelIsTheContractWithItsNameInBrackets() {
        #expect(ProvisionKey(.service, ContractID("Contracts.NoteStore"), name: "work").label == "Contracts.NoteStore[work]")
        #expect(ProvisionKey(.service, ContractID("Contracts.NoteStore")).label == "Contracts.NoteStore")
        #expect(ProvisionKey.label(ContractID("Contracts.NoteStore"), "") == "Contracts.NoteStore[]")
        #expect(Registry.label(ContractID("A.B"), "c") == "A.B[c]")
        #expect(GraphValidator.label(ContractID("A.B"), "c") == "A.B[c]")
    }

    @Test func kindContractAndNameAllTellKeysApart() {
        let key = ProvisionKey(.service, ContractID("A.B"), name: "c")
        #expect(key == ProvisionKey(Provision(kind: .service, contract: ContractID("A.B"), name: "c")))
        #expect(key != key.with(kind: .module))
        #expect(key.with(kind: .module) == ProvisionKey(.module, ContractID("A.B"), name: "c"))
        #expect(key != ProvisionKey(.service, ContractID("A.B")))
        #expect(key != ProvisionKey(.service, ContractID("A.X"), name: "c"))
        #expect(Set([key, key.with(kind: .module), key]).count == 2)
    }
}
