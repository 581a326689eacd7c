import Foundation

/// A library file opened only to read its ELF structures, never to load it: what `viper check`
/// and the refused-provider wording read from a file before (or instead of) its `dlopen`.
package enum ELFFile {
    /// `body`'s answer for the file at `path`, given its descriptor (read-only, closed after) and
    /// its size; nil when the file cannot be opened or its size read.
    package static func reading<Answer>(_ path: String, _ body: (_ descriptor: Int32, _ size: UInt64) -> Answer?) -> Answer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return body(descriptor, UInt64(info.st_size))
    }
}
