import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// A warm start looks at each plugin file once: discovery's `lstat` (a `stat` more for a
/// link) is what the trust check and the cache use, and a file the descriptor cache has,
/// unchanged, as a plugin is not opened to tell it from a contract library.
@Suite struct WarmStartLookTests {
    @Test func discoveryKeepsWhatItsOneLookFound() throws {
        let folder = try TemporaryFolder.make("look")
        let file = folder + "/libA.so"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: folder + "/libB.so", withDestinationPath: file + ".target")
        try Data([4, 5]).write(to: URL(fileURLWithPath: file + ".target"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/libDangling.so", withDestinationPath: folder + "/nothing")
        let result = PluginDiscovery.discover([PluginFolder(path: folder, origin: .flag)])
        #expect(result.files.map { Paths.lastComponent($0.path) } == ["libA.so", "libB.so", "libDangling.so"])
        #expect(result.infos.count == result.files.count, "one look per file, in file order")
        let plain = try #require(result.infos[0])
        #expect(!plain.isLink && plain.info.st_size == 3)
        let link = try #require(result.infos[1])
        #expect(link.isLink && link.info.st_size == 2, "a link's look is its target's stat")
        #expect(result.infos[2] == nil, "a dangling link is listed but has no look: loading reports it")
    }

    @Test func onlyAnUnchangedCachedFileIsVouchedFor() throws {
        let folder = try TemporaryFolder.make("vouch")
        let file = folder + "/libA.so"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        var info = stat()
        #expect(stat(file, &info) == 0)
        var cache = DescriptorCache(host: "h")
        cache.entries[file] = ScanResult(stamp: FileStamp(path: file, info: info), outcome: .failed("refused"))
        #expect(cache.isUnchangedPlugin(file, info: info))
        #expect(!cache.isUnchangedPlugin(folder + "/libOther.so", info: info))
        try Data([9, 9, 9, 9]).write(to: URL(fileURLWithPath: file))  // a new file: size and times move
        #expect(stat(file, &info) == 0)
        #expect(!cache.isUnchangedPlugin(file, info: info))
    }

    @Test func aVouchedFileIsNotReadAndTheRestAre() throws {
        let folder = try TemporaryFolder.make("separate")
        let plugins = PluginFolder(path: folder, origin: .flag)
        let files = ["libA.so", "libB.so"].map { PluginFile(path: folder + "/" + $0, folder: plugins) }
        for file in files { try Data([0x7F, 0x45]).write(to: URL(fileURLWithPath: file.path)) }  // not ELF: a plugin either way
        var asked: [String] = []
        let split = ContractLibraryCatalog.separate(files) { file in
            asked.append(Paths.lastComponent(file.path))
            return file.path.hasSuffix("libA.so")
        }
        #expect(split.plugins == files && split.libraries.isEmpty)
        #expect(asked == ["libA.so", "libB.so"])
    }
}
