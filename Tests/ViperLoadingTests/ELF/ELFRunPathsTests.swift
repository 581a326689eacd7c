import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
import ViperTestSupport

/// The sandbox's run-path reader (``ELFRunPaths``, program headers) is held to ``ELFLinkage``'s
/// (section headers) on real libraries, and never crashes on damaged ones; the scanner's folders
/// (``Sandbox/loadingFolders(of:)``) add a linked plugin's real folder. Files only, no process.
@Suite struct ELFRunPathsTests {
    private func viaSections(_ path: String) -> [String]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return ELFLinkage(descriptor: descriptor, size: UInt64(status.st_size), symbols: false).runPaths
    }

    private func viaProgramHeaders(_ path: String) -> [String]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return ELFRunPaths.read(descriptor, size: UInt64(status.st_size))
    }

    /// Shared libraries with and without run paths: the build's, the Swift runtime's, the system's.
    private func libraries() -> [String] {
        let contracts = BuildProducts.directory + "/libContracts.so"
        // The Swift runtime's folder, as libContracts' own run path names it.
        let runtime = viaSections(contracts)?.first { $0.hasPrefix("/") } ?? "/usr/lib/swift/linux"
        var files = [BuildProducts.directory + "/libContracts.so"]
        for folder in [runtime, "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            files += names.filter { $0.hasSuffix(".so") }.sorted().prefix(120).map { folder + "/" + $0 }
        }
        return files
    }

    @Test func theRunPathsReadThroughTheDynamicSegmentAreThoseOfTheSectionHeaders() throws {
        let files = libraries()
        var compared = 0, withRunPaths = 0
        for file in files {
            guard let expected = viaSections(file), let found = viaProgramHeaders(file) else { continue }
            #expect(found == expected, "\(file)")
            compared += 1
            if !expected.isEmpty { withRunPaths += 1 }
        }
        #expect(compared >= 10)
        #expect(withRunPaths >= 2, "libContracts.so and the Swift runtime have run paths")
    }

    @Test func damagedCopiesReadAsSomethingOrNothingNeverACrash() throws {
        let original = try #require(FileManager.default.contents(atPath: BuildProducts.directory + "/libContracts.so"))
        let folder = try TemporaryFolder.make("runpaths")
        var generator = SystemRandomNumberGenerator()
        var cases: [[UInt8]] = [[], Array(original.prefix(63)), Array(original.prefix(64)), Array(original.prefix(4096)),
                                Array(original.prefix(original.count / 2))]
        for _ in 0..<200 {
            var bytes = Array(original.prefix(8192))
            for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            cases.append(bytes)
        }
        for (index, bytes) in cases.enumerated() {
            let path = folder + "/case-\(index).so"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            _ = viaProgramHeaders(path)
        }
        #expect(viaProgramHeaders(folder + "/case-0.so") == [])
    }

    @Test func aLinkedPluginsRealFolderIsReadableAndItsRunPathsToo() throws {
        let real = try TemporaryFolder.make("real")
        let plugins = try TemporaryFolder.make("plugins")
        try FileManager.default.copyItem(atPath: BuildProducts.directory + "/libContracts.so", toPath: real + "/libthing.so")
        try FileManager.default.createSymbolicLink(atPath: plugins + "/libthing.so", withDestinationPath: real + "/libthing.so")
        let runPaths = try #require(viaSections(real + "/libthing.so")).filter { $0.hasPrefix("/") && !$0.contains("$") }
        #expect(!runPaths.isEmpty)
        #expect(Sandbox.loadingFolders(of: [plugins + "/libthing.so"]) == [Paths.realPath(real) ?? real] + runPaths)
        #expect(Sandbox.loadingFolders(of: [real + "/libthing.so"]) == runPaths, "a plain file adds only its run paths")
        #expect(Sandbox.loadingFolders(of: [plugins + "/missing.so"]).isEmpty)
    }
}
