import Foundation
import Testing
@testable import ViperLoading

/// The folders of the files this process has mapped, which the scanner's box lets it read (the
/// Swift runtime wherever the toolchain lives): each once, absolute, without a deleted file's,
/// this executable's among them.
@Suite struct MappedFoldersTests {
    @Test func theFoldersOfTheMappedLibrariesComeEachOnceAndAbsolute() throws {
        let folders = Sandbox.mappedFolders()
        #expect(Set(folders).count == folders.count)
        #expect(folders.allSatisfy { $0.hasPrefix("/") && !$0.hasSuffix("/") && !$0.contains(" (deleted)") })
        // This test's own executable is mapped; the kernel names it by its real path, as in maps.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
        #expect(folders.contains(folder), "\(folder) in \(folders)")
    }
}
