import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper dev [PATH] [--open ROUTE]`: the plugin author's loop. In a plugin package (as `viper
/// new` writes it) it builds the plugin product with `swift build`, then, while the shell runs
/// with that `.so` added to the bundled plugins, watches the package's `Sources` and
/// `Package.swift` and builds again after every change. A build that succeeds rewrites the
/// `.so`, which the shell's plugin watcher reloads; a build that fails leaves the `.so` as it
/// was (the previous build keeps serving) and becomes a few notice lines in the shell.
///
/// This type builds and watches; the shell (opened by `viper`) takes its notices with
/// ``takeNotices()`` on the shell's thread. Builds run on a thread of their own.
package final class DevSession: @unchecked Sendable {
    /// The package folder (absolute).
    package let package: String
    /// The plugin product (`CounterPlugin`).
    package let product: String
    /// The built plugin: `.build/debug/lib<product>.so` in the package.
    package let library: String

    /// The notices, the running build and the watcher (``DevBuildLoop``).
    private let loop = DevBuildLoop()

    private init(package: String, product: String) {
        self.package = package
        self.product = product
        library = Paths.join(package, ".build/debug/lib\(product).so")
    }

    /// Checks that `path` is a plugin package and builds it once, saying so on `log`. A first
    /// build that fails is an error when there is no earlier build to serve, else a notice.
    package static func prepare(path: String, log: (String) -> Void) throws -> DevSession {
        let folder = Paths.absolute(path)
        let session = DevSession(package: folder, product: try DevPackage.pluginProduct(in: folder))
        log("Building \(session.product) in \(folder) (swift build --product \(session.product)) ...")
        let started = Date()
        let outcome = session.runBuild()
        if outcome.status == 0 {
            log("Built \(session.product) in \(DevPackage.seconds(since: started)); opening the shell with \(session.library)")
            return session
        }
        let errors = DevPackage.buildErrors(outcome.output, package: folder)
        guard FileManager.default.fileExists(atPath: session.library) else {
            throw DevPackage.Failure(
                "the build of \(session.product) failed:\n  " + errors.joined(separator: "\n  ")
                    + "\nfix it and run 'viper dev' again")
        }
        session.loop.post(DevBuildLoop.failureNotices(session.product, errors))
        return session
    }

    /// The session of a worker that replaces a crashed one: the package as ``prepare(path:log:)``
    /// checked it, without building it again (the `.so` the first build made keeps serving).
    package static func resume(path: String) throws -> DevSession {
        let folder = Paths.absolute(path)
        return DevSession(package: folder, product: try DevPackage.pluginProduct(in: folder))
    }

    /// Starts watching `Sources` (with its subfolders) and `Package.swift`; each batch of changes builds once.
    package func startWatching() throws {
        try loop.watch([
            .folder(Paths.join(package, "Sources"), recursive: true, accepts: DevPackage.isSource),
            .file(Paths.join(package, "Package.swift")),
        ]) { [self] changes in rebuild(after: changes) }
    }

    /// The notices since the last call (builds started, succeeded, failed), oldest first.
    package func takeNotices() -> [String] {
        loop.takeNotices()
    }

    /// Stops watching and ends a build that is running.
    package func stop() {
        loop.stop()
    }

    // MARK: Building

    private func rebuild(after changes: [String]) {
        let names = changes.map { DevPackage.relative($0, to: package) }
        loop.post(["building \(product): \(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? " and \(names.count - 3) more" : "") changed"])
        let started = Date()
        let outcome = runBuild()
        guard !loop.isStopped else { return }
        if outcome.status == 0 {
            loop.post(["built \(product) in \(DevPackage.seconds(since: started))"])
        } else {
            loop.post(DevBuildLoop.failureNotices(product, DevPackage.buildErrors(outcome.output, package: package)))
        }
    }

    /// Runs `swift build --product PRODUCT` in the package; its status and what it printed.
    private func runBuild() -> (status: Int32, output: String) {
        loop.run(["swift", "build", "--product", product], in: package)
    }
}
