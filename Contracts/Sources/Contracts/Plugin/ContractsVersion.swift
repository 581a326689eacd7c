/// The version of the Contracts ABI: plugins load when the major matches the
/// host's and their minor is not above the host's.
public struct ContractsVersion: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Bumped for changes that break plugins built against an older Contracts.
    public let major: Int
    /// Bumped for additions that older plugins can ignore.
    public let minor: Int

    /// Makes a version from its two parts.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Unpacks a version from the `UInt32` a plugin's `viper_plugin_abi` symbol returns
    /// (major in the high 16 bits, minor in the low 16 bits).
    public init(packed: UInt32) {
        self.init(major: Int(packed >> 16), minor: Int(packed & 0xFFFF))
    }

    /// The packed form, as returned by `viper_plugin_abi`.
    public var packed: UInt32 { UInt32(truncatingIfNeeded: major) << 16 | UInt32(truncatingIfNeeded: minor) & 0xFFFF }

    /// The version of the Contracts library loaded in this process (the host's).
    ///
    /// 1.1 added ``SwiftCompilerVersion`` and ``PluginEntry/run(_:plugin:compiler:)``;
    /// 1.2 added ``ContractLibraryVersion`` and ``Plugin/contractLibraries``;
    /// 1.3 added ``ModuleRemovalHandling``;
    /// 1.4 added ``Provider`` and ``Resolver/provider(_:name:)``;
    /// 1.5 added ``ContractLibraryVersion/interface``, ``RestorableModule`` and ``RouteFailure/Code``;
    /// 1.6 added ``Dependencies``, ``DependencyDeclaration``, ``DependentModuleBuilder``,
    /// ``PasteReceiving``, ``CommandConfirming`` and ``NoteStoreKeepingTimes``;
    /// 1.7 added ``FeedFetching``, ``FeedFetchTask``, ``FeedRequest``, ``FeedResponse``,
    /// ``FeedFetchOutcome``, ``CommandProgress``, ``ModuleRoute``, ``ModuleRoutes``,
    /// ``RouteDeclaration`` and ``RoutingModuleBuilder``;
    /// 1.8 added ``SessionResuming``, ``NoteStoreKeepingTrash``, ``TrashedNote`` and ``NoteSearching``.
    ///
    /// Read from ``compiledPacked`` as compiled into Contracts itself, so the version is
    /// written once.
    public static var current: ContractsVersion { ContractsVersion(packed: compiledPacked) }

    /// The version the *calling* code was compiled against, packed: the one place the
    /// Contracts version is written.
    ///
    /// Its body is emitted into the client, so a plugin that returns it from its
    /// `viper_plugin_abi` symbol reports the Contracts it was built with, not the
    /// one the host happens to have loaded. `Contracts/API/gate` reads the version from
    /// this body in the interface, so it stays in the form `MAJOR << 16 | MINOR`. The
    /// places that must hold a literal copy (section records) are held to it by
    /// `ContractsVersionAgreementTests`.
    @_alwaysEmitIntoClient
    public static var compiledPacked: UInt32 { 1 << 16 | 8 }

    /// Whether a plugin built for `plugin` can be loaded by a host at `self`.
    public func canLoad(_ plugin: ContractsVersion) -> Bool {
        plugin.major == major && plugin.minor <= minor
    }

    public static func < (lhs: ContractsVersion, rhs: ContractsVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { "\(major).\(minor)" }
}
