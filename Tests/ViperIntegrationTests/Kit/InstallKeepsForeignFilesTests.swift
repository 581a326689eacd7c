import Foundation
import Testing
import ViperTestSupport

/// `viper install` and `uninstall` with the built `viper`: a file the person put in `PREFIX/lib/viper` survives
/// an upgrade (refused, named) and an uninstall (kept, named); everything install wrote goes.
@Suite struct InstallKeepsForeignFilesTests {
    @Test func aFileThePersonPutBesideAnInstallSurvivesReinstallAndUninstall() throws {
        let prefix = try TemporaryFolder.make("install-foreign-file")
        let viper = ViperProcess()
        let installed = try viper.run(["install", "--prefix", prefix])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        try TemporaryFolder.write(Array("mine\n".utf8), to: "notes.txt", in: prefix + "/lib/viper")

        let again = try viper.run(["install", "--prefix", prefix])
        #expect(again.status == 64)
        #expect(again.stderr == "viper: \(prefix)/lib/viper holds 1 file (notes.txt) that 'viper install' did not write (or that changed since), "
            + "and installing replaces the folder; move it away, then install again\n")

        let removed = try viper.run(["uninstall", "--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Kept 1 file (notes.txt) in \(prefix)/lib/viper"), "\(removed.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix + "/lib/viper") == ["notes.txt"])
        #expect(try String(contentsOfFile: prefix + "/lib/viper/notes.txt", encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/viper"))
    }
}
