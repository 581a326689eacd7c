import Foundation
import Testing
@testable import ViperKit
import ViperTestSupport

/// `viper dev FOLDER` over a workspace: a contract library and the plugins that use it,
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

    @Test func aLibraryChangeBuildsASuitesPackageThatNamesItBeforeThePlugins() throws {
        let base = try workspace()
        try FileManager.default.createDirectory(atPath: base.folder + "/AKitSuites", withIntermediateDirectories: true)
        try "dependencies: [.package(path: \"../Kit\")]\n".write(toFile: base.folder + "/AKitSuites/Package.swift", atomically: true, encoding: .utf8)
        let workspace = DevWorkspace(folder: base.folder, members: [.init(folder: base.folder + "/AKitSuites", product: "AKitSuites")] + base.members)
        #expect(workspace.affected(by: [workspace.folder + "/Kit/Sources/Kit/Kit.swift"]).map(\.name) == ["Kit", "AKitSuites", "Provider"])
        #expect(workspace.affected(by: [workspace.folder + "/AKitSuites/Sources/AKitSuites/Suites.swift"]).map(\.name) == ["AKitSuites"])
    }

    @Test func aLibraryWithASuitesFolderBuildsItsSuitesAfterItself() throws {
        let workspace = try workspace()
        let kit = try #require(workspace.members.first { $0.name == "Kit" })
        #expect(workspace.builds(kit).map(\.folder) == [kit.folder])
        try FileManager.default.createDirectory(atPath: kit.folder + "/Suites", withIntermediateDirectories: true)
        try "// the suites\n".write(toFile: kit.folder + "/Suites/Package.swift", atomically: true, encoding: .utf8)
        #expect(workspace.builds(kit).map(\.folder) == [kit.folder, kit.folder + "/Suites"])
        #expect(workspace.builds(kit).map(\.arguments) == [["swift", "build"], ["swift", "build"]])
        let provider = try #require(workspace.members.first { $0.name == "Provider" })
        #expect(workspace.builds(provider).map(\.arguments) == [["swift", "build", "--product", "ProviderPlugin"]])
    }
}
