import Foundation
import ViperCore

/// viper's plugin index: a static folder, served as it is (a folder, `file://`, or HTTP on the
/// loopback), modelled on apt's signed `Release` and TUF's snapshot: one small signed file that
/// names the digest of every other.
///
///     index.json            the root (``PluginIndex``): serial, expiry, each plugin file's SHA-256,
///                           who provides each contract, publisher keys, revocations
///     index.json.minisig    its minisign signature by the index key
///     index.pub             the index key (pinned in plugins.lock on first use)
///     plugins/NAME.json     one per plugin (``PluginIndexEntry``): every version with its file,
///                           SHA-256, size, Contracts version, provides, requires, key id, yanked;
///                           a contract library has an entry too (kind "library", named by its module)
///     any/path/lib….so      the plugin files and their .minisig, where the publisher put them
///
/// Invariants a client keeps (``PluginIndexClient``): the root's signature holds under the pinned
/// index key; its serial is not lower than the highest seen (a replayed old index is refused) and
/// it has not expired (a frozen one is refused); every other file matches the digest the root or
/// a plugin file gives; no path leaves the index folder, and no entry is a symbolic link.
package struct PluginIndex: Codable, Equatable {
    /// The one version of the index's files.
    package static let formatVersion = 1
    package static let rootName = "index.json"
    package static let keyName = "index.pub"

    package var format = PluginIndex.formatVersion
    /// Grows with every build; a client refuses a lower one than it has seen.
    package var serial: Int
    /// Seconds since 1970 after which the index is refused (rebuild it to extend).
    package var expires: Int
    /// When it was built (seconds since 1970).
    package var built: Int
    /// Each plugin's file (`plugins/NAME.json`) and its SHA-256, by plugin name.
    package var plugins: [String: PluginFileRef]
    /// The plugins providing each contract (as `viper graph` names it), for resolving `requires`.
    package var providers: [String: [String]]
    /// Publisher public keys (base64 lines) by key id.
    package var publishers: [String: String]
    /// Key ids and SHA-256 digests revoked, each with why.
    package var revokedKeys: [String: String]
    package var revokedDigests: [String: String]

    package struct PluginFileRef: Codable, Equatable {
        package var path: String
        package var sha256: String
        /// A few words of the plugin's summary, for `search`: its newest version's provides.
        package var latest: String
    }
}

/// One plugin's file in the index: every version published.
package struct PluginIndexEntry: Codable, Equatable {
    package var format = PluginIndex.formatVersion
    package var name: String
    package var versions: [Version]

    package struct Version: Codable, Equatable {
        package var version: String
        /// The plugin file, relative to the index folder (its signature is beside it, `.minisig`).
        package var file: String
        package var sha256: String
        package var size: Int
        /// The Contracts version it was built for (`major.minor`).
        package var contracts: String
        package var provides: [String]
        package var requires: [String]
        package var keyID: String
        package var yanked: Bool
        /// "library" for a contract library (provides `library:NAME`, installed beside the plugins); nil for a plugin.
        package var kind: String?
    }
}

/// Version strings compared as numbers, part by part (`1.10.0` after `1.9.2`).
package enum VersionOrder {
    package static func isLower(_ left: String, _ right: String) -> Bool {
        let a = parts(left), b = parts(right)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0, y = index < b.count ? b[index] : 0
            if x != y { return x < y }
        }
        return left < right
    }

    private static func parts(_ version: String) -> [Int] {
        version.split(whereSeparator: { $0 == "." || $0 == "-" }).map { Int($0) ?? 0 }
    }
}
