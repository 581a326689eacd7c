import Foundation

/// A fresh folder under the system's temporary folder, for one test.
func makeTemporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "note-storage-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
