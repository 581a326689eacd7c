import Contracts
import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// The kept plugin graph (`plugin-graph`): a warm start whose validation input did not change
/// takes the last validation's outcome instead of validating; anything validation depends on
/// changes its key; a corrupt file is a warning and a fresh validation.
@Suite struct GraphCacheTests {
    /// Notes without its store (a missing provider disables it), the store's contract preferred
    /// from a plugin that does not provide it (a bad preference), Greeter fine: problems and a disabled plugin to compare.
    private func folders() throws -> TestRuntime.Folders {
        try TestRuntime.makeFolders(bundled: ["Notes", "Greeter"])
    }

    private func options(_ folders: TestRuntime.Folders, preferences: [String: String] = ["Contracts.NoteStore": "greeter"],
                         scanner: String = BuildProducts.viper) -> RuntimeOptions {
        var options = TestRuntime.options(folders, preferences: preferences)
        options.scanMode = .isolated
        options.scannerExecutable = scanner
        return options
    }

    private func graphPath(_ folders: TestRuntime.Folders) -> String {
        folders.data + "/" + DescriptorCache.Graph.fileName
    }

    /// The kept file's inode: a start that validates afresh replaces it (a new file renamed over it).
    private func graphFile(_ folders: TestRuntime.Folders) -> UInt64? {
        FileStamp.read(graphPath(folders))?.inode
    }

    /// What a start reports that validation decides, in a form that compares.
    private func summary(_ runtime: HostRuntime) -> [String] {
        runtime.problems.map { "problem \($0.kind) \($0.plugin ?? "-") \($0.contract ?? "-") \($0.message)" }
            + runtime.records.map { "record \($0.path) \($0.name ?? "-") \($0.status) \($0.reason ?? "-") \($0.overridden)" }
            + runtime.dependencies.map { "dependency \($0.plugin) \($0.registration) \($0.requirement) \($0.providedBy ?? "-") \($0.adaptedFrom?.name ?? "-") \($0.adapters)" }
            + runtime.registry.routeEntries.map { "route \($0.spec.pattern) \($0.plugin)" }.sorted()
    }

    @Test func aWarmStartReusesTheKeptGraphAndReportsWhatAFreshValidationReports() throws {
        let folders = try folders()
        let cold = try TestRuntime.start(options(folders))
        let kept = try #require(graphFile(folders), "the first start keeps its validation")
        #expect(cold.record(named: "notes")?.status == .disabled, "\(cold.problemLines)")
        #expect(cold.problems.contains { $0.kind == .badPreference }, "\(cold.problemLines)")

        let warm = try TestRuntime.start(options(folders))
        #expect(graphFile(folders) == kept, "nothing changed: the kept graph is used, not rewritten")
        #expect(summary(warm) == summary(cold))

        // And against a validation from scratch, with nothing kept.
        try FileManager.default.removeItem(atPath: graphPath(folders))
        let fresh = try TestRuntime.start(options(folders))
        #expect(summary(fresh) == summary(warm))
    }

    @Test func theKeptOutcomeIsTheValidatorsOutcome() throws {
        let folders = try folders()
        let runtime = try TestRuntime.start(options(folders))
        let candidates = runtime.records.compactMap { record in
            record.descriptor.map { (PluginFile(path: record.path, folder: PluginFolder(path: folders.bundled, origin: .bundled)), $0) }
        }
        let preferences = ["Contracts.NoteStore": ProviderChoice(plugin: "greeter", source: "--prefer Contracts.NoteStore=greeter")]
        let fresh = HostRuntime.validator(candidates, preferences: preferences).validate()
        let bytes = DescriptorCache.Graph.serialized(fresh, key: "k")
        let read = try DescriptorCache.Graph.parse(bytes, key: "k").get().outcome
        #expect(read.problems == fresh.problems)
        #expect(read.disabled == fresh.disabled)
        #expect(read.overridden == fresh.overridden)
        #expect(read.dependencies.isEmpty, "the file does not keep the dependency list")
        // What a warm start works out when the list is read.
        #expect(HostRuntime.validator(candidates, preferences: preferences).dependencies(read) == fresh.dependencies)
        #expect(read.routeOwners == fresh.routeOwners)
        #expect(!fresh.problems.isEmpty && !fresh.disabled.isEmpty && !fresh.dependencies.isEmpty && !fresh.routeOwners.isEmpty)
    }

    // MARK: What invalidates it

    /// Starts once, changes something with `change`, starts again: the second start must validate afresh.
    private func expectFreshValidation(after change: (TestRuntime.Folders) throws -> RuntimeOptions?,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folders = try folders()
        _ = try TestRuntime.start(options(folders))
        let kept = try #require(graphFile(folders), sourceLocation: sourceLocation)
        let changed = try change(folders) ?? options(folders)
        let runtime = try TestRuntime.start(changed)
        #expect(graphFile(folders) != kept, "the change must validate afresh", sourceLocation: sourceLocation)
        // And what it reports is a fresh validation's.
        try FileManager.default.removeItem(atPath: graphPath(folders))
        #expect(summary(try TestRuntime.start(changed)) == summary(runtime), sourceLocation: sourceLocation)
    }

    @Test func aChangedPluginFileValidatesAfresh() throws {
        try expectFreshValidation { folders in
            // A new version of the same file: its stamp changes (size, times, inode).
            let path = folders.bundled + "/libGreeterPlugin.so"
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: path)
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: target, toPath: path)
            return nil
        }
    }

    @Test func anAddedPluginValidatesAfresh() throws {
        try expectFreshValidation { folders in
            try TemporaryFolder.link(BuildProducts.plugin("NoteStorage"), as: "libNoteStoragePlugin.so", in: folders.bundled)
            return nil
        }
    }

    @Test func aRemovedPluginValidatesAfresh() throws {
        try expectFreshValidation { folders in
            try FileManager.default.removeItem(atPath: folders.bundled + "/libGreeterPlugin.so")
            return nil
        }
    }

    @Test func aChangedConfigFileValidatesAfresh() throws {
        try expectFreshValidation { folders in
            try Data(#"{"providers": {"Contracts.Clock": "greeter"}}"#.utf8).write(to: URL(fileURLWithPath: folders.data + "/config.json"))
            return nil
        }
    }

    @Test func anotherPreferenceValidatesAfresh() throws {
        try expectFreshValidation { folders in
            options(folders, preferences: ["Contracts.NoteStore": "notes"])
        }
    }

    @Test func aWrittenLockValidatesAfresh() throws {
        try expectFreshValidation { folders in
            let runtime = try TestRuntime.start(options(folders))
            try runtime.writeLock()
            return nil
        }
    }

    @Test func anotherHostValidatesAfresh() throws {
        // A copy of viper as the scanner: touching it is a new host build.
        let scanner = try TemporaryFolder.make("scanner") + "/viper"
        try FileManager.default.copyItem(atPath: BuildProducts.viper, toPath: scanner)
        let folders = try folders()
        _ = try TestRuntime.start(options(folders, scanner: scanner))
        let kept = try #require(graphFile(folders))
        _ = try TestRuntime.start(options(folders, scanner: scanner))
        #expect(graphFile(folders) == kept)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: scanner)
        _ = try TestRuntime.start(options(folders, scanner: scanner))
        #expect(graphFile(folders) != kept)
    }

    @Test func theKeyCoversTheContractsLibraryAndEveryOtherInput() throws {
        let folders = try folders()
        let runtime = try TestRuntime.start(options(folders))
        let candidates = runtime.records.compactMap { record in
            record.descriptor.map { (PluginFile(path: record.path, folder: PluginFolder(path: folders.bundled, origin: .bundled)), $0) }
        }
        let results = Dictionary(uniqueKeysWithValues: candidates.map { file, descriptor in
            (file.path, ScanResult(stamp: FileStamp.read(file.path) ?? .missing(file.path), outcome: .ok(descriptor)))
        })
        let contracts = try TemporaryFolder.make("contracts") + "/libContracts.so"
        try Data([1]).write(to: URL(fileURLWithPath: contracts))
        func key(host: String = "h", preferences: [String: ProviderChoice] = [:], plugins: [(PluginFile, PluginDescriptor)]? = nil,
                 results changed: [String: ScanResult]? = nil) -> String? {
            let files = (plugins ?? candidates).map(\.0), table = changed ?? results
            return runtime.graphKey(files, results: files.map { table[$0.path] }, host: host, preferences: preferences, contractsImage: contracts)
        }
        let base = try #require(key())
        #expect(key() == base, "the key is a function of its inputs")
        #expect(key(host: "h2") != base)
        #expect(key(preferences: ["Contracts.Clock": ProviderChoice(plugin: "greeter", source: "config")]) != base)
        #expect(key(plugins: Array(candidates.reversed())) != base, "search order decides ties")
        #expect(key(plugins: Array(candidates.dropLast())) != base)
        var renamed = results
        if let (path, result) = results.first, case .ok(let scanned) = result.outcome {
            var descriptor = scanned.descriptor
            descriptor.manifest = PluginManifest(name: "other", version: "1.0.0", summary: "")
            renamed[path] = ScanResult(stamp: result.stamp, outcome: .ok(descriptor))
        }
        #expect(key(results: renamed) != base, "a changed descriptor under the same stamp")
        try Data([1, 2]).write(to: URL(fileURLWithPath: contracts))
        #expect(key() != base, "a new Contracts library")
    }

    @Test func theDigestSeparatesFieldsAndSeesEveryByte() {
        func digest(_ fields: [String]) -> String? {
            let stream = DigestStream()
            for field in fields { stream.add(field) }
            return stream.finish()
        }
        let long = String(repeating: "0123456789abcdef", count: 40)
        #expect(digest(["ab", "c"]) == digest(["ab", "c"]))
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest([long]) != digest([long + "x"]))
        var flipped = Array(long.utf8)
        flipped[300] ^= 1
        #expect(digest([long]) != digest([String(decoding: flipped, as: UTF8.self)]), "one bit in the middle of a long field")
        #expect(digest([]) != digest([""]))
        #expect(digest(["x"])?.count == 32)
    }

    // MARK: A corrupt file

    @Test func aCorruptKeptGraphIsAWarningAndAFreshValidation() throws {
        let folders = try folders()
        let cold = try TestRuntime.start(options(folders))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: graphPath(folders))))
        bytes[bytes.count - 10] ^= 0x20  // one flipped bit in the body: the checksum no longer matches
        try Data(bytes).write(to: URL(fileURLWithPath: graphPath(folders)))
        let warm = try TestRuntime.start(options(folders))
        #expect(summary(warm) == summary(cold))
        let log = try String(contentsOfFile: folders.data + "/viper.log", encoding: .utf8)
        #expect(log.contains("the kept plugin graph is unreadable (its checksum does not match); validating again"), "\(log)")
        let rewritten = [UInt8](try Data(contentsOf: URL(fileURLWithPath: graphPath(folders))))
        #expect(rewritten != bytes)
    }

    @Test func aGraphOfAnotherVersionIsReplacedWithoutAWarning() throws {
        let folders = try folders()
        let cold = try TestRuntime.start(options(folders))
        let kept = try #require(graphFile(folders))
        let text = try String(contentsOfFile: graphPath(folders), encoding: .utf8)
        let current = "\(DescriptorCache.Graph.magic)\t\(DescriptorCache.Graph.formatVersion)\t"
        #expect(text.hasPrefix(current))
        let older = "\(DescriptorCache.Graph.magic)\t\(DescriptorCache.Graph.formatVersion - 1)\t" + text.dropFirst(current.count)
        try Data(older.utf8).write(to: URL(fileURLWithPath: graphPath(folders)))
        let warm = try TestRuntime.start(options(folders))
        #expect(summary(warm) == summary(cold))
        #expect(graphFile(folders) != kept, "validated again and replaced")
        let log = try String(contentsOfFile: folders.data + "/viper.log", encoding: .utf8)
        #expect(!log.contains("kept plugin graph"), "\(log)")
    }

    @Test func brokenFilesAreRefusedNotFatal() throws {
        let outcome = GraphValidator.Outcome(problems: [Problem(kind: .cycle, plugin: "a", contract: "b", message: "m\tn")],
                                             disabled: ["a": "why"], overridden: ["a": ["x"]], dependencies: [], routeOwners: ["r": "a"])
        let good = DescriptorCache.Graph.serialized(outcome, key: "k")
        #expect((try? DescriptorCache.Graph.parse(good, key: "k").get())?.outcome.problems == outcome.problems)
        #expect(throws: DescriptorCache.Graph.Refusal.self) { try DescriptorCache.Graph.parse(good, key: "other").get() }
        for cut in [0, 5, good.count / 2, good.count - 1] {
            #expect(throws: DescriptorCache.Graph.Refusal.self) { try DescriptorCache.Graph.parse(Array(good.prefix(cut)), key: "k").get() }
        }
        // A signed body that does not decode (a line of an unknown kind, a missing field) is refused too.
        for body in ["Q\tx\n", "X\tonly\n", "P\tnot-a-kind\t\\N\t\\N\tm\n", "W\ta\tb\tc\n",
                     "E\ta\tb\tservice\tc\t\\N\thost\t\\N\n"] {
            let signed = DescriptorCache.Graph.signed(body: Array(body.utf8), key: "k")
            #expect(throws: DescriptorCache.Graph.Refusal.self) { try DescriptorCache.Graph.parse(signed, key: "k").get() }
        }
    }
}
