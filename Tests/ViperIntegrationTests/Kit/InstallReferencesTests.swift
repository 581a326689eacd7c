import Foundation
import Testing
import ViperTestSupport

/// `viper install` puts the Contracts and ConformanceKit references (DocC, built from the
/// installed build's modules) in `lib/viper/docs`, the installed `viper sdk` names them, and
/// uninstall removes them with the rest.
@Suite(.tags(.slow)) struct InstallReferencesTests {
    @Test func installBuildsBothReferencesAndTheInstalledSDKNamesThem() throws {
        let prefix = try TemporaryFolder.make("install-reference")
        let installed = try ViperProcess().run(["install", "--prefix", prefix])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(!installed.stdout.contains("reference was not installed"), "\(installed.stdout)")
        let docs = prefix + "/lib/viper/docs"
        for (archive, page) in [("Contracts", "contracts"), ("ConformanceKit", "conformancekit")] {
            #expect(FileManager.default.fileExists(atPath: "\(docs)/\(archive).doccarchive/documentation/\(page)/index.html"),
                    "no \(archive) reference page in \(docs)")
        }
        let kitData = try String(contentsOfFile: "\(docs)/ConformanceKit.doccarchive/data/documentation/conformancekit.json", encoding: .utf8)
        #expect(kitData.contains("ContractSuite"), "the ConformanceKit reference does not list ContractSuite")

        let sdk = try Subprocess.run(prefix + "/bin/viper", ["sdk"], input: "", environment: ViperProcess().environment)
        #expect(sdk.stdout.contains("  \(docs)/Contracts.doccarchive   (Contracts: open /documentation/contracts)"), "\(sdk.stdout)")
        #expect(sdk.stdout.contains("  \(docs)/ConformanceKit.doccarchive   (ConformanceKit: open /documentation/conformancekit)"), "\(sdk.stdout)")

        let removed = try ViperProcess().run(["uninstall", "--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix) == [])
    }
}
