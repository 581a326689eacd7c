/// The Swift compiler a plugin was built with, as far as Contracts can tell.
///
/// Swift on Linux has no stable ABI between compiler releases, so `viper plugins`
/// shows it beside the host's own. Plugins do not create it: ``PluginEntry/run(_:plugin:compiler:)``
/// records ``compiling`` for them.
public struct SwiftCompilerVersion: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The major version, e.g. `6` for Swift 6.3.
    public let major: Int
    /// The minor version, e.g. `3` for Swift 6.3.
    public let minor: Int

    /// Makes a version from its two parts.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The compiler compiling the *calling* code.
    ///
    /// Its body is emitted into the client on purpose (like `ContractsVersion.compiledPacked`):
    /// `#if compiler` is decided when the plugin is compiled, not when Contracts was. A compiler
    /// newer than the newest one listed here reports that newest one.
    @_alwaysEmitIntoClient
    public static var compiling: SwiftCompilerVersion {
        #if compiler(>=7.0)
        return SwiftCompilerVersion(major: 7, minor: 0)
        #elseif compiler(>=6.5)
        return SwiftCompilerVersion(major: 6, minor: 5)
        #elseif compiler(>=6.4)
        return SwiftCompilerVersion(major: 6, minor: 4)
        #elseif compiler(>=6.3)
        return SwiftCompilerVersion(major: 6, minor: 3)
        #elseif compiler(>=6.2)
        return SwiftCompilerVersion(major: 6, minor: 2)
        #elseif compiler(>=6.1)
        return SwiftCompilerVersion(major: 6, minor: 1)
        #elseif compiler(>=6.0)
        return SwiftCompilerVersion(major: 6, minor: 0)
        #else
        return SwiftCompilerVersion(major: 5, minor: 10)
        #endif
    }

    /// Orders versions by major, then minor.
    public static func < (lhs: SwiftCompilerVersion, rhs: SwiftCompilerVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// `6.3`.
    public var description: String { "\(major).\(minor)" }
}
