import Foundation
import ViperLoading
import ViperRuntime

/// `viper dev FOLDER` where FOLDER is not a package but holds packages: contract
/// libraries (a package whose dynamic product does not end in `Plugin`, as
/// `viper new --contract-library` writes it) and the plugin packages that use them. It builds
/// the libraries first, then the plugins, and opens the shell with every plugin. A change to a
/// library builds it again and then every plugin whose `Package.swift` names its folder, in that
/// order; a change to a plugin builds that plugin. Each plugin's new `.so` is reloaded by the
/// shell's plugin watcher (with the copy of the library its build put beside it); a build that
/// fails is a notice, the previous build keeps serving, and after a library fails its plugins are
/// not built against it.
///
/// Invariants: ``members`` holds the libraries before the plugins; builds run one at a time, on
/// the watcher's thread after the first.
package final class DevWorkspace: DevBuilding, @unchecked Sendable {
    /// One package of the workspace.
    struct Member {
        let folder: String
        let product: String
        var isLibrary: Bool { !product.hasSuffix("Plugin") }
        var name: String { (folder as NSString).lastPathComponent }
        var library: String { Paths.join(folder, ".build/debug/lib\(product).so") }
    }

    /// The workspace folder (absolute).
    package let folder: String
    /// Libraries first, then plugins, each in the order of their folders' names.
    let members: [Member]
    package var libraries: [String] { members.filter { !$0.isLibrary }.map(\.library) }

    /// The notices, the running build and the watcher (``DevBuildLoop``).
    private let loop = DevBuildLoop()
    /// This session's copies of the workspace's contract libraries (``DevLibraryCopies``): the
    /// shell loads them before any installed copy, and no build writes over them.
    private var copies: DevLibraryCopies?
    package var preferredLibraryFolders: [String] { copies.map { [$0.folder] } ?? [] }
    /// The libraries (by folder name) rebuilt at a version other than the loaded copy's: their
    /// plugins are not built in this session, since the loaded copy would refuse them. Touched
    /// only by the watcher's thread.
    private var heldLibraries: Set<String> = []

    init(folder: String, members: [Member]) {
        self.folder = folder
        self.members = members
    }

    /// Whether `path` is a folder without a Package.swift whose subfolders hold packages.
    package static func isWorkspace(_ path: String) -> Bool {
        let folder = Paths.absolute(path)
        return !FileManager.default.fileExists(atPath: Paths.join(folder, "Package.swift")) && !packages(in: folder).isEmpty
    }

    private static func packages(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { Paths.join(folder, $0) }
            .filter { FileManager.default.fileExists(atPath: Paths.join($0, "Package.swift")) }
    }

    /// The workspace at `path` with the builds already made, for a worker that replaces a crashed
    /// one: the libraries from the first worker's builds keep serving.
    package static func resume(path: String) throws -> DevWorkspace {
        let folder = Paths.absolute(path)
        let found = try packages(in: folder).map { Member(folder: $0, product: try DevPackage.pluginProduct(in: $0)) }
        let members = found.filter(\.isLibrary) + found.filter { !$0.isLibrary }
        guard members.contains(where: { !$0.isLibrary }) else {
            throw DevPackage.Failure(
                "the workspace \(folder) holds no plugin package (one whose dynamic product ends in 'Plugin', "
                    + "as 'viper new NAME' writes it); add one, or run 'viper dev' in a plugin package")
        }
        return DevWorkspace(folder: folder, members: members)
    }

    /// ``resume(path:)`` for a worker that replaces a crashed one: its process loads the libraries
    /// afresh, so it copies their latest builds.
    package static func resumeLoading(path: String, log: (String) -> Void) throws -> DevWorkspace {
        let workspace = try resume(path: path)
        workspace.copyLibraries(log: log)
        return workspace
    }

    /// Reads every package's product and builds them all once, libraries first, saying so on `log`.
    package static func prepare(path: String, log: (String) -> Void) throws -> DevWorkspace {
        let workspace = try resume(path: path)
        let folder = workspace.folder, members = workspace.members
        log("Workspace \(folder): " + members.map { "\($0.name) (\($0.isLibrary ? "library" : "plugin"))" }.joined(separator: ", "))
        for member in members {
            log("Building \(member.product) in \(member.folder) ...")
            let started = Date()
            let outcome = workspace.runBuild(member)
            if outcome.status == 0 {
                log("Built \(member.product) in \(DevPackage.seconds(since: started))")
                continue
            }
            let errors = DevPackage.buildErrors(outcome.output, package: member.folder)
            guard member.isLibrary || FileManager.default.fileExists(atPath: member.library) else {
                throw DevPackage.Failure(
                    "the build of \(member.product) failed:\n  " + errors.joined(separator: "\n  ")
                        + "\nfix it and run 'viper dev' again")
            }
            workspace.loop.post(DevBuildLoop.failureNotices(member.product, errors))
        }
        workspace.copyLibraries(log: log)
        return workspace
    }

    /// Copies the libraries' builds for this session (``DevLibraryCopies``), saying on `log` which copy it loads.
    func copyLibraries(log: (String) -> Void) {
        let built = members.filter { $0.isLibrary }.map { (product: $0.product, path: $0.library) }
        guard !built.isEmpty else { return }
        switch DevLibraryCopies.make(built, environment: ProcessInfo.processInfo.environment) {
        case .success(let made):
            copies = made
            made.lines.forEach(log)
        case .failure(let problem):
            log("warning: \(problem.message); this session loads the installed copies of the workspace's libraries")
        }
    }

    package func startWatching() throws {
        try loop.watch(
            members.flatMap { member -> [FileWatcher.Target] in
                [
                    .folder(Paths.join(member.folder, "Sources"), recursive: true, accepts: DevPackage.isSource),
                    .file(Paths.join(member.folder, "Package.swift")),
                ] + (member.isLibrary ? Self.suitesTargets(member) : [])
            }
        ) { [self] changes in rebuild(after: changes) }
    }

    /// A library's `Suites/` package, watched as part of the library.
    private static func suitesTargets(_ member: Member) -> [FileWatcher.Target] {
        let suites = Paths.join(member.folder, "Suites")
        guard FileManager.default.fileExists(atPath: Paths.join(suites, "Package.swift")) else { return [] }
        return [.folder(Paths.join(suites, "Sources"), recursive: true, accepts: DevPackage.isSource), .file(Paths.join(suites, "Package.swift"))]
    }

    package func takeNotices() -> [String] {
        loop.takeNotices()
    }

    package func stop() {
        loop.stop()
        copies?.remove()
    }

    // MARK: Building

    /// The members to build after changes to `changed` (paths), in ``members``' order: the changed
    /// packages, and after a changed library every plugin whose Package.swift names its folder.
    /// A library that names a changed one (a suites package beside it) is built after the changed
    /// libraries and before the plugins.
    func affected(by changed: [String]) -> [Member] {
        let touched = Set(members.filter { member in changed.contains { $0.hasPrefix(member.folder + "/") } }.map(\.folder))
        let libraries = members.filter { $0.isLibrary && touched.contains($0.folder) }
        let names = libraries.map(\.name)
        let dependents = members.filter { member in
            !touched.contains(member.folder) && member.isLibrary && names.contains { usesLibrary(member, $0) }
        }
        let plugins = members.filter { member in
            !member.isLibrary && (touched.contains(member.folder) || names.contains { usesLibrary(member, $0) })
        }
        return libraries + dependents + plugins
    }

    private func usesLibrary(_ member: Member, _ library: String) -> Bool {
        let manifest = (try? String(contentsOfFile: Paths.join(member.folder, "Package.swift"), encoding: .utf8)) ?? ""
        return manifest.contains("/\(library)\"") || manifest.contains("\"\(library)\"")
    }

    private func rebuild(after changes: [String]) {
        var failedLibrary: String?
        for member in affected(by: changes) {
            if let failedLibrary, !member.isLibrary {
                loop.post(["\(member.product) not built: its library \(failedLibrary) failed to build"])
                continue
            }
            if !member.isLibrary, let held = heldLibraries.sorted().first(where: { usesLibrary(member, $0) }) {
                loop.post([
                    "\(member.product) not built: its library \(held) has a new version this viper cannot load while it runs; "
                        + "quit and run 'viper dev' again"
                ])
                continue
            }
            loop.post(["building \(member.product)\(member.isLibrary ? " (library)" : "")"])
            let started = Date()
            let outcome = runBuild(member)
            guard !loop.isStopped else { return }
            if outcome.status == 0 {
                loop.post(["built \(member.product) in \(DevPackage.seconds(since: started))"])
                if member.isLibrary, let rebuilt = copies?.rebuilt(product: member.product, build: member.library) {
                    loop.post([rebuilt.line])
                    if rebuilt.holdsPlugins { heldLibraries.insert(member.name) }
                }
            } else {
                loop.post(DevBuildLoop.failureNotices(member.product, DevPackage.buildErrors(outcome.output, package: member.folder)))
                if member.isLibrary { failedLibrary = member.product }
            }
        }
    }

    /// The builds of `member`, in order: `swift build` for a library (all of it), then in its
    /// `Suites/` package when it has one (as `viper new --contract-library` writes it, so its
    /// suites follow the library); `swift build --product PRODUCT` for a plugin.
    func builds(_ member: Member) -> [(arguments: [String], folder: String)] {
        guard member.isLibrary else { return [(["swift", "build", "--product", member.product], member.folder)] }
        let suites = Paths.join(member.folder, "Suites")
        let hasSuites = FileManager.default.fileExists(atPath: Paths.join(suites, "Package.swift"))
        return [(["swift", "build"], member.folder)] + (hasSuites ? [(["swift", "build"], suites)] : [])
    }

    /// Runs ``builds(_:)`` of `member`, stopping at the first that fails.
    private func runBuild(_ member: Member) -> (status: Int32, output: String) {
        var last: (status: Int32, output: String) = (0, "")
        for build in builds(member) {
            last = loop.run(build.arguments, in: build.folder)
            if last.status != 0 { return last }
        }
        return last
    }
}
