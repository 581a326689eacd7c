import Contracts
import ViperCore
import ViperELF

/// A contract library found in a plugin folder: a Swift library of protocols and value
/// types that plugins share without viper knowing them (docs/PLUGIN_AUTHORS.md, "Contracts
/// of your own"). It is recognised by its `viper_contract_library` section (a magic word and
/// its packed version, read before anything of it runs) and named by its `DT_SONAME`:
/// `libGreetings.so` is the library `Greetings`. A plugin that was linked against it names it
/// in `DT_NEEDED`, and glibc satisfies that entry with the image viper already loaded under
/// that SONAME (ARCHITECTURE.md fact 11), so every plugin shares one copy of its protocols.
package struct ContractLibrary: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        /// Checked; loads before the first plugin that needs it.
        case ready
        /// Loaded into this process.
        case loaded
        /// Refused; `reason` says why, and the plugins that need it are refused too.
        case refused
    }

    /// The Swift module name (`Greetings`); empty when the file has no usable SONAME.
    package let name: String
    /// The SONAME plugins name in `DT_NEEDED` (`libGreetings.so`).
    package let soname: String
    /// The version its record states.
    package let version: ContractsVersion
    /// The file, as found.
    package let path: String
    /// The folder it was found in.
    package let origin: PluginOrigin
    package var status: Status
    /// Why it was refused.
    package var reason: String?

    /// `Greetings 1.2`, or the file name when it has no name.
    package var displayName: String { name.isEmpty ? Paths.lastComponent(path) : "\(name) \(version)" }

    /// The module name a SONAME stands for: `libGreetings.so` → `Greetings`; nil for another form.
    package static func moduleName(soname: String) -> String? {
        guard soname.hasPrefix("lib"), soname.hasSuffix(".so"), soname.count > 6 else { return nil }
        let name = String(soname.dropFirst(3).dropLast(3))
        // ASCII names (every SONAME a plugin links in practice) need no Unicode property tables:
        // the loader asks this for each library each plugin needs.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let first = name.utf8.first, first == UInt8(ascii: "_") || isASCIILetter(first),
                name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || isASCIILetter($0) || (0x30...0x39).contains($0) })
            else { return nil }
            return name
        }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else { return nil }
        return name
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// What is wrong with `elf` as a contract library at `path`, or its name and version.
    package static func identify(_ elf: ContractLibraryELF, path: String) -> Result<(name: String, soname: String, version: ContractsVersion), PluginLoadError>
    {
        guard let packed = elf.packedVersion else {
            return .failure(
                PluginLoadError(
                    .contractLibrary, path: path,
                    message:
                        "refused: its viper_contract_library section is not a contract library record (the magic word and the packed version); rebuild it from the contract library template ('viper new --contract-library')"
                ))
        }
        guard let soname = elf.soname, let name = moduleName(soname: soname) else {
            return .failure(
                PluginLoadError(
                    .contractLibrary, path: path,
                    message:
                        "refused: a contract library needs a SONAME of the form lib<Module>.so (it has \(elf.soname.map { "'\(PrintableText.fileText($0, limit: 80))'" } ?? "none")), or plugins linked against it cannot find it; build it with -Xlinker -soname -Xlinker lib<Module>.so"
                ))
        }
        return .success((name, soname, ContractsVersion(packed: packed)))
    }
}
