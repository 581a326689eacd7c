import Contracts
import Foundation

/// Reading and writing the file of `import FILE` and `export FILE`: `~` stands for the home
/// folder, a file that is there is never overwritten, and the write goes through a temporary
/// file in the same folder, so a failed export leaves nothing half written.
enum TodoTxtFile {
    /// `path` with a leading `~` expanded.
    static func expanded(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// The lines of the UTF-8 file at `path`; a ``CommandError`` that names the file and what to do.
    static func lines(at path: String) throws -> [String] {
        let full = expanded(path)
        guard let data = FileManager.default.contents(atPath: full) else {
            throw CommandError("cannot read \(path): no such file, or it may not be read; give the path of a todo.txt file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError("\(path) is not UTF-8 text; save it as UTF-8 and import it again")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// Writes `lines` to the new file `path`; refuses a file that is already there.
    static func write(_ lines: [String], to path: String) throws {
        let full = expanded(path)
        guard !FileManager.default.fileExists(atPath: full) else {
            throw CommandError("\(path) is already there and is kept; give a new file name, or move the old file away first")
        }
        let text = lines.map { $0 + "\n" }.joined()
        let temporary = full + ".viper-export"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw CommandError("cannot write \(path): its folder is missing or may not be written; give another path")
        }
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: full)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandError("cannot write \(path): \(error.localizedDescription); give another path")
        }
    }
}
