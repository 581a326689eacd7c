import Contracts

/// The Contracts version a plugin declares in its `.viper_abi` section: three
/// little-endian `UInt32`s, the magic `0x56495052` ("VIPR"), the major and the minor.
/// The host reads it from the file's section headers, so a plugin built for another
/// Contracts is refused before `dlopen` runs any of its code (its ELF constructors
/// included). A plugin declares it in its entry file, with literal numbers:
///
///     @used @section(".viper_abi")
///     let viperABI: (UInt32, UInt32, UInt32) = (0x56495052, 1, 1)
///
/// Plugins built before the section existed have none; for them the host falls back
/// to the `viper_plugin_abi` function, which can only be called after `dlopen`.
package enum ABISection: Equatable {
    /// The version the section declares.
    case version(ContractsVersion)
    /// The section is there but is not one well-formed record: why.
    case malformed(String)

    /// The section's name.
    package static let name = ".viper_abi"
    /// The first word of the record: "VIPR".
    package static let magic: UInt32 = 0x5649_5052
    /// The size of the record: three `UInt32`s.
    package static let size = 12

    /// Reads the section's bytes.
    package init(_ bytes: [UInt8]) {
        guard bytes.count == Self.size else {
            self = .malformed("it holds \(bytes.count) bytes, not one record of \(Self.size)")
            return
        }
        guard UInt32(littleEndian: bytes, at: 0) == Self.magic else {
            self = .malformed("it does not start with the magic number 0x56495052")
            return
        }
        let major = UInt32(littleEndian: bytes, at: 4), minor = UInt32(littleEndian: bytes, at: 8)
        self = .version(ContractsVersion(major: Int(major), minor: Int(minor)))
    }

    /// The line that refuses a malformed section.
    package static func malformedMessage(_ why: String) -> String {
        "refused: its \(name) section is malformed (\(why)); declare it as in docs/PLUGIN_AUTHORS.md "
            + "(@used @section(\"\(name)\") let viperABI: (UInt32, UInt32, UInt32) = (0x56495052, MAJOR, MINOR)) and rebuild the plugin"
    }

    /// The line that refuses a plugin whose section and `viper_plugin_abi` disagree.
    package static func disagreement(section: ContractsVersion, function: ContractsVersion) -> String {
        "refused: its \(name) section says Contracts \(section), but its viper_plugin_abi returns \(function); "
            + "set the numbers in the section to the Contracts the plugin is built against and rebuild it"
    }
}
