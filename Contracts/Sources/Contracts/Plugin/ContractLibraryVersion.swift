/// A contract library and the version of its interface: the protocols and value types that
/// two plugins share without either of them being part of viper.
///
/// A contract library is a Swift library of its own (library evolution, linked by its
/// provider and consumer plugins as a shared library, installed beside them). It names its
/// version in two places, as Contracts does: a `viper_contract_library` section viper reads
/// from the file, and a ``ContractLibraryVersion`` emitted into the code that uses it, which
/// a plugin lists in ``Plugin/contractLibraries`` so viper knows what it was built against:
///
///     public enum GreetingsLibrary {
///         @_alwaysEmitIntoClient
///         public static var compiled: ContractLibraryVersion { ContractLibraryVersion(name: "Greetings", major: 1, minor: 0) }
///     }
///
///     enum WelcomePlugin: Plugin {
///         static let contractLibraries = [GreetingsLibrary.compiled]
///         ...
///     }
///
/// A plugin loads when the installed library has the same major and a minor not below the
/// one it was built against (the rule Contracts' own version follows, `ContractsVersion.canLoad(_:)`).
///
/// Since Contracts 1.5 a library can also say which interface a version is: ``interface``, a
/// digest of its `.swiftinterface` that its API gate records (`viper new --contract-library`
/// writes the gate). viper refuses a provider and a consumer built against one version with
/// different interfaces: the library changed without a new version.
public struct ContractLibraryVersion: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The library's Swift module name, which is also its file name: `Greetings` is `libGreetings.so`.
    public let name: String
    /// Its version: the major goes up for a change that breaks plugins built against it, the minor for an addition.
    public let version: ContractsVersion
    /// A digest of the library's interface at this version (hexadecimal SHA-256 of its
    /// `.swiftinterface`, as its API gate records it), or nil when the library records none.
    public let interface: String?

    /// Names a contract library at a version.
    public init(name: String, major: Int, minor: Int) {
        self.init(name: name, major: major, minor: minor, interface: nil)
    }

    /// Names a contract library at a version and the digest of its interface (Contracts 1.5).
    public init(name: String, major: Int, minor: Int, interface: String?) {
        self.name = name
        self.version = ContractsVersion(major: major, minor: minor)
        self.interface = interface
    }

    /// `Greetings 1.0`.
    public var description: String { "\(name) \(version)" }
}
