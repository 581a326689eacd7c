// swift-tools-version:6.0
// viper: a host for VIPER feature modules loaded as plugins.
//
// Contracts is a separate package on purpose (docs/ARCHITECTURE.md fact 1): a dynamic
// library target inside this package would be linked statically into every
// target that uses it, and each plugin would get its own copy of the protocols.
import PackageDescription

let contracts: Target.Dependency = .product(name: "Contracts", package: "Contracts")
/// The conformance kit: its own package beside Contracts, for the same reason.
let conformanceKit: Target.Dependency = .product(name: "ConformanceKit", package: "ConformanceKit")

/// A bundled plugin: a dynamic library product named `<Name>Plugin` built from `Plugins/<Name>`.
func plugin(_ name: String) -> (Product, Target) {
    (
        .library(name: "\(name)Plugin", type: .dynamic, targets: ["\(name)Plugin"]),
        .target(name: "\(name)Plugin", dependencies: [contracts], path: "Plugins/\(name)")
    )
}

let plugins = [
    plugin("Greeter"),
    plugin("Notes"),
    plugin("NoteStorage"),
    plugin("Account"),
    plugin("Todo"),
    plugin("Articles"),
]

/// Per-layer tests of a bundled plugin, in `Tests/<Name>PluginTests`, compiled with the plugin's code.
/// Their shared test doubles (`SpyScreen`, `MemoryLogger`, `FixedClock`, ...) come from the conformance
/// kit, as a plugin author's tests get them.
///
/// SwiftPM links every test target into one test binary, and every plugin exports the same two C
/// symbols (`viper_plugin_abi`, `viper_plugin_entry`), so with two plugins in it the linker sees
/// them twice. Tests never call them (they must not load a plugin they are linked with), so any
/// one copy will do.
func pluginTests(_ name: String, also: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(name)PluginTests",
        dependencies: [.target(name: "\(name)Plugin"), contracts, conformanceKit] + also,
        path: "Tests/\(name)PluginTests",
        linkerSettings: [.unsafeFlags(["-Xlinker", "--allow-multiple-definition"])]
    )
}

/// Tests of the feature plugins: per layer, and whole sessions of the built `viper` (`FeatureFlowTests`).
let featureTests: [Target] = [
    pluginTests("Notes", also: ["ViperTestSupport"]),
    pluginTests("NoteStorage", also: ["ViperRuntime"]),
    pluginTests("Account", also: ["ViperTestSupport"]),
    pluginTests("Todo", also: ["ViperRuntime", "ViperTestSupport"]),
    pluginTests("Articles", also: ["ViperTestSupport"]),
    .testTarget(name: "FeatureFlowTests", dependencies: ["ViperTestSupport"], path: "Tests/FeatureFlowTests"),
    // The one copy of each helper that more than one test target uses (test targets cannot depend
    // on each other): subprocess runner, running shell, temporary folders, fixture server, small disk,
    // view and router spies, stub errors. Doubles the conformance kit has are taken from the kit.
    .target(name: "ViperTestSupport", dependencies: [contracts, conformanceKit], path: "Tests/Support"),
]

let package = Package(
    name: "viper",
    products: [
        .executable(name: "viper", targets: ["viper"]),
        .executable(name: "viper-bench", targets: ["viper-bench"]),
        .executable(name: "viper-fuzz", targets: ["viper-fuzz"]),
    ] + plugins.map(\.0),
    dependencies: [
        .package(path: "Contracts"),
        .package(path: "Contracts/ConformanceKit"),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Host/CSQLite"),
        .systemLibrary(name: "CReadline", path: "Host/CReadline"),
        // libcrypto's SHA-256 for `viper plugins --lock` (libssl-dev; .ci/run installs it).
        .systemLibrary(name: "CCrypto", path: "Host/CCrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "ViperRuntime",
            dependencies: [contracts, conformanceKit, "CSQLite", "CReadline", "CCrypto"],
            path: "Host/ViperRuntime"
        ),
        .executableTarget(
            name: "viper",
            dependencies: ["ViperRuntime"],
            path: "Host/viper"
        ),
        .executableTarget(
            name: "viper-bench",
            dependencies: ["ViperRuntime"],
            path: "Host/viper-bench"
        ),
        .executableTarget(
            name: "viper-fuzz",
            dependencies: ["ViperRuntime"],
            path: "Host/viper-fuzz"
        ),
        .testTarget(
            name: "ViperRuntimeTests",
            dependencies: ["ViperRuntime", contracts, conformanceKit, "ViperTestSupport"],
            path: "Tests/ViperRuntimeTests"
        ),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: [conformanceKit, contracts, "ViperTestSupport"],
            path: "Tests/ConformanceKitTests"
        ),
    ] + plugins.map(\.1) + featureTests,
    swiftLanguageModes: [.v5]
)
