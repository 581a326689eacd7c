import Foundation
import ViperTestSupport

/// `viper new Counter --example` (the demo list) in a temporary folder outside the repository, built with
/// `swift build` and tested with `swift test` once per test run (it takes a while),
/// then shared by every test that needs it.
enum GeneratedCounter {
    struct Built {
        /// The generated package.
        let package: String
        /// The built plugin.
        let library: String
        /// What `swift test` in the package printed, and its status.
        let testOutput: String
        let testStatus: Int32
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: Result<Built, any Error>?

    static func built() throws -> Built {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return try cached.get() }
        let result = Result { try make() }
        cached = result
        return try result.get()
    }

    private static func make() throws -> Built {
        let folder = try TemporaryFolder.make("new")
        let new = try ViperProcess().run(["new", "Counter", "--example", "--dir", folder])
        guard new.status == 0 else {
            throw Failure(description: "viper new Counter failed (\(new.status)): \(new.stderr)")
        }
        let package = folder + "/Counter"
        let build = try FixtureCompiler.run(["swift", "build"], in: package)
        guard build.status == 0 else {
            throw Failure(description: "swift build of the generated package failed:\n\(build.output)")
        }
        let test = try FixtureCompiler.run(["swift", "test"], in: package)
        return Built(package: package, library: package + "/.build/debug/libCounterPlugin.so",
                     testOutput: test.output, testStatus: test.status)
    }
}
