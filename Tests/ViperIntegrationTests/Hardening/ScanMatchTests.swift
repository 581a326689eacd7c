import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// What runs in the host is what was scanned. A plugin loaded on
/// first use must register what its scan recorded, and a file changed since the scan
/// is scanned again in a child before it is opened in viper.
@Suite struct ScanMatchTests {
    @Test func aPluginThatRegistersMoreInViperThanInItsScanIsRefused() throws {
        let folder = try HardeningFixtures.folder("scan-extra", with: [AfterStartupFixtures.extraContract()])
        let path = folder + "/libExtraContractPlugin.so"
        let runtime = try TestRuntime.start(AfterStartupFixtures.isolated([folder]))
        let scanned = try #require(runtime.record(at: path)?.descriptor, "\(runtime.problemLines)")
        #expect(scanned.provides.map(\.contract.name) == ["ExtraContractPlugin.ExtraMarker"])

        runtime.loadAll()
        let message = DescriptorDifference.refusal("registers service Contracts.NoteStore[second] that the scan did not see")
        #expect(runtime.record(at: path)?.status == .disabled)
        #expect(runtime.record(at: path)?.reason == message)
        #expect(runtime.problemLines.filter { $0.contains("fixture-extra") || $0.hasPrefix(path) } == ["\(path): \(message)"])
        // Nothing it registered reached the registry.
        let resolver = runtime.registry.resolver(for: "test")
        #expect(!resolver.canResolve(NoteStore.self, name: "second"))
    }

    @Test func aPluginThatRegistersWhatItsScanSawLoadsOnFirstUse() throws {
        let folder = try HardeningFixtures.folder("scan-same", with: [Fixtures.good()])
        let runtime = try TestRuntime.start(AfterStartupFixtures.isolated([folder]))
        runtime.loadAll()
        #expect(runtime.record(at: folder + "/libGoodPlugin.so")?.status == .loaded, "\(runtime.problemLines)")
    }

    @Test func aFileSwappedForACrashingOneAfterStartUpIsScannedAgainAndRefusedWithoutCrashingViper() throws {
        let folder = try HardeningFixtures.folder("swap-crash", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let runtime = try TestRuntime.start(AfterStartupFixtures.isolated([folder]))
        #expect(runtime.record(at: path)?.status == .ready, "\(runtime.problemLines)")
        try swap(path, for: HardeningFixtures.crashOnLoad())

        runtime.loadAll()  // without the rescan, this process would die with SIGSEGV here
        let record = try #require(runtime.record(at: path))
        #expect(record.status == .disabled)
        #expect(record.reason == "changed since viper started and was scanned again: it crashed the scanner with SIGSEGV (segmentation fault) while loading; it is skipped until the file changes")
        #expect(!isMapped(path))
    }

    @Test func aFileSwappedForAnEquivalentBuildIsScannedAgainAndLoads() throws {
        let folder = try HardeningFixtures.folder("swap-same", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let runtime = try TestRuntime.start(AfterStartupFixtures.isolated([folder]))
        try swap(path, for: Fixtures.good())
        let swapped = try #require(FileStamp.read(path))

        runtime.loadAll()
        #expect(runtime.record(at: path)?.status == .loaded, "\(runtime.problemLines)")
        #expect(FileStamp.read(path) == swapped)
    }

    @Test func aFileSwappedForAnotherPluginIsRefusedWithWhatDiffers() throws {
        let folder = try HardeningFixtures.folder("swap-other", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let runtime = try TestRuntime.start(AfterStartupFixtures.isolated([folder]))
        try swap(path, for: AfterStartupFixtures.extraContract())

        runtime.loadAll()
        #expect(runtime.record(at: path)?.status == .disabled)
        #expect(runtime.record(at: path)?.reason == "changed since viper started, and the new version calls itself 'fixture-extra' 1.0.0 where the scan saw 'fixture-good' 1.2.3; restart viper to use it")
        #expect(!isMapped(path))
    }

    @Test func differencesAreNamedOneByOne() {
        let manifest = PluginManifest(name: "p", version: "1", summary: "")
        let store = Provision(kind: .service, contract: ContractID("Contracts.NoteStore"))
        let needy = Provision(kind: .service, contract: ContractID("Contracts.NoteStore"), requires: [.service(Clock.self)])
        let module = Provision(kind: .module, contract: ContractID("P.Input"))
        func descriptor(_ provides: [Provision]) -> PluginDescriptor {
            PluginDescriptor(manifest: manifest, contractsVersion: .current, provides: provides)
        }
        #expect(DescriptorDifference.between(scanned: descriptor([store, module]), loaded: descriptor([module, store])) == nil)
        #expect(DescriptorDifference.between(scanned: descriptor([store, module]), loaded: descriptor([store]))
                == "does not register module P.Input that the scan saw")
        #expect(DescriptorDifference.between(scanned: descriptor([store]), loaded: descriptor([needy]))
                == "registers service Contracts.NoteStore with other requirements or routes than the scan saw")
    }

    /// Replaces `path` with a copy of `library` by rename, as an installer would.
    private func swap(_ path: String, for library: String) throws {
        let replacement = Paths.parent(path) + "/.incoming"
        try FileManager.default.copyItem(atPath: library, toPath: replacement)
        chmod(replacement, 0o755)
        guard rename(replacement, path) == 0 else { throw HostError("cannot swap \(path)") }
    }
}
