import Contracts
import Foundation
import ViperCore

/// How the loader opens a plugin file, names what it loads, and reads why a load failed.
extension PluginLoader {
    /// Opens `path` for reading without blocking on a FIFO; raises the open-file limit once when it is reached.
    static func openReadOnly(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0, errno == EMFILE {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
                limit.rlim_cur = limit.rlim_max
                if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 {
                    return open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                }
            }
            errno = EMFILE
        }
        return descriptor
    }

    /// The name `dlopen` gets for the open `descriptor`: `/proc/self/fd/N` reached by a
    /// path no earlier call got (`./` and `../fd/` steps spell a counter in binary), or
    /// the real path on a system without `/proc` (then the file is checked by path only).
    ///
    /// glibc matches a name against every name of every loaded image before it opens
    /// anything, and adds the name to an image it finds by inode. Descriptor numbers are
    /// reused, so a plain `/proc/self/fd/N` would one day return an image for another
    /// file (seen on a clean clone: every broken-plugin case came back as fixture-good).
    package static func loadName(descriptor: Int32, path: String) -> String {
        var count = namesLock.withLock {
            namesGiven += 1
            return namesGiven
        }
        var name = "/proc/self/fd/"
        while count > 0 {
            name += count & 1 == 1 ? "../fd/" : "./"
            count >>= 1
        }
        name += String(descriptor)
        var info = stat()
        var opened = stat()
        if stat(name, &info) == 0, fstat(descriptor, &opened) == 0, info.st_ino == opened.st_ino, info.st_dev == opened.st_dev {
            return name
        }
        return Paths.realPath(path) ?? path
    }

    /// The error for an entry point's status, or nil when it succeeded.
    static func failure(status: Int32, connection: PluginConnection, path: String) -> PluginLoadError? {
        switch status {
        case PluginEntry.ok:
            return nil
        case PluginEntry.registrationFailed where connection.manifest != nil:
            let name = connection.manifest?.name ?? ""
            return PluginLoadError(
                .entryFailed, path: path,
                message: "plugin '\(name)' failed to register: \(connection.failure ?? "no reason given"); fix the plugin or remove it")
        case PluginEntry.refused where connection.refusal != nil:
            return PluginLoadError(.refused, path: path, message: connection.refusal ?? "")
        case PluginEntry.notAHost:
            return PluginLoadError(
                .entryFailed, path: path,
                message:
                    "its entry point did not recognise this viper (status \(status)); it probably carries its own copy of Contracts: rebuild it linking this viper's libContracts.so"
            )
        default:
            return PluginLoadError(
                .entryFailed, path: path, message: "its entry point reported failure (status \(status)); see the plugin's documentation, or remove it")
        }
    }

    /// A plugin name is lower-case letters, digits and dashes, so it can be typed and used in paths.
    package static func checkName(_ name: String) -> String? {
        // By bytes: any byte outside the set (a non-ASCII one included) makes the name invalid, as any such character does.
        let valid = name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
        if name.isEmpty || !valid || name.hasPrefix("-") {
            return "its manifest name '\(name)' is not valid; use lower-case letters, digits and dashes"
        }
        if name == "host" {
            return "its manifest name 'host' is reserved for viper itself; rename the plugin"
        }
        return nil
    }
}
