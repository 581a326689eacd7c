import Contracts
import Foundation

/// A ``DataFolder`` in a new temporary folder, removed when this object goes away.
public final class TemporaryDataFolder: DataFolder {
    /// Absolute path of the folder.
    public let path: String

    /// Creates a new, empty folder under the system's temporary folder.
    public init() throws {
        let base = NSTemporaryDirectory() + "viper-kit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
