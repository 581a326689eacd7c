import Foundation
import Testing
@testable import ViperKit
import ViperTestSupport

/// `viper dev FOLDER` over a workspace (issue 26): a contract library and the plugins that use it,
/// built libraries first; a change to the library builds it and then the plugins that name it.
@Suite struct DevWorkspaceTests {
    /// A workspace of three manifests: the library Kit, a plugin that depends on it, one that does not.
    private func workspace() throws -> DevWorkspace {
        let folder = try TemporaryFolder.make("dev-workspace")
        let manifests = [
            "Kit": "// the library\n",
            "Provider": "dependencies: [.package(path: \"../Kit\")]\n",
            "Other": "dependencies: []\n",
        ]
        for (name, text) in manifests {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            try text.write(toFile: "\(folder)/\(name)/Package.swift", atomically: true, encoding: .utf8)
        }
        return DevWorkspace(folder: folder, members: [
            .init(folder: folder + "/Kit", product: "Kit"),
            .init(folder: folder + "/Other", product: "OtherPlugin"),
            .init(folder: folder + "/Provider", product: "ProviderPlugin"),
        ])
    }

    @Test func aLibraryChangeBuildsTheLibraryThenThePluginsThatNameIt() throws {
        let workspace = try workspace()
        let changed = [workspace.folder + "/Kit/Sources/Kit/Kit.swift"]
        #expect(workspace.affected(by: changed).map(\.name) == ["Kit", "Provider"])
        #expect(workspace.libraries == [workspace.folder + "/Other/.build/debug/libOtherPlugin.so",
                                        workspace.folder + "/Provider/.build/debug/libProviderPlugin.so"])
    }

    @Test func aPluginChangeBuildsThatPluginAlone() throws {
        let workspace = try workspace()
        let changed = [workspace.folder + "/Other/Sources/OtherPlugin/Other.swift", workspace.folder + "/Other/Package.swift"]
        #expect(workspace.affected(by: changed).map(\.name) == ["Other"])
    }

    @Test func aFolderOfPackagesIsAWorkspaceAndAPackageIsNot() throws {
        let workspace = try workspace()
        #expect(DevWorkspace.isWorkspace(workspace.folder))
        #expect(!DevWorkspace.isWorkspace(workspace.folder + "/Kit"))
        #expect(!DevWorkspace.isWorkspace(try TemporaryFolder.make("dev-empty")))
    }
}
