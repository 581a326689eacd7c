import Foundation
import Testing
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperCore
@testable import ViperLoading

/// A plugin or contract library in a plugin folder named like one of viper's own
/// libraries (`Contracts`, `ConformanceKit`) or the Swift runtime's is refused by itself, with one
/// line that names it and says what to do, and never disables anything else.
@Suite struct ReservedNameTests {
    @Test func aDropInLibContractsIsRefusedAndTheBundledPluginsStillLoad() throws {
        let folder = try Self.pluginFolder(with: try Self.dropIn(), as: "libContracts.so")
        let runtime = try Self.start(folder)
        #expect(runtime.record(named: "greeter")?.status == .loaded)
        #expect(runtime.problemLines == ["\(folder)/libContracts.so: refused: libContracts.so is the name of one of viper's own libraries "
            + "or the Swift runtime's (Contracts), so it could stand in for it; it is not loaded, and nothing else changes: rename it "
            + "(a plugin or contract library needs a name of its own) or remove it"])
        #expect(runtime.contractLibraries.isEmpty)
    }

    @Test func aContractLibraryWhoseSONAMEIsContractsIsRefusedWhateverItsFileIsCalled() throws {
        let folder = try Self.pluginFolder(with: try Self.dropIn(), as: "libHelpful.so")
        let runtime = try Self.start(folder)
        #expect(runtime.record(named: "greeter")?.status == .loaded)
        #expect(runtime.problemLines == ["\(folder)/libHelpful.so: refused: a contract library may not be named Contracts, the name of "
            + "one of viper's own libraries or the Swift runtime's, since it could stand in for it; it is not loaded, and nothing else "
            + "changes: give its module a name of its own"])
    }

    @Test func aPluginNamedLikeTheSwiftRuntimeIsRefusedAndItsNeighbourLoads() throws {
        let folder = try Self.pluginFolder(with: try Fixtures.good(), as: "libswiftCore.so")
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: folder + "/libGood.so")
        let runtime = try Self.start(folder)
        #expect(runtime.record(at: folder + "/libGood.so")?.status == .loaded)
        let refused = try #require(runtime.record(at: folder + "/libswiftCore.so"))
        #expect(refused.status == .disabled)
        #expect(refused.reason?.hasPrefix("refused: libswiftCore.so is the name of one of viper's own libraries or the Swift runtime's (swiftCore)") == true)
        #expect(runtime.problemLines.count == 1)
    }

    @Test func namesOfItsOwnArePlainPlugins() {
        #expect(ReservedNames.fileProblem("/p/libNotesPlugin.so") == nil)
        #expect(ReservedNames.fileProblem("/p/libContractsHelper.so") == nil)
        #expect(ReservedNames.fileProblem("/p/libConformanceKit.so") != nil)
        #expect(ReservedNames.fileProblem("/p/libFoundation.so") != nil)
    }

    /// The drop-in contract library, built with the SONAME libContracts.so.
    private static func dropIn() throws -> String {
        try FixtureCompiler.cPlugin(named: "DropInContracts", source: try Fixtures.source("Reserved/drop_in_contract_library.c"),
                                    extraFlags: ["-Wl,-soname,libContracts.so"])
    }

    /// A user plugin folder holding a copy of `file` named `name`.
    private static func pluginFolder(with file: String, as name: String) throws -> String {
        let folder = try TemporaryFolder.make("reserved")
        try FileManager.default.copyItem(atPath: file, toPath: folder + "/" + name)
        return folder
    }

    /// A runtime with the bundled greeter and `folder` given with `--plugins`.
    private static func start(_ folder: String) throws -> HostRuntime {
        let folders = try TestRuntime.makeFolders(bundled: ["Greeter"])
        return try TestRuntime.start(TestRuntime.options(folders, plugins: [folder]))
    }
}
