import Foundation
import ViperCore

/// A file viper can always make again from the plugin files (the descriptor cache, the kept
/// graph), replaced whole: written to a temporary file beside it, then renamed over it.
///
/// Without `fsync`, on purpose. A reader never sees half a file (the rename is atomic), and
/// each is checked whole when read: if a power cut leaves one empty or torn, the next start
/// warns and rebuilds it, and nothing a user made is lost. Foundation's `createFile` wrote a
/// second temporary file and synced it, about half a millisecond on every start that writes.
package enum RebuildableFile {
    /// Replaces the file at `path` with `bytes`; `what` names it in an error ("the plugin cache").
    /// On failure the old file is untouched and the temporary file removed. Never writes through a
    /// link, and never in a folder others can write (``DataFolderGuard``).
    package static func replace(_ path: String, with bytes: [UInt8], what: String) throws {
        if let problem = DataFolderGuard.writeProblem(Paths.parent(path)) {
            throw HostError("not writing \(what) \(path): \(problem)")
        }
        let temporary = path + ".tmp-\(getpid())"
        if let failure = DataFolderGuard.replace(path, temporary: temporary, with: bytes, what: what) {
            throw failure.message.hasSuffix("permissions") || failure.message.hasPrefix("cannot replace")
                ? failure : HostError(failure.message + "; it is rebuilt on the next start")
        }
    }
}
