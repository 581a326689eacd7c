import Foundation
import Testing
import ViperTestSupport
import ViperCommandLine
@testable import ViperKit
@testable import ViperRuntime
@testable import ViperCore
@testable import ViperLoading

/// `viper uninstall` removes exactly what `viper install` wrote. An install is
/// laid out here by hand as `install` lays it out (files, then the marker's manifest of them), so
/// these tests spawn no process; `InstallCommandTests` runs the real install.
@Suite struct UninstallManifestTests {
    @Test func uninstallRemovesTheFilesInstallWroteAndNamesTheOneThePersonAdded() throws {
        let target = try Self.install()
        try TemporaryFolder.write(Array("mine\n".utf8), to: "notes.txt", in: target.folder)
        let message = try InstallCommand.remove(target)
        #expect(message == "Removed viper from \(target.prefix) (the files install wrote in \(target.folder), and \(target.link)).\n"
            + "Kept 1 file (notes.txt) in \(target.folder) that 'viper install' did not write (or that changed since); "
            + "remove it yourself if you do not need it.\nYour data and plugin folders are untouched.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.folder) == ["notes.txt"])
        #expect(try String(contentsOfFile: target.folder + "/notes.txt", encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: target.link))
    }

    @Test func aFileChangedSinceInstallIsKeptWithItsFolder() throws {
        let target = try Self.install()
        try TemporaryFolder.write(Array("edited\n".utf8), to: "Modules/Contracts.swiftinterface", in: target.folder)
        let message = try InstallCommand.remove(target)
        #expect(message.contains("Kept 1 file (Modules/Contracts.swiftinterface)"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.folder) == ["Modules"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.folder + "/Modules") == ["Contracts.swiftinterface"])
    }

    @Test func aCleanInstallLeavesNothingBehind() throws {
        let target = try Self.install()
        let message = try InstallCommand.remove(target)
        #expect(!message.contains("Kept"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.prefix) == [])
    }

    @Test func aMarkerMadeForAnotherPrefixIsRefusedAndNothingIsRemoved() throws {
        let installed = try Self.install()
        // The person's own folder, with the marker of another prefix's install copied into it.
        let other = InstallCommand.Target(prefix: try TemporaryFolder.make("install-other"))
        try FileManager.default.createDirectory(atPath: other.folder, withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("precious\n".utf8), to: "viper", in: other.folder)
        try FileManager.default.copyItem(atPath: installed.folder + "/.viper-install", toPath: other.folder + "/.viper-install")
        let error = try #require(throws: UsageError.self) { try InstallCommand.remove(other) }
        #expect(error.description == "\(other.folder)/.viper-install was made for the prefix \(installed.prefix), not \(other.prefix), "
            + "so it does not describe the files here; move \(other.folder) away yourself, or give the prefix it was made for")
        #expect(try String(contentsOfFile: other.folder + "/viper", encoding: .utf8) == "precious\n")
    }

    @Test func aMarkerOfTheFirstFormatListsNoFilesSoNothingIsRemoved() throws {
        let target = InstallCommand.Target(prefix: try TemporaryFolder.make("install-old"))
        try FileManager.default.createDirectory(atPath: target.folder, withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("\(target.prefix)/bin\n".utf8), to: ".viper-install", in: target.folder)
        try TemporaryFolder.write(Array("mine\n".utf8), to: "viper", in: target.folder)
        let error = try #require(throws: UsageError.self) { try InstallCommand.remove(target) }
        #expect(error.description.hasSuffix("run 'viper install --prefix \(target.prefix)' with this viper (it records them), then uninstall again"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.folder).sorted() == [".viper-install", "viper"])
    }

    @Test func aManifestReadsBackAsItWasWritten() throws {
        let manifest = InstallManifest(prefix: "/opt/viper", created: ["/opt/viper/bin"],
                                       files: ["viper": String(repeating: "a", count: 64), "Modules/x y": String(repeating: "b", count: 64)])
        #expect(try InstallManifest.parse(manifest.text, path: "marker") == .manifest(manifest))
        #expect(throws: HostError.self) { try InstallManifest.parse(InstallManifest.header + "\nprefix /p\nfile short viper\n", path: "marker") }
    }

    /// A prefix with `lib/viper` holding a few files and the manifest of them, and `bin/viper` linked to it.
    private static func install() throws -> InstallCommand.Target {
        let target = InstallCommand.Target(prefix: try TemporaryFolder.make("install-prefix"))
        try FileManager.default.createDirectory(atPath: target.folder + "/Modules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: target.bin, withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("viper binary\n".utf8), to: "viper", in: target.folder)
        try TemporaryFolder.write(Array("interface\n".utf8), to: "Modules/Contracts.swiftinterface", in: target.folder)
        let manifest = try InstallManifest.record(folder: target.folder, prefix: target.prefix, created: [target.bin, target.lib],
                                                  marker: InstallCommand.markerName)
        try TemporaryFolder.write(Array(manifest.text.utf8), to: InstallCommand.markerName, in: target.folder)
        try TemporaryFolder.link("../lib/viper/viper", as: "viper", in: target.bin)
        return target
    }
}
