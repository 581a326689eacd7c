import Contracts
import Foundation

/// The host's ``Logger``: appends lines to `viper.log` in the data folder, and
/// echoes messages at or above `echoLevel` to standard error.
final class FileLogger: Logger {
    private let lock = NSLock()
    private let handle: FileHandle?
    private let echoLevel: LogLevel?

    init(path: String, echoLevel: LogLevel?) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        self.echoLevel = echoLevel
    }

    func log(_ level: LogLevel, _ message: String, source: String) {
        let stamp = ISO8601DateFormatter().string(from: Date())
        let line = "\(stamp) \(level.rawValue) [\(source)] \(message)\n"
        lock.withLock {
            try? handle?.write(contentsOf: Data(line.utf8))
            if let echoLevel, level >= echoLevel {
                FileHandle.standardError.write(Data("viper: \(level.rawValue): [\(source)] \(message)\n".utf8))
            }
        }
    }
}
