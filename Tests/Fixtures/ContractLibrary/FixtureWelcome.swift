// A contract library: protocols two separately built plugins share without viper knowing
// them. The tests build it as libFixtureWelcome.so (library evolution, SONAME
// libFixtureWelcome.so) at version 1.__MINOR__, replacing the placeholder, and, to stand for
// a library changed without a new version, with a requirement added in __CHANGE__ and another
// digest in __INTERFACE__ (what the library's API gate would record); the placeholder after
// WelcomeText gives the added requirement a default where a test says so.
import Contracts

/// A service the provider registers and the consumer resolves.
public protocol WelcomeText: AnyObject {
    /// A welcome for `guest`.
    func welcome(_ guest: String) -> String
    __CHANGE__
}
__DEFAULTS__

/// A mark a provider's welcome may carry: no requirement at first; a test adds one in __NOTE__
/// to stand for a library whose protocol gained a requirement its providers implement none of.
public protocol WelcomeNote: AnyObject {
    __NOTE__
}

/// The provider's module; the consumer routes to it by this contract.
public protocol WelcomeScreen: AnyObject {
    /// Who is welcomed.
    var guest: String { get set }
}

/// The version a plugin compiled against this library was built with (emitted into the plugin).
public enum FixtureWelcomeLibrary {
    @_alwaysEmitIntoClient
    public static var compiled: ContractLibraryVersion { ContractLibraryVersion(name: "FixtureWelcome", major: 1, minor: __MINOR__, interface: "__INTERFACE__") }
}

/// What viper reads before loading: the magic word and the packed version (major << 16 | minor).
@used @section("viper_contract_library")
let viperContractLibrary: (UInt32, UInt32) = (0x5643_4C42, 0x0001_000__MINOR__)
