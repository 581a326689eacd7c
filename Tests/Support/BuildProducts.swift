import Foundation

/// Where `swift build`/`swift test` put the products: the folder of the running test
/// binary (docs/ARCHITECTURE.md fact 7), so every scratch path works. Shared by every test target.
public enum BuildProducts {
    /// The products folder.
    public static var directory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The XCTest bundle on Linux is `<products>/viperPackageTests.xctest`: an executable file, so its folder is the products folder.
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.path
    }

    /// The built `viper` executable.
    public static var viper: String { directory + "/viper" }

    /// A bundled plugin's library, e.g. `plugin("Greeter")`.
    public static func plugin(_ name: String) -> String { directory + "/lib\(name)Plugin.so" }

    /// Folder with Contracts.swiftmodule, for compiling fixture plugins.
    public static var modules: String { directory + "/Modules" }

    /// The repository root (for fixture sources).
    public static var repository: String {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
               FileManager.default.fileExists(atPath: url.appendingPathComponent("Contracts").path) {
                return url.path
            }
        }
        return FileManager.default.currentDirectoryPath
    }

    /// The folder with the Articles fixture server and feeds.
    public static var articleFixtures: String { repository + "/Tests/Fixtures/Articles" }
}
