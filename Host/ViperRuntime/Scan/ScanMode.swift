import Contracts
import Foundation

/// The child side of crash-isolated scanning: `viper __scan [OPTIONS] [--in FOLDER] PATH...`
/// loads each plugin in turn and writes one JSON line before (`begin`) and after
/// (`result`) each, so the parent knows which plugin was loading if this process dies.
///
/// Options: `--allow-insecure-plugins`; `--lock DIR` (refuse files not pinned in
/// DIR/plugins.lock, before opening them); `--in FOLDER` (the plugin folder of the
/// paths that follow, whose folders must be trusted up to it; default: each file's own folder).
enum ScanMode {
    static let command = "__scan"

    struct Line: Codable {
        var begin: String?
        var result: ScanResult?
    }

    /// The arguments for scanning `files` under `policy` (the lock read from `lockFolder`).
    static func arguments(for files: [PluginFile], allowInsecure: Bool, lockFolder: String?) -> [String] {
        var arguments = [command]
        if allowInsecure { arguments.append("--allow-insecure-plugins") }
        if let lockFolder { arguments += ["--lock", lockFolder] }
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

    static func run(paths arguments: [String]) -> Int32 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var policy = LoadPolicy()
        policy.alwaysHash = true
        var folder: String?
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
            case "--in" where index < arguments.count:
                folder = arguments[index]
                index += 1
                continue
            default:
                break
            }
            let path = argument
            emit(Line(begin: path), encoder)
            // A loader per file: in the scanner every file is judged on its own;
            // duplicate names across files are the parent's concern.
            let file = PluginFile(path: path, folder: PluginFolder(path: folder ?? Paths.parent(path), origin: .flag))
            let loader = PluginLoader(policy: policy)
            let result: ScanResult
            switch loader.load(file) {
            case .success(let plugin):
                result = ScanResult(stamp: plugin.stamp ?? FileStamp.read(path) ?? .missing(path), outcome: .ok(plugin.descriptor),
                                    sha256: plugin.sha256)
            case .failure(let error):
                let seen = loader.lastExamined
                result = ScanResult(stamp: seen?.stamp ?? FileStamp.read(path) ?? .missing(path), outcome: .failed(error.message),
                                    code: error.code, sha256: seen?.sha256)
            }
            emit(Line(result: result), encoder)
        }
        return 0
    }

    private static func emit(_ line: Line, _ encoder: JSONEncoder) {
        guard var data = try? encoder.encode(line) else { return }
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }
}
