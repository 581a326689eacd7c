import Foundation

/// Fresh folders under the system temporary folder, one per call: the one maker of
/// scratch folders for every test target. Each is removed when the test process exits: a
/// whole run makes tens of thousands, some holding a package's build (hundreds of MB), and
/// left behind they filled the disk of the machine that runs them.
public enum TemporaryFolder {
    /// Creates an empty folder whose name starts with `label` and returns its absolute path.
    public static func make(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "viper-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let made = (path as NSString).standardizingPath
        made.withCString { name in
            lock.lock()
            defer { lock.unlock() }
            if folders == nil {
                folders = []
                atexit { TemporaryFolder.removeAll() }
            }
            folders?.append(strdup(name))
        }
        return made
    }

    private static let lock = NSLock()
    /// The folders made by this process, as C strings (read at exit, when Swift's state may be
    /// going away).
    nonisolated(unsafe) private static var folders: [UnsafeMutablePointer<CChar>?]?

    /// Removes every folder this process made (at exit). One a test left unreadable is made
    /// readable and tried again; what still cannot be removed is left.
    private static func removeAll() {
        // `VIPER_KEEP_TEST_FOLDERS=1` keeps them, to read what a failed test left.
        if getenv("VIPER_KEEP_TEST_FOLDERS").map({ String(cString: $0) }) == "1" { return }
        lock.lock()
        let made = folders ?? []
        folders = []
        lock.unlock()
        for case let name? in made {
            let path = String(cString: name)
            free(name)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { continue }
            chmod(path, 0o700)
            if let walker = FileManager.default.enumerator(atPath: path) {
                for case let entry as String in walker { chmod(path + "/" + entry, 0o700) }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
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
