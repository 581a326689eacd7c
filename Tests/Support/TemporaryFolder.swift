import Foundation

/// Fresh folders under the system temporary folder, one per call: the one maker of
/// scratch folders for every test target.
public enum TemporaryFolder {
    /// Creates an empty folder whose name starts with `label` and returns its absolute path.
    public static func make(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "viper-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path as NSString).standardizingPath
    }

    /// Writes `contents` to `folder/name` and returns the path.
    @discardableResult
    public static func write(_ contents: [UInt8], to name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A symbolic link at `folder/name` pointing to `target`; returns the link's path.
    @discardableResult
    public static func link(_ target: String, as name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }
}
