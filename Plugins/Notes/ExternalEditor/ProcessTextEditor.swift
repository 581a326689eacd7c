import Contracts
import Foundation

/// Runs `$VISUAL`, else `$EDITOR`, on a temporary file holding the text (readable by the
/// user alone, removed afterwards) and reads the file back when the editor exits 0. The
/// variable is run by `/bin/sh`, so it may carry arguments (`EDITOR="code --wait"`). The
/// editor shares the terminal: viper waits for it.
final class ProcessTextEditor: ExternalTextEditing {
    private let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// The command to run: VISUAL, then EDITOR, ignoring empty ones.
    var command: String? {
        ["VISUAL", "EDITOR"].lazy.compactMap { self.environment[$0]?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    func edit(_ text: String) throws -> String {
        guard let command else {
            throw CommandError("no editor is set: set VISUAL or EDITOR (e.g. export EDITOR=nano), or write with 'body TEXT' and 'add TEXT'")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("viper-note-\(UUID().uuidString).md").path
        guard FileManager.default.createFile(atPath: path, contents: Data((text.isEmpty ? "" : text + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CommandError("cannot write a temporary file at \(path) for the editor; check the temporary folder (TMPDIR)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            throw CommandError("cannot start the editor '\(command)': \(error)")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError("the editor '\(command)' exited with status \(process.terminationStatus); the note is as it was")
        }
        guard let data = FileManager.default.contents(atPath: path), let edited = String(data: data, encoding: .utf8) else {
            throw CommandError("cannot read back \(path) as UTF-8 text; the note is as it was")
        }
        return edited.hasSuffix("\n") ? String(edited.dropLast()) : edited
    }
}
