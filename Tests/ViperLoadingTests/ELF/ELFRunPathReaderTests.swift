import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
import ViperTestSupport

/// The prescan's run-path reader (``ELFRunPathReader``), which reads every plugin of a scanner's
/// batch into one buffer and hands over bytes, and the folders the prescan makes of them
/// (``Sandbox/loadingFolders(of:keeping:)``): each once, in the order first found, however many
/// plugins share them. Copies of libContracts.so with their run path rewritten stand for plugins
/// built with other run paths. Files only, no process.
@Suite struct ELFRunPathReaderTests {
    private let library = BuildProducts.directory + "/libContracts.so"

    /// The run path string of libContracts.so as the file holds it (its folders joined by `:`).
    private func originalRunPath() throws -> [UInt8] {
        let descriptor = open(library, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var status = stat()
        #expect(fstat(descriptor, &status) == 0)
        let folders = ELFLinkage(descriptor: descriptor, size: UInt64(status.st_size), symbols: false).runPaths
        try #require(!folders.isEmpty, "libContracts.so has a run path")
        return Array(folders.joined(separator: ":").utf8)
    }

    /// A copy of libContracts.so in `folder` named `name` whose run path reads `runPath` (no longer
    /// than the original's: it is written over it, ended early).
    private func copy(in folder: String, _ name: String, runPath: String) throws -> String {
        var bytes = try #require(FileManager.default.contents(atPath: library).map { [UInt8]($0) })
        let original = try originalRunPath() + [0]
        let replacement = Array(runPath.utf8) + [0]
        try #require(replacement.count <= original.count, "\(runPath) fits over the original run path")
        let at = try #require(
            (0...(bytes.count - original.count)).first { bytes[$0] == original[0] && Array(bytes[$0..<$0 + original.count]) == original })
        bytes.replaceSubrange(at..<at + replacement.count, with: replacement)
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func viaSections(_ path: String) -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        return ELFLinkage(descriptor: descriptor, size: UInt64(status.st_size), symbols: false).runPaths
    }

    @Test func emptyFoldersInARunPathArePassedOverAsTheSectionReaderDoes() throws {
        let folder = try TemporaryFolder.make("reader")
        let path = try copy(in: folder, "libempty.so", runPath: "::/x::/yy:")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var status = stat()
        #expect(fstat(descriptor, &status) == 0)
        var handed: [String] = []
        ELFRunPathReader().forEachRunPath(descriptor, size: UInt64(status.st_size)) { handed.append(String(decoding: $0, as: UTF8.self)) }
        #expect(handed == ["/x", "/yy"])
        #expect(viaSections(path) == handed)
    }

    @Test func oneReaderReadsManyFilesEachAsIfAlone() throws {
        let folder = try TemporaryFolder.make("reader")
        let paths = try ["/a:/b", "/long/folder/name", "/c"].enumerated().map { try copy(in: folder, "lib\($0.offset).so", runPath: $0.element) }
        let reader = ELFRunPathReader()
        for (path, expected) in zip(paths, [["/a", "/b"], ["/long/folder/name"], ["/c"]]) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(descriptor) }
            var status = stat()
            #expect(fstat(descriptor, &status) == 0)
            var handed: [String] = []
            reader.forEachRunPath(descriptor, size: UInt64(status.st_size)) { handed.append(String(decoding: $0, as: UTF8.self)) }
            #expect(handed == expected, "\(path)")
        }
    }

    @Test func thePrescanGivesEachFolderOnceInTheOrderFirstFoundAcrossManyPlugins() throws {
        let folder = try TemporaryFolder.make("reader")
        // Ten folders, more than the prescan remembers as bytes, then each again in another order.
        var paths = try (0..<10).map { try copy(in: folder, "lib-\($0).so", runPath: "/f\($0)") }
        paths += try (0..<10).reversed().map { try copy(in: folder, "lib-again-\($0).so", runPath: "/f\($0):/f\(9 - $0)") }
        paths.append(try copy(in: folder, "lib-mixed.so", runPath: "relative:$ORIGIN/x:/f3:/new"))
        #expect(Sandbox.loadingFolders(of: paths) == (0..<10).map { "/f\($0)" } + ["/new"])
    }

    @Test func manyPluginsBuiltAlikeAddTheirRunPathsOnce() throws {
        let folder = try TemporaryFolder.make("reader")
        let paths = try (0..<50).map { number -> String in
            let path = folder + "/lib-\(number).so"
            try FileManager.default.copyItem(atPath: library, toPath: path)
            return path
        }
        let expected = viaSections(library).filter { $0.hasPrefix("/") && !$0.contains("$") }
        #expect(!expected.isEmpty)
        #expect(Sandbox.loadingFolders(of: paths) == expected)
    }
}
