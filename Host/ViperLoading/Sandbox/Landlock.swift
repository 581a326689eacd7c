import Foundation

/// Landlock (Linux 5.13 and later), the kernel's own unprivileged file-system and network
/// confinement, through its three system calls (`landlock_create_ruleset`, `landlock_add_rule`,
/// `landlock_restrict_self`). Each ABI version adds rights; a ruleset handles only the rights
/// the running kernel knows, so what it leaves out stays allowed (see ``Sandbox``).
enum Landlock {
    /// File-system rights (`LANDLOCK_ACCESS_FS_*`).
    struct FileRights: OptionSet {
        let rawValue: UInt64
        static let execute = FileRights(rawValue: 1 << 0)
        static let writeFile = FileRights(rawValue: 1 << 1)
        static let readFile = FileRights(rawValue: 1 << 2)
        static let readDirectory = FileRights(rawValue: 1 << 3)
        static let makeCharacterDevice = FileRights(rawValue: 1 << 6)
        static let makeBlockDevice = FileRights(rawValue: 1 << 11)
        static let refer = FileRights(rawValue: 1 << 13)
        static let truncate = FileRights(rawValue: 1 << 14)
        static let ioctlDevice = FileRights(rawValue: 1 << 15)

        /// What a rule may allow on a file that is not a folder.
        static let onFiles: FileRights = [.execute, .writeFile, .readFile, .truncate, .ioctlDevice]
        /// Reading and running: what loading a library needs.
        static let readAndRun: FileRights = [.execute, .readFile, .readDirectory]

        /// Every right the kernel of ABI `version` knows: 1 has bits 0-12, 2 adds `REFER`,
        /// 3 `TRUNCATE`, 5 `IOCTL_DEV`.
        static func handled(abi version: Int) -> FileRights {
            var bits: UInt64 = (1 << 13) - 1
            if version >= 2 { bits |= 1 << 13 }
            if version >= 3 { bits |= 1 << 14 }
            if version >= 5 { bits |= 1 << 15 }
            return FileRights(rawValue: bits)
        }
    }

    /// TCP bind and connect (`LANDLOCK_ACCESS_NET_*`, ABI 4).
    static let tcpBindAndConnect: UInt64 = 0b11
    /// Abstract UNIX sockets and signals outside the sandbox (`LANDLOCK_SCOPE_*`, ABI 6).
    static let abstractSocketsAndSignals: UInt64 = 0b11

    /// The kernel's Landlock ABI version, or nil when it has none (too old, or not enabled at boot).
    static func abiVersion() -> Int? {
        let version = Syscall.call(Syscall.landlockCreateRuleset, 0, 0, 1)  // LANDLOCK_CREATE_RULESET_VERSION
        return version > 0 ? version : nil
    }

    /// A ruleset being built; ``restrict()`` puts this thread (and what it starts) under it.
    final class Ruleset {
        let descriptor: Int32
        let handledFiles: FileRights

        /// A ruleset handling every file right of `abi`, TCP from ABI 4 and scopes from ABI 6.
        convenience init?(abi: Int, allowingNetwork: Bool = false) {
            let files = FileRights.handled(abi: abi)
            let attributes = [files.rawValue, abi >= 4 && !allowingNetwork ? tcpBindAndConnect : 0, abi >= 6 ? abstractSocketsAndSignals : 0]
            self.init(files: files, attributes: Array(attributes.prefix(abi >= 6 ? 3 : abi >= 4 ? 2 : 1)))
        }

        /// A ruleset handling the file rights `files` alone (no network, no scope).
        convenience init?(handlingOnly files: FileRights) {
            self.init(files: files, attributes: [files.rawValue])
        }

        /// A ruleset of `attributes`: the leading fields of `struct landlock_ruleset_attr
        /// { __u64 handled_access_fs, handled_access_net, scoped; }`, as many as the kernel knows.
        private init?(files: FileRights, attributes: [UInt64]) {
            handledFiles = files
            var attributes = attributes
            let made = attributes.withUnsafeMutableBytes {
                Syscall.call(Syscall.landlockCreateRuleset, Int(bitPattern: $0.baseAddress), $0.count, 0)
            }
            guard made >= 0 else { return nil }
            descriptor = Int32(made)
        }

        deinit { close(descriptor) }

        /// `O_PATH` (the same on x86-64 and AArch64), which Swift's Glibc does not import.
        private static let openPath: Int32 = 0o10000000

        /// Allows `rights` beneath `path` (on the file itself when it is not a folder).
        /// A path that does not exist is passed over; returns whether a rule was added.
        @discardableResult
        func allow(_ rights: FileRights, beneath path: String) -> Bool {
            let target = open(path, Self.openPath | O_CLOEXEC)
            guard target >= 0 else { return false }
            defer { close(target) }
            var status = stat()
            guard fstat(target, &status) == 0 else { return false }
            var allowed = rights.intersection(handledFiles)
            if (status.st_mode & S_IFMT) != S_IFDIR { allowed.formIntersection(.onFiles) }
            // struct landlock_path_beneath_attr { __u64 allowed_access; __s32 parent_fd; } __attribute__((packed))
            var attribute = [UInt8](repeating: 0, count: 12)
            withUnsafeBytes(of: allowed.rawValue) { attribute.replaceSubrange(0..<8, with: $0) }
            withUnsafeBytes(of: target) { attribute.replaceSubrange(8..<12, with: $0) }
            let added = attribute.withUnsafeMutableBytes {
                Syscall.call(Syscall.landlockAddRule, Int(descriptor), 1, Int(bitPattern: $0.baseAddress), 0)  // LANDLOCK_RULE_PATH_BENEATH
            }
            return added == 0
        }

        /// Puts the calling thread under the ruleset for good (`no_new_privs` must be set).
        func restrict() -> Bool {
            Syscall.call(Syscall.landlockRestrictSelf, Int(descriptor), 0) == 0
        }
    }
}
