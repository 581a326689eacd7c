import Contracts
import Foundation
import ViperCore

// The loader: how a plugin file becomes registrations in this process.
//
// A load opens the file once and works on that descriptor only: `fstat` (a regular file, with
// the stamp the scan saw when one is expected, not already loaded, trusted by owner and mode, pinned by `plugins.lock`),
// optionally a sealed `memfd` copy (`PluginLoader+Snapshot.swift`), the ELF checks
// (`PluginLoader+Image.swift`: headers, linkage, the `.viper_abi` version), then `dlopen` of
// `/proc/self/fd/N` and the entry point under ``PluginExitGuard``. What the entry registers
// stays in a sealed ``RecordingRegistrar``: validation (``GraphValidator``) and the runtime's
// commit decide what reaches the ``Registry``. Contract libraries are checked by
// ``ContractLibraryCatalog`` and loaded before a plugin that links one.
//
// Invariants: no code of a file runs before every check passed on the descriptor that is
// loaded; each file (device and inode) is loaded once; an image is never closed (docs/ARCHITECTURE.md, fact 4);
// every failure is one ``PluginLoadError`` line naming the file and the fix.

/// A plugin file that was opened and registered (not yet validated or committed).
package final class LoadedPlugin {
    package let file: PluginFile
    package let descriptor: PluginDescriptor
    package let registrar: RecordingRegistrar
    /// The stamp of the file that was loaded, from `fstat` on the open descriptor.
    package let stamp: FileStamp?
    /// The SHA-256 of the bytes that were loaded, when the policy asked for it.
    package let sha256: String?
    /// What the load took, for the profile (``PluginProfile``).
    package var timing = LoadTiming()

    package init(
        file: PluginFile, descriptor: PluginDescriptor, registrar: RecordingRegistrar,
        stamp: FileStamp? = nil, sha256: String? = nil
    ) {
        self.file = file
        self.descriptor = descriptor
        self.registrar = registrar
        self.stamp = stamp
        self.sha256 = sha256
    }
}

/// What one load took, in nanoseconds, and the image it mapped: for the profile
/// (``PluginProfile/Load``; the memory an image maps is read from /proc/self/maps by its inode).
package struct LoadTiming: Sendable {
    /// The checks of the file, its sealed copy and `dlopen`.
    package var opening: UInt64 = 0
    /// The plugin's entry point.
    package var entry: UInt64 = 0
    /// The device and inode of what `dlopen` mapped: the sealed copy, or the file.
    package var imageDevice: UInt64?
    package var imageInode: UInt64?

    package init() {}
}

/// What the loader demands of a file before any of its code runs.
package struct LoadPolicy {
    /// `--allow-insecure-plugins`: skip the owner and permission checks (development only).
    package var allowInsecure = false
    /// The plugin lock: while one exists, only pinned files load.
    package var lock: LockState = .none
    /// Compute every file's SHA-256, lock or not (an in-process start-up does, so `viper plugins --lock` has each digest).
    package var alwaysHash = false
    /// `dlopen` a sealed in-memory copy of the checked file, not the file (``PluginLoader/snapshot(_:descriptor:stamp:sha256:)``):
    /// a session's runtime (isolated scanning) and every reload do, so a plugin file written in place cannot change a running image.
    package var snapshot = false

    package init(allowInsecure: Bool = false, lock: LockState = .none, alwaysHash: Bool = false, snapshot: Bool = false) {
        self.allowInsecure = allowInsecure
        self.lock = lock
        self.alwaysHash = alwaysHash
        self.snapshot = snapshot
    }
}

/// A SHA-256 already computed for one version of a file (from the scan), so loading
/// the same unchanged file does not hash it again.
package struct KnownDigest: Hashable {
    package let stamp: FileStamp
    package let sha256: String

    package init(stamp: FileStamp, sha256: String) {
        self.stamp = stamp
        self.sha256 = sha256
    }
}

/// Opens plugin files with `dlopen` and runs their entry points, following the
/// rules in docs/ARCHITECTURE.md (fact 4): absolute paths, `RTLD_NODELETE`, never `dlclose`, each file once.
///
/// Nothing can swap the file between the checks and the load: the loader opens it once,
/// checks that descriptor (`fstat`: owner and mode; ELF headers; what it links; its
/// SHA-256 against the lock) and hands the same descriptor to `dlopen` as
/// `/proc/self/fd/N`. Messages name the file as it was found. Each `dlopen` gets a name
/// no other call in the process used (see ``loadName(descriptor:path:)``): the dynamic
/// loader remembers every name an image was opened by, and a reused one would return
/// that image for whatever file now has the number.
package final class PluginLoader {
    package typealias ABIFunction = @convention(c) () -> UInt32
    package typealias EntryFunction = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    package static let abiSymbol = "viper_plugin_abi"
    package static let entrySymbol = "viper_plugin_entry"

    package let hostVersion: ContractsVersion
    package let policy: LoadPolicy
    /// Plugin names already registered, with the file that registered them.
    package private(set) var loadedNames: [String: String] = [:]
    /// Files already opened (device and inode): opening twice would run the entry twice.
    private var openedFiles: Set<FileIdentity> = []
    /// How many names ``loadName(descriptor:path:)`` handed out in this process.
    nonisolated(unsafe) static var namesGiven: UInt64 = 0
    static let namesLock = NSLock()
    /// The stamp and digest of the file the last ``load(_:known:)`` opened, loaded or not
    /// (the scanner reports them, so the cache knows a refused file's digest too).
    package private(set) var lastExamined: KnownDigest?
    /// A descriptor already open on the next file to load (the scanner's prescan kept it,
    /// ``PreopenedFiles``), used once instead of opening the path, and closed like one opened here.
    package var opened: Int32?
    /// The installed contract libraries: loaded before a plugin that links one, and checked against it.
    package var contractLibraries = ContractLibraryCatalog()
    /// The stamp the next ``load(_:known:)`` expects of the file it opens (what the scan saw,
    /// for a lazy load); a file with another stamp is refused with ``PluginLoadError/Code/changedSinceScan``
    /// before anything of it runs, so the caller can scan it again first.
    package var expectedStamp: FileStamp?
    /// Folder verdicts shared by the loaders of one scanner child (``ScanMode``); nil checks every folder each time.
    package var folderVerdicts: FolderVerdicts?
    /// Test hook: runs after every check passed, just before `dlopen` (tests swap the file here).
    package var beforeOpening: ((PluginFile) -> Void)?

    package init(hostVersion: ContractsVersion = .current, policy: LoadPolicy = LoadPolicy()) {
        self.hostVersion = hostVersion
        self.policy = policy
    }

    /// Loads `file`. `known` is the digest the scan computed for it, used instead of
    /// hashing again when the open file still has the same stamp.
    package func load(_ file: PluginFile, known: KnownDigest? = nil) -> Result<LoadedPlugin, PluginLoadError> {
        lastExamined = nil
        let given = opened
        opened = nil
        let descriptor = given ?? Self.openReadOnly(file.path)
        guard descriptor >= 0 else { return .failure(Self.openFailure(file, code: errno)) }
        defer { close(descriptor) }
        let began = PluginClock.now()
        do throws(PluginLoadError) {
            let checked = try checkFile(file, descriptor: descriptor, known: known)
            let image = policy.snapshot ? try snapshot(file.path, descriptor: descriptor, stamp: checked.stamp, sha256: checked.sha256) : descriptor
            defer { if image != descriptor { close(image) } }
            let declared = try checkImage(file.path, descriptor: image, size: checked.size)
            // RTLD_LOCAL keeps each plugin's symbols to itself; RTLD_NODELETE because a
            // Swift image must never be unmapped (the runtime keeps pointers into it).
            beforeOpening?(file)
            let (handle, version) = try openImage(file.path, descriptor: image, declared: declared)
            var timing = LoadTiming()
            timing.opening = PluginClock.now() &- began
            var mapped = stat()
            if fstat(image, &mapped) == 0 {
                timing.imageDevice = UInt64(mapped.st_dev)
                timing.imageInode = UInt64(mapped.st_ino)
            }
            let loaded = try register(file, handle: handle, version: version, checked: checked)
            timing.entry = loaded.timing.entry
            loaded.timing = timing
            return .success(loaded)
        } catch {
            return .failure(error)
        }
    }

    /// What the checks of the open file found, for the load that follows.
    private struct CheckedFile {
        let stamp: FileStamp
        /// Set when the policy asked for the digest.
        let sha256: String?
        let size: UInt64
    }

    /// The open file passes ``PreOpenCheck`` (a regular file, trusted, pinned when a lock is in
    /// force: the checks a contract library passes too), and is the file the scan saw, not loaded before.
    private func checkFile(_ file: PluginFile, descriptor: Int32, known: KnownDigest?) throws(PluginLoadError) -> CheckedFile {
        let path = file.path
        let folderVerdicts = folderVerdicts
        let checked: PreOpenCheck.File
        do throws(PreOpenCheck.Refusal) {
            checked = try PreOpenCheck.file(
                path, folder: file.folder.path, descriptor: descriptor, noun: "plugin", allowInsecure: policy.allowInsecure,
                folderProblem: folderVerdicts.map { verdicts in { verdicts.problem(path: path, root: file.folder.path) } },
                lock: policy.lock, hash: policy.alwaysHash,
                digest: { info in known.flatMap { $0.stamp == FileStamp(path: path, info: info) ? $0.sha256 : nil } })
        } catch {
            throw Self.loadError(error, path: path)
        }
        let info = checked.info
        let stamp = FileStamp(path: path, info: info)
        lastExamined = checked.sha256.map { KnownDigest(stamp: stamp, sha256: $0) }
        if let expectedStamp, expectedStamp != stamp {
            throw PluginLoadError(.changedSinceScan, path: path, message: "changed since it was scanned; scan it again before loading it")
        }
        guard openedFiles.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
            throw PluginLoadError(.alreadyLoaded, path: path, message: "already loaded (same file as one found earlier); nothing to do")
        }
        return CheckedFile(stamp: stamp, sha256: checked.sha256, size: UInt64(info.st_size))
    }

    /// The plugin's load error for a refusal of ``PreOpenCheck``.
    static func loadError(_ refusal: PreOpenCheck.Refusal, path: String) -> PluginLoadError {
        switch refusal.check {
        case .unreadable: PluginLoadError(.missingFile, path: path, message: refusal.message)
        case .notRegular, .elf: PluginLoadError(.notALibrary, path: path, message: refusal.message)
        case .untrusted: PluginLoadError(.untrusted, path: path, message: refusal.message)
        case .notPinned: PluginLoadError(.notPinned, path: path, message: refusal.message)
        case .linkage: PluginLoadError(.ownContracts, path: path, message: refusal.message)
        }
    }

    /// Runs the plugin's entry point and turns what it registered into a loaded plugin.
    private func register(
        _ file: PluginFile, handle: UnsafeMutableRawPointer, version pluginVersion: ContractsVersion,
        checked: CheckedFile
    ) throws(PluginLoadError) -> LoadedPlugin {
        let path = file.path
        guard let entryPointer = dlsym(handle, Self.entrySymbol) else {
            throw PluginLoadError(
                .missingSymbol, path: path,
                message:
                    "not a viper plugin: it does not export '\(Self.entrySymbol)'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)"
            )
        }
        let entry = unsafeBitCast(entryPointer, to: EntryFunction.self)
        let connection = PluginConnection { [loadedNames] manifest in
            if let other = loadedNames[manifest.name] {
                return "a plugin named '\(manifest.name)' is already loaded from \(other); remove one of the two"
            }
            return Self.checkName(manifest.name)
        }
        connection.checkLibraries = contractLibraries.versionProblem
        let entered = PluginClock.now()
        let status = withExtendedLifetime(connection) {
            PluginExitGuard.run("the plugin at \(path)", "registering (its entry point)") {
                entry(Unmanaged.passUnretained(connection as AnyObject).toOpaque())
            }
        }
        let entryTime = PluginClock.now() &- entered
        connection.registrar?.seal()
        if let refusal = connection.libraryRefusal {
            throw PluginLoadError(.contractLibrary, path: path, message: refusal)
        }
        if let failure = Self.failure(status: status, connection: connection, path: path) {
            throw failure
        }
        guard let manifest = connection.manifest, let registrar = connection.registrar else {
            throw PluginLoadError(
                .entryFailed, path: path, message: "its entry point returned success without registering; call PluginEntry.run from viper_plugin_entry")
        }
        if !registrar.duplicates.isEmpty {
            throw PluginLoadError(
                .duplicateRegistration, path: path,
                message:
                    "plugin '\(manifest.name)' registers \(registrar.duplicates.map(\.description).joined(separator: ", ")) more than once; register each contract and name once"
            )
        }
        loadedNames[manifest.name] = path
        PluginCodeWatch.watcher?.loaded(imageContaining: entryPointer, plugin: manifest.name, version: manifest.version, path: path)
        var descriptorValue = PluginDescriptor(manifest: manifest, contractsVersion: pluginVersion, provides: registrar.provisions)
        descriptorValue.swiftCompiler = connection.compiler
        descriptorValue.contractLibraries = connection.contractLibraries
        let loaded = LoadedPlugin(file: file, descriptor: descriptorValue, registrar: registrar, stamp: checked.stamp, sha256: checked.sha256)
        loaded.timing.entry = entryTime
        return loaded
    }

    /// Why a plugin built for Contracts `version` cannot load in this viper, or nil.
    package func refusal(_ version: ContractsVersion) -> String? {
        hostVersion.canLoad(version)
            ? nil
            : "built for Contracts \(version), but this viper has Contracts \(hostVersion); rebuild the plugin against Contracts \(hostVersion)"
    }
}
