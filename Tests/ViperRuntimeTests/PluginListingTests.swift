import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime

/// Discovery reads folders with `readdir` and checks and sorts ASCII names as bytes: the same
/// files, in the same order, as checking and sorting them as `String`s.
@Suite struct PluginListingTests {
    private func folder(_ names: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "viper-listing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names {
            #expect(FileManager.default.createFile(atPath: path + "/" + name, contents: Data()))
        }
        return path
    }

    private func expected(_ names: [String], bundled: Bool) -> [String] {
        names.filter { name in
            guard !name.hasPrefix("."), name.hasSuffix(".so") else { return false }
            return !bundled || (name.hasPrefix("lib") && name.hasSuffix("Plugin.so"))
        }.sorted()
    }

    @Test(arguments: [false, true])
    func namesAreCheckedAndSortedAsStringsWouldBe(bundled: Bool) throws {
        let ascii = ["libb.so", "libB.so", "liba.so", "lib_Z.so", "lib10.so", "lib9.so", ".hidden.so", "libx.so.1", "x.txt",
                     "libPlugin.so", "libNotesPlugin.so", "NotesPlugin.so", "so", ".so", "libContracts.so"]
        // A long shared prefix, names that tie on the eight bytes after it, and one that is a prefix of another.
        let shared = ["libbench-0002.so", "libbench-0001.so", "libbench-00010.so", "libbench-0001a.so", "libbench-000.so",
                      "libbench-0001234567891.so", "libbench-0001234567890.so", "libbench-00012345678.so", "libbench-0001234567Plugin.so",
                      "libbench-0001234567890Plugin.so", "libbench-Plugin.so"]
        for names in [ascii, ascii + ["libÄPlugin.so", "libe\u{301}.so"], shared, shared.map { $0.replacingOccurrences(of: ".so", with: "Plugin.so") }] {
            let path = try folder(names)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let listed = PluginDiscovery.pluginPaths(in: PluginFolder(path: path, origin: bundled ? .bundled : .flag))
            #expect(listed == expected(names, bundled: bundled).map { path + "/" + $0 })
        }
    }
}
