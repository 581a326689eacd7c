import Contracts
import Foundation
import ViperCore

/// The child side of crash-isolated scanning: `viper __scan [OPTIONS] [--in FOLDER] PATH...`
/// loads each plugin in turn and writes one line before (`B`, the path) and after
/// (a ``RecordCodec`` result line) each, so the parent knows which plugin was loading
/// if this process dies.
///
/// Options: `--allow-insecure-plugins`; `--lock DIR` (refuse files not pinned in
/// DIR/plugins.lock, before opening them); `--in FOLDER` (the plugin folder of the
/// paths that follow, whose folders must be trusted up to it; default: each file's own folder);
/// `--library PATH` (an installed contract library, checked again and loaded before a plugin that links it);
/// `--sandbox DIR` (scan in a ``Sandbox`` that writes only in DIR, see `ScanMode+Sandbox.swift`).
package enum ScanMode {
    package static let command = "__scan"

    /// The first token of a line announcing the next file.
    package static let beginTag = "B"

    /// A line the child writes.
    package enum Line {
        /// A file begins, at the scanner's monotonic clock (``PluginClock/now()``; 0: not said),
        /// which the parent shares: a plugin's scan time then starts when the scanner began it,
        /// not when the parent read the line (the profile, ``ScanWorker/seconds``).
        case begin(String, at: UInt64 = 0)
        case result(ScanResult)

        package var text: String {
            switch self {
            case .begin(let path, let at):
                var writer = RecordCodec.Writer()
                writer.add(ScanMode.beginTag)
                writer.add(path)
                if at != 0 { writer.add(at) }
                return writer.line
            case .result(let result):
                return RecordCodec.encode(result)
            }
        }

        /// ``text`` as UTF-8 bytes, made without a `String`.
        package var bytes: [UInt8] {
            switch self {
            case .begin(let path, let at):
                var writer = RecordCodec.Writer()
                writer.add(ScanMode.beginTag)
                writer.add(path)
                if at != 0 { writer.add(at) }
                return writer.bytes
            case .result(let result):
                return RecordCodec.encodedBytes(result)
            }
        }

        package init(parsing line: Substring) throws {
            try self.init(parsing: ArraySlice(line.utf8))
        }

        /// Reads a line from its UTF-8 bytes as they came from the pipe (no String is made for the whole line).
        package init(parsing bytes: ArraySlice<UInt8>) throws {
            if bytes.count >= 2, bytes[bytes.startIndex] == UInt8(ascii: "B"), bytes[bytes.startIndex + 1] == 0x09 {
                var reader = RecordCodec.Reader(bytes: bytes)
                _ = try reader.text()
                let path = try reader.text()
                self = .begin(path, at: reader.isAtEnd ? 0 : try reader.integer(UInt64.self))
            } else {
                self = .result(try RecordCodec.decode(bytes: bytes))
            }
        }
    }

    /// The arguments for scanning `files` under `policy` (the lock read from `lockFolder`).
    package static func arguments(
        for files: [PluginFile], allowInsecure: Bool, lockFolder: String?, libraries: [PluginFile] = [],
        sandbox: String? = nil
    ) -> [String] {
        var arguments = [command]
        if let sandbox { arguments += [sandboxOption, sandbox] }
        if allowInsecure { arguments.append("--allow-insecure-plugins") }
        if let lockFolder { arguments += ["--lock", lockFolder] }
        for library in libraries { arguments += ["--library", library.path] }
        var folder: String?
        for file in files {
            if file.folder.path != folder {
                arguments += ["--in", file.folder.path]
                folder = file.folder.path
            }
            // A path that looks like an option is passed after "--in" as-is; paths are absolute.
            arguments.append(file.path)
        }
        return arguments
    }

    /// Scans the files `arguments` name. A forked scanner gets its `seal` from the parent; a
    /// spawned one with ``ScanSeal/option`` reads it from standard input, and ends with status 2,
    /// loading nothing, when it is not there. Without a seal the lines are plain (for a person).
    package static func run(paths arguments: [String], seal given: ScanSeal? = nil) -> Int32 {
        guard let seal = ScanSeal.forScanner(given: given, arguments: arguments) else { return 2 }
        // Files are hashed only while a lock is in force (the loader checks them against it);
        // 'viper plugins --lock' hashes what it pins itself. Hashing every plugin on every
        // scan cost a cold start with many plugins more than loading them.
        var policy = LoadPolicy()
        var folder: String?
        var libraryFiles: [PluginFile] = []
        var libraries: ContractLibraryCatalog?
        let verdicts = FolderVerdicts()
        let preopened = enterSandbox(arguments)  // before the first plugin's constructors run
        let watch = ScanGuard.install(lowest: seal == nil ? 3 : ScanSeal.randomDescriptorFloor())
        let out = watch?.protocolDescriptor ?? STDOUT_FILENO
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--allow-insecure-plugins":
                policy.allowInsecure = true
                continue
            case "--lock" where index < arguments.count:
                policy.lock = LockState.read(folder: arguments[index])
                index += 1
                continue
            case "--library" where index < arguments.count:
                let path = arguments[index]
                libraryFiles.append(PluginFile(path: path, folder: PluginFolder(path: Paths.parent(path), origin: .flag)))
                index += 1
                continue
            case sandboxOption where index < arguments.count:
                index += 1
                continue
            case ScanSeal.option:
                continue
            case "--in" where index < arguments.count:
                folder = arguments[index]
                index += 1
                continue
            default:
                break
            }
            let path = argument
            emit(.begin(path, at: PluginClock.now()), to: out, seal: seal)
            let catalog = libraries ?? ContractLibraryCatalog(libraryFiles, allowInsecure: policy.allowInsecure, lock: policy.lock)
            libraries = catalog
            var result = examine(
                path, in: folder, policy: policy, libraries: catalog, verdicts: verdicts, opened: preopened?.take(path))
            if watch?.isForkedCopy == true { _exit(0) }
            if let finding = watch?.check() {
                emit(.result(ScanResult(stamp: result.stamp, outcome: .broken(finding.reason), sha256: result.sha256)), to: out, seal: seal)
                // Its processes share this scanner's group: the parent ends them with it, and scans the rest anew.
                if finding == .forked { return 0 }
                continue
            }
            if case .ok(let descriptor) = result.outcome, let overflow = RecordCodec.overflow(descriptor) {
                result = ScanResult(stamp: result.stamp, outcome: .failed(overflow), code: .refused, sha256: result.sha256)
            }
            emit(.result(result), to: out, seal: seal)
        }
        return 0
    }

    /// Loads the file at `path` with a loader of its own (in the scanner every file is judged
    /// on its own; duplicate names across files are the parent's concern) and says what happened.
    private static func examine(
        _ path: String, in folder: String?, policy: LoadPolicy, libraries: ContractLibraryCatalog,
        verdicts: FolderVerdicts, opened: Int32? = nil
    ) -> ScanResult {
        let file = PluginFile(path: path, folder: PluginFolder(path: folder ?? Paths.parent(path), origin: .flag))
        let loader = PluginLoader(policy: policy)
        loader.opened = opened  // the prescan's descriptor of this file, if kept (``PreopenedFiles``)
        loader.contractLibraries = libraries
        loader.folderVerdicts = verdicts
        switch loader.load(file) {
        case .success(let plugin):
            return ScanResult(
                stamp: plugin.stamp ?? FileStamp.read(path) ?? .missing(path), outcome: .ok(plugin.descriptor),
                sha256: plugin.sha256)
        case .failure(let error):
            let seen = loader.lastExamined
            return ScanResult(
                stamp: seen?.stamp ?? FileStamp.read(path) ?? .missing(path), outcome: .failed(error.message),
                code: error.code, sha256: seen?.sha256)
        }
    }

    private static func emit(_ line: Line, to descriptor: Int32, seal: ScanSeal?) {
        // Straight to the file descriptor: Foundation's Data(...) casts its argument to find
        // contiguous bytes, a conformance search across every plugin image loaded so far.
        var text: [UInt8] = seal.map { Array($0.text.utf8) + [0x09] } ?? []
        text += line.bytes
        text.append(0x0A)
        if text.count > ScanWorker.longestLine, case .result(let result) = line {
            // The parent takes no longer line (a plugin writing one is tampering): say why instead.
            let reason =
                "describes itself in \(text.count >> 20) MiB, more than the \(ScanWorker.longestLine >> 20) MiB "
                + "a scan record may take; shorten its names and summaries or split it into several plugins"
            return emit(.result(ScanResult(stamp: result.stamp, outcome: .failed(reason), code: .refused, sha256: result.sha256)), to: descriptor, seal: seal)
        }
        text.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
