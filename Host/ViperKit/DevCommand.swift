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

    private let lock = NSLock()
    // Guarded by `lock`.
    private var notices: [String] = []
    private var build: Process?
    private var stopped = false
    private var watcher: FileWatcher?

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
        session.post(session.failureNotices(errors))
        return session
    }

    /// The session of a worker that replaces a crashed one (issue 24): the package as ``prepare(path:log:)``
    /// checked it, without building it again (the `.so` the first build made keeps serving).
    package static func resume(path: String) throws -> DevSession {
        let folder = Paths.absolute(path)
        return DevSession(package: folder, product: try DevPackage.pluginProduct(in: folder))
    }

    /// Starts watching `Sources` (with its subfolders) and `Package.swift`; each batch of changes builds once.
    package func startWatching() throws {
        let watcher = try FileWatcher(
            targets: [
                .folder(Paths.join(package, "Sources"), recursive: true, accepts: DevPackage.isSource),
                .file(Paths.join(package, "Package.swift")),
            ], quietPeriod: 0.3)
        lock.withLock { self.watcher = watcher }
        let thread = Thread { [self] in rebuildOnChanges(watcher) }
        thread.name = "viper dev builds"
        thread.start()
    }

    /// The notices since the last call (builds started, succeeded, failed), oldest first.
    package func takeNotices() -> [String] {
        lock.withLock {
            defer { notices.removeAll() }
            return notices
        }
    }

    /// Stops watching and ends a build that is running.
    package func stop() {
        let (watcher, build) = lock.withLock {
            stopped = true
            return (self.watcher, self.build)
        }
        watcher?.stop()
        if let build, build.isRunning { build.terminate() }
    }

    // MARK: Building

    private func rebuildOnChanges(_ watcher: FileWatcher) {
        while !lock.withLock({ stopped }) {
            // An editor's or sed's temporary file that came and went is no change.
            let changes = watcher.waitForChanges(seconds: 1).filter {
                FileManager.default.fileExists(atPath: $0) || $0.hasSuffix(".swift")
            }
            guard !changes.isEmpty, !lock.withLock({ stopped }) else { continue }
            let names = changes.map { DevPackage.relative($0, to: package) }
            post(["building \(product): \(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? " and \(names.count - 3) more" : "") changed"])
            let started = Date()
            let outcome = runBuild()
            guard !lock.withLock({ stopped }) else { return }
            if outcome.status == 0 {
                post(["built \(product) in \(DevPackage.seconds(since: started))"])
            } else {
                post(failureNotices(DevPackage.buildErrors(outcome.output, package: package)))
            }
        }
    }

    private func failureNotices(_ errors: [String]) -> [String] {
        ["build of \(product) failed; the previous build keeps serving:"] + errors.map { "  " + $0 }
    }

    private func post(_ lines: [String]) {
        lock.withLock { notices += lines }
    }

    /// Runs `swift build --product PRODUCT` in the package; its status and what it printed.
    private func runBuild() -> (status: Int32, output: String) {
        let outcome = DevPackage.run(["swift", "build", "--product", product], in: package) { process in
            lock.withLock { build = process }
        }
        lock.withLock { build = nil }
        return (outcome.status, outcome.output + outcome.errors)
    }
}
