import Contracts
import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
@testable import ViperRuntime
@testable import ViperKit
import ViperTestSupport

/// The Contracts version is read from the file's `.viper_abi`
/// section before `dlopen`, so none of a refused plugin's code (not even its ELF
/// constructors) runs; plugins without the section fall back to `viper_plugin_abi`.
@Suite struct ABISectionTests {
    private let host = ContractsVersion.current

    @Test func aPluginBuiltForAnotherContractsIsRefusedBeforeItsConstructorsRun() throws {
        let other = ContractsVersion(major: host.major + 1, minor: 0)
        let (path, marker) = try AfterStartupFixtures.sectioned(section: other, function: other)
        #expect(try readELFLinkage(path)?.abiSection == .version(other))

        let error = loadPlugin(path, in: Paths.parent(path)).error
        #expect(error?.code == .incompatibleABI)
        #expect(error?.message == "built for Contracts \(other), but this viper has Contracts \(host); rebuild the plugin against Contracts \(host)")
        #expect(!FileManager.default.fileExists(atPath: marker), "its constructor ran in this process")
        #expect(!isMapped(path))

        // Through viper: neither the scanner child nor the host runs it.
        let result = try ViperProcess().run(["-c", "routes", "--plugins", path])
        #expect(result.stdout.contains("built for Contracts \(other)") || result.stderr.contains("built for Contracts \(other)"),
                "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func theSameFixtureBuiltForThisContractsRunsItsConstructor() throws {
        // The control: the marker does appear when the version matches, so its absence above means something.
        let (path, marker) = try AfterStartupFixtures.sectioned(section: host, function: host)
        let error = loadPlugin(path, in: Paths.parent(path)).error
        #expect(error?.message == "its entry point reported failure (status 42); see the plugin's documentation, or remove it")
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    @Test func aSectionThatDisagreesWithViperPluginABIIsRefusedAndFailsViperCheck() throws {
        let older = ContractsVersion(major: host.major, minor: 0)
        let (path, _) = try AfterStartupFixtures.sectioned(section: host, function: older)
        let message = "refused: its .viper_abi section says Contracts \(host), but its viper_plugin_abi returns \(older); set the numbers in the section to the Contracts the plugin is built against and rebuild it"
        #expect(loadPlugin(path, in: Paths.parent(path)).error == PluginLoadError(.incompatibleABI, path: path, message: message))

        let check = try ViperProcess().run(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("fail  [plugin] loads: \(message)"), "\(check.stdout)")
    }

    @Test func aMalformedSectionIsRefusedBeforeDlopen() throws {
        let (path, marker) = try AfterStartupFixtures.sectioned(section: host, function: host, magic: 0x1234)
        let error = loadPlugin(path, in: Paths.parent(path)).error
        #expect(error?.message.hasPrefix("refused: its .viper_abi section is malformed (it does not start with the magic number 0x56495052)") == true,
                "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(ABISection([1, 2, 3]) == .malformed("it holds 3 bytes, not one record of 12"))
    }

    @Test func aPluginWithoutTheSectionStillLoadsThroughItsFunction() throws {
        let path = try Fixtures.good()
        #expect(try readELFLinkage(path)?.abiSection == nil)
        #expect(loadPlugin(path, in: Paths.parent(path)).plugin?.descriptor.contractsVersion == host)
    }

    @Test func everyBundledPluginAndTheNewTemplateDeclareThisContracts() throws {
        for name in ["Greeter", "Notes", "NoteStorage", "Account", "Todo", "Articles"] {
            #expect(try readELFLinkage(BuildProducts.plugin(name))?.abiSection == .version(host), "\(name)")
        }
        // The record is in the entry target `viper new` writes, never in the feature target.
        #expect(EntryTemplate.source.contains("@used @section(\".viper_abi\")\nlet viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, \(host.major), \(host.minor))"))
        #expect(!ModuleTemplate.plugin.contains(".viper_abi"))
    }
}
