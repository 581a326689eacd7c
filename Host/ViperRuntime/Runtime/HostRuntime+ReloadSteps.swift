import Contracts
import Foundation
import ViperCore
import ViperLoading

/// The steps of a reload (`HostRuntime+Reload.swift`): scanning one file as start-up does,
/// validating it against the running graph, and loading its copy. All run under `state`.
extension HostRuntime {
    /// Why a new version was not loaded: the file is changing (retry), or it was refused.
    enum VersionFailure: Error {
        case changing
        case refused(PluginLoadError)
    }

    /// A file modified less than this long ago may still be being written.
    static let settlingNanoseconds: Int64 = 1_000_000_000

    /// Whether the file changes across a short interval (only a file modified just now is watched that long).
    static func isBeingWritten(_ path: String, _ stamp: FileStamp) -> Bool {
        guard isRecent(stamp) else { return false }
        usleep(50_000)
        return FileStamp.read(path) != stamp
    }

    static func isRecent(_ stamp: FileStamp) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - stamp.modifiedNanoseconds < settlingNanoseconds
    }

    /// Whether a refusal is what a file cut short says (not ELF yet, truncated, a dependency not written yet).
    static func mayBeHalfWritten(_ result: ScanResult) -> Bool {
        guard case .failed = result.outcome else { return false }
        return result.code == .notALibrary || result.code == .openFailed
    }

    /// Scans `file` as start-up does: the trust check by path first, then the scanner child.
    func scanForReload(_ file: PluginFile, stamp: FileStamp) -> ScanResult? {
        if !options.allowInsecurePlugins, let problem = Self.trustProblem(file) {
            return ScanResult(stamp: stamp, outcome: .failed(problem), code: .untrusted)
        }
        guard let scanner = reloadScanner() else {
            return ScanResult(
                stamp: stamp, outcome: .failed("changed, and this viper has no scanner to check it (no 'viper' executable beside it); restart viper to use it"),
                code: .changedSinceScan)
        }
        return scanner.scan([file])[file.path]
    }

    /// The scanner of start-up, or one made the way start-up makes it.
    private func reloadScanner() -> PluginScanner? {
        // The pins are read again: an install, update or rollback changed them while viper ran.
        if var rescanner {
            rescanner.signatures = SignatureCheck.read(folder: dataFolder)
            return rescanner
        }
        guard let executable = Self.scannerExecutable(options) else { return nil }
        let timeout = options.environment["VIPER_SCAN_TIMEOUT"].flatMap(Double.init) ?? options.scanTimeout
        var scanner = PluginScanner(executable: executable, timeout: timeout)
        scanner.allowInsecure = options.allowInsecurePlugins
        scanner.lockFolder = lockState.isLocked ? dataFolder : nil
        scanner.signatures = SignatureCheck.read(folder: dataFolder)
        scanner.libraries = loader.contractLibraries.foundFiles
        return scanner
    }

    /// Why the name `name` of the file `file` is taken, with start-up's words, or nil.
    func nameConflict(_ name: String, file: PluginFile) -> String? {
        for record in recordList where record.name == name && record.path != file.path && Self.isServing(record) {
            if file.folder.origin != .bundled, record.origin == .bundled {
                return "the name '\(name)' belongs to the bundled plugin at \(record.path); give this plugin another name in its PluginManifest"
            }
            return "a plugin named '\(name)' is already loaded from \(record.path); remove one of the two"
        }
        return nil
    }

    /// Validates the running graph with `descriptor` serving from `file`; refuses it when it is
    /// disabled, or when it would disable a plugin that validation keeps without it.
    func validateReload(_ descriptor: PluginDescriptor, file: PluginFile) -> Result<GraphValidator.Outcome, PluginLoadError> {
        let name = descriptor.manifest.name
        let node = GraphValidator.Node(name: name, path: file.path, descriptor: descriptor, isBundled: file.folder.origin == .bundled)
        // A consumer disabled for want of a provider refused for a changed library names it, as at start-up.
        let outcome = RefusedProviders(problemList).naming(validator(servingWith: node).validate())
        if let reason = outcome.disabled[name] {
            return .failure(PluginLoadError(.refused, path: file.path, message: reason))
        }
        let before = validator(servingWith: nil).validate().disabled
        let replaced = recordList.first { $0.path == file.path }?.name
        if let (other, reason) = outcome.disabled.sorted(by: { $0.key < $1.key }).first(where: { before[$0.key] == nil && $0.key != replaced }) {
            return .failure(PluginLoadError(.refused, path: file.path, message: Self.wouldDisable + "\(other) (\(reason)); fix that first"))
        }
        return .success(outcome)
    }

    /// A validator over the plugins serving now, with `node` in place of the file at its path (or added).
    func validator(servingWith node: GraphValidator.Node?) -> GraphValidator {
        var nodes: [GraphValidator.Node] = []
        var placed = node == nil
        for record in recordList where Self.isServing(record) {
            guard let name = record.name, let descriptor = record.descriptor else { continue }
            if let node, record.path == node.path {
                nodes.append(node)
                placed = true
            } else {
                nodes.append(.init(name: name, path: record.path, descriptor: descriptor, isBundled: record.origin == .bundled))
            }
        }
        if !placed, let node { nodes.append(node) }
        let known = problemList.count
        let preferences = readPreferences()
        problemList.removeSubrange(known...)  // a broken config file was reported at start-up
        return GraphValidator(nodes: nodes, hostProvides: Self.hostProvisions, preferences: preferences)
    }

    /// Loads the version of `file` that was scanned (`stamp`, and `sha256` when the scan hashed it)
    /// from a sealed copy (``PluginLoader/snapshot(_:descriptor:stamp:sha256:)``): a new inode, so
    /// glibc loads it as a new image even when the file was written in place. The checks of
    /// start-up run again on the file (trust, lock, ELF, Contracts), with start-up's words.
    func loadVersion(_ file: PluginFile, scanned: PluginDescriptor, stamp: FileStamp, sha256: String?) -> Result<LoadedPlugin, VersionFailure> {
        var policy = loader.policy
        policy.snapshot = true
        policy.alwaysHash = true
        let versionLoader = PluginLoader(policy: policy)
        versionLoader.contractLibraries = loader.contractLibraries
        versionLoader.expectedStamp = stamp
        let began = PluginClock.now(), waited = ThreadSchedule.waited()
        switch versionLoader.load(file, known: sha256.map { KnownDigest(stamp: stamp, sha256: $0) }) {
        case .failure(let error) where error.code == .changedSinceScan:
            return .failure(.changing)
        case .failure(let error):
            return .failure(.refused(error))
        case .success(let loaded):
            if let difference = DescriptorDifference.between(scanned: scanned, loaded: loaded.descriptor) {
                return .failure(.refused(PluginLoadError(.differsFromScan, path: file.path, message: DescriptorDifference.refusal(difference))))
            }
            let name = loaded.descriptor.manifest.name
            noteLoad(loaded, name: name, cause: "a reload: its file changed", began: began, opened: PluginClock.now(), waited: waited)
            return .success(loaded)
        }
    }

    /// Drops the problems reported for the file at `path` or the plugin `plugin`.
    func forgetProblems(path: String, plugin: String?) {
        problemList.removeAll { $0.message.hasPrefix(path + ": ") || (plugin != nil && $0.plugin == plugin) }
    }

    static func isServing(_ record: PluginRecord) -> Bool {
        record.status == .loaded || record.status == .ready
    }

    static func imagesText(_ count: Int) -> String {
        switch count {
        case 0: return "no older image mapped"
        case 1: return "1 older image still mapped"
        default: return "\(count) older images still mapped"
        }
    }
}
