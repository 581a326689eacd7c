import Contracts
import Foundation

/// The child side of crash-isolated scanning: `viper __scan PATH...` loads each
/// plugin in turn and writes one JSON line before (`begin`) and after (`result`)
/// each, so the parent knows which plugin was loading if this process dies.
enum ScanMode {
    static let command = "__scan"

    struct Line: Codable {
        var begin: String?
        var result: ScanResult?
    }

    static func run(paths: [String]) -> Int32 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for path in paths {
            emit(Line(begin: path), encoder)
            let stamp = FileStamp.read(path) ?? FileStamp(path: path, size: -1, modifiedNanoseconds: 0, inode: 0, device: 0)
            // A loader per file: in the scanner every file is judged on its own;
            // duplicate names across files are the parent's concern.
            let file = PluginFile(path: path, folder: PluginFolder(path: Paths.parent(path), origin: .flag))
            let outcome: ScanResult.Outcome
            switch PluginLoader().load(file) {
            case .success(let plugin): outcome = .ok(plugin.descriptor)
            case .failure(let error): outcome = .failed(error.message)
            }
            emit(Line(result: ScanResult(stamp: stamp, outcome: outcome)), encoder)
        }
        return 0
    }

    private static func emit(_ line: Line, _ encoder: JSONEncoder) {
        guard var data = try? encoder.encode(line) else { return }
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }
}
