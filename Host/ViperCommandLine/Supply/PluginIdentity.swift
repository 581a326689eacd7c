import Contracts
import Foundation
import ViperCore
import ViperELF
import ViperLoading

/// What a plugin file says it is: its manifest's name and version, its Contracts version, and what
/// it provides and requires. Learned as `viper plugins` learns it: loaded in the crash-isolated
/// scanner (a child process), never in this one.
package struct PluginIdentity {
    package let name: String
    package let version: String
    package let contracts: String
    package let provides: [String]
    /// What it requires: contracts, and each contract library it links as `library:NAME`.
    package let requires: [String]

    /// The prefix of a contract library among what a plugin requires and an index entry provides.
    package static let libraryPrefix = "library:"

    /// The module name and version (`major.minor`) of the contract library at `path`, or nil when it is not one.
    package static func library(at path: String) -> (name: String, version: String)? {
        guard let elf = ContractLibraryELF.sniff(path: path), elf.record != nil, !elf.definesPluginEntry, let packed = elf.packedVersion else {
            return nil
        }
        let file = Paths.lastComponent(path)
        guard file.hasPrefix("lib"), file.hasSuffix(".so"), file.count > 6 else { return nil }
        let version = ContractsVersion(packed: packed)
        return (String(file.dropFirst(3).dropLast(3)), "\(version.major).\(version.minor)")
    }

    /// The Contracts version the file's `.viper_abi` section declares, or nil.
    package static func contractsVersion(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        guard case .version(let version)? = ELFLinkage(descriptor: descriptor, size: UInt64(info.st_size), symbols: false).abiSection else { return nil }
        return "\(version.major).\(version.minor)"
    }

    /// Scans the plugins at `paths` in scanner children; a file that is not a plugin throws one line naming it.
    /// `libraries`: contract libraries the plugins may link (as the plugin folders would supply them).
    package static func scan(_ paths: [String], libraries: [String] = [], environment: [String: String]) throws -> [String: PluginIdentity] {
        // The scanner is viper's own scan mode: this executable, or the viper beside it (viper-bench).
        let me = Paths.realPath("/proc/self/exe") ?? ""
        let executable = Paths.lastComponent(me) == "viper" ? me : Paths.join(Paths.parent(me), "viper")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HostError("cannot find the viper executable to scan the plugins with (looked for \(executable))")
        }
        let timeout = environment["VIPER_SCAN_TIMEOUT"].flatMap(Double.init) ?? 10
        var scanner = PluginScanner(executable: executable, timeout: timeout)
        scanner.libraries = libraries.map { PluginFile(path: $0, folder: PluginFolder(path: Paths.parent($0), origin: .flag)) }
        var identities: [String: PluginIdentity] = [:]
        for (path, result) in scanner.scan(paths) {
            switch result.outcome {
            case .ok(let scanned):
                let descriptor = scanned.descriptor
                identities[path] = PluginIdentity(
                    name: descriptor.manifest.name, version: descriptor.manifest.version,
                    contracts: "\(descriptor.contractsVersion.major).\(descriptor.contractsVersion.minor)",
                    provides: descriptor.provides.map(\.description).sorted(),
                    requires: descriptor.requires.map(\.description).sorted()
                        + descriptor.contractLibraries.map { libraryPrefix + $0.name }.sorted())
            case .failed(let reason), .broken(let reason):
                throw HostError("\(path): not a plugin viper can load (\(reason)); fix it, or sign it with --plain")
            }
        }
        return identities
    }

    /// Scans one plugin.
    package static func scan(_ path: String, libraries: [String] = [], environment: [String: String]) throws -> PluginIdentity {
        guard let identity = try scan([path], libraries: libraries, environment: environment)[path] else {
            throw HostError("\(path): the scanner gave no answer for it; check the file")
        }
        return identity
    }
}
