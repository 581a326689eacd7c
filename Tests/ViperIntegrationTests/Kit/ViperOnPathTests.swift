import Foundation
import Testing
import ViperTestSupport

@testable import ViperKit

/// `viper new`'s next steps say `viper check ...` when the `viper` on PATH is this one (an install's
/// `PREFIX/bin/viper` links to `PREFIX/lib/viper/viper`), and the full path otherwise.
@Suite struct ViperOnPathTests {
    /// An install: `prefix/lib/viper/viper` and `prefix/bin/viper` linking to it; another viper elsewhere.
    private func install() throws -> (lib: String, bin: String, other: String) {
        let prefix = try TemporaryFolder.make("viper-on-path")
        let lib = prefix + "/lib/viper", bin = prefix + "/bin", other = prefix + "/other"
        for folder in [lib, bin, other] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [lib + "/viper", other + "/viper"] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        try FileManager.default.createSymbolicLink(atPath: bin + "/viper", withDestinationPath: "../lib/viper/viper")
        return (lib, bin, other)
    }

    @Test func theViperOnPathThroughTheInstallsLinkIsNamedViper() throws {
        let paths = try install()
        #expect(ViperOnPath.command(executableDirectory: paths.lib, path: "/nonexistent:\(paths.bin):\(paths.other)") == "viper")
    }

    @Test func anotherViperFirstOnPathGetsTheFullPath() throws {
        let paths = try install()
        #expect(ViperOnPath.command(executableDirectory: paths.lib, path: "\(paths.other):\(paths.bin)") == paths.lib + "/viper")
    }

    @Test func noViperOnPathGetsTheFullPath() throws {
        let paths = try install()
        #expect(ViperOnPath.command(executableDirectory: paths.lib, path: "") == paths.lib + "/viper")
        #expect(ViperOnPath.command(executableDirectory: paths.lib, path: nil) == paths.lib + "/viper")
    }
}
