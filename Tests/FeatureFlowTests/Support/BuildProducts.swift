import Foundation

/// Where `swift build`/`swift test` put the products: the folder of the running test
/// binary, so every scratch path works. (A copy of the runtime tests' helper: test
/// targets do not depend on each other.)
enum BuildProducts {
    static var directory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.path
    }

    /// The built `viper` executable.
    static var viper: String { directory + "/viper" }

    /// A bundled plugin's library, e.g. `plugin("Notes")`.
    static func plugin(_ name: String) -> String { directory + "/lib\(name)Plugin.so" }

    /// The folder with the Articles fixture server and feeds.
    static var articleFixtures: String {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Fixtures/Articles")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
        }
        return "Tests/Fixtures/Articles"
    }
}
