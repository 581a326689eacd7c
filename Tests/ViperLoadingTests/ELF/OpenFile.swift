import Foundation
import Testing

/// Opens `path` read-only and gives `body` the descriptor and the file's size, as start-up's
/// readers get them; fails the test when the file cannot be opened or `fstat` fails.
func withFile<T>(_ path: String, _ body: (Int32, UInt64) -> T) throws -> T {
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var info = stat()
    try #require(fstat(descriptor, &info) == 0)
    return body(descriptor, UInt64(info.st_size))
}
