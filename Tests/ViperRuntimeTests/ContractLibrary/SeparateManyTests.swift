import Foundation
import Testing
import ViperTestSupport
@testable import ViperRuntime

/// Telling contract libraries from plugins in a large folder, where the files are read on
/// several threads: the same split, in the same order, as one by one.
@Suite struct SeparateManyTests {
    @Test func aContractLibraryAmongManyPluginsIsFoundAndTheOrderKept() throws {
        let library = try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"
        let plugin = try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")
        let folder = try TemporaryFolder.make("separate-many")
        let origin = PluginFolder(path: folder, origin: .flag)
        var files: [PluginFile] = []
        for number in 0..<100 {
            let name = number == 57 ? "libFixtureWelcome.so" : String(format: "libPlugin%03d.so", number)
            try FileManager.default.copyItem(atPath: number == 57 ? library : plugin, toPath: folder + "/" + name)
            files.append(PluginFile(path: folder + "/" + name, folder: origin))
        }
        let split = ContractLibraryCatalog.separate(files)
        #expect(split.libraries.map(\.path) == [folder + "/libFixtureWelcome.so"])
        #expect(split.plugins == files.filter { !$0.path.hasSuffix("libFixtureWelcome.so") })
    }
}
