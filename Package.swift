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

/// A bundled plugin, as two targets, so that its tests can link its code without its C symbols:
///
/// - the feature target `<Name>Plugin`, from `Plugins/<Name>`: every module and role, and the
///   `Plugin` type (`package` access, for the entry target). Its tests `@testable import` it. It keeps
///   the name the whole plugin had, so the contracts declared in it keep their names
///   (`GreeterPlugin.HelloInput`), which `viper graph`, `--prefer` and config.json use.
/// - the entry target `<Name>Entry`, from `Plugins/<Name>/Entry`: only the `.viper_abi` record and
///   the two C symbols (`viper_plugin_abi`, `viper_plugin_entry`) that every plugin exports under
///   the same names. SwiftPM accepts a target folder inside another target's folder when the outer
///   target excludes it (without `exclude:` it reports overlapping sources); so each plugin stays
///   one folder.
///
/// The dynamic library product `<Name>Plugin` is built from the entry target and everything it
/// depends on: `lib<Name>Plugin.so`, as before.
/// `also`: system libraries the feature target links (the Account plugin's libcrypto).
/// `cTargets`: C targets in folders of the plugin's own (the Articles plugin's libcurl shim), each
/// excluded from the feature target and linked into it.
func plugin(_ name: String, also: [Target.Dependency] = [], cTargets: [String] = []) -> (product: Product, targets: [Target]) {
    (
        .library(name: "\(name)Plugin", type: .dynamic, targets: ["\(name)Entry"]),
        [
            .target(name: "\(name)Plugin", dependencies: [contracts] + also + cTargets.map { .target(name: $0) },
                    path: "Plugins/\(name)", exclude: ["Entry"] + cTargets),
            .target(name: "\(name)Entry", dependencies: [contracts, .target(name: "\(name)Plugin")],
                    path: "Plugins/\(name)/Entry"),
        ] + cTargets.map { .target(name: $0, path: "Plugins/\(name)/\($0)") }
    )
}

let plugins = [
    plugin("Greeter"),
    plugin("Notes"),
    plugin("NoteStorage"),
    plugin("Account", also: ["CCrypto"]),
    plugin("Todo"),
    plugin("Articles", cTargets: ["CFeedHTTP"]),
]

/// Per-layer tests of a bundled plugin, in `Tests/<Name>PluginTests`, linked with the plugin's feature
/// target and not its entry target: SwiftPM links every test target into one test binary, and the
/// entry targets all export the same C symbols, so only the feature targets may meet there.
/// Their shared test doubles (`SpyScreen`, `MemoryLogger`, `FixedClock`, ...) come from the conformance
/// kit, as a plugin author's tests get them.
func pluginTests(_ name: String, also: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(name)PluginTests",
        dependencies: [.target(name: "\(name)Plugin"), contracts, conformanceKit] + also,
        path: "Tests/\(name)PluginTests"
    )
}

/// Tests of the feature plugins: per layer, and whole sessions of the built `viper` (`FeatureFlowTests`).
let featureTests: [Target] = [
    pluginTests("Notes", also: ["ViperTestSupport"]),
    pluginTests("NoteStorage", also: ["ViperCore", "ViperRuntime"]),
    pluginTests("Account", also: ["ViperTestSupport"]),
    pluginTests("Todo", also: ["ViperCore", "ViperRuntime", "ViperTestSupport"]),
    pluginTests("Articles", also: ["ViperTestSupport"]),
    .testTarget(name: "FeatureFlowTests", dependencies: ["ViperTestSupport"], path: "Tests/FeatureFlowTests"),
    // The one copy of each helper that more than one test target uses (test targets cannot depend
    // on each other): subprocess runner, running shell, temporary folders, fixture server, small disk,
    // view and router spies, stub errors. Doubles the conformance kit has are taken from the kit.
    .target(name: "ViperTestSupport", dependencies: [contracts, conformanceKit], path: "Tests/Support"),
]

// MARK: - Host, by layer
//
// Each layer uses only the layers below it; the compiler enforces it, and
// `LayeringTests` checks from `swift package describe` that the runtime links no
// shell, readline or conformance kit. docs/ARCHITECTURE.md's "Layers" section (under "The map
// of the repository") draws the picture.

/// The pure core: the registry, graph validation, navigation and the route rules, and the
/// marks that name the plugin whose code runs. It reads no file and starts no process, so
/// everything in it is tested in memory (`ViperCoreTests`), and an embedder could route
/// modules with it alone.
///
/// Folders, lowest first (a folder uses only those before it; `FolderLayeringTests` checks):
/// Text, Errors, Routes, Registry, Validation, Navigation.
let core: Target = .target(
    name: "ViperCore",
    dependencies: [contracts, "CThreadLocal"],
    path: "Host/ViperCore"
)

/// The one ELF reader: a plugin or contract library read as a file before `dlopen` (its
/// sections and segments, what it links, its records, its protocol requirements and
/// conformances, its run paths). It opens the files it is given and nothing else, and uses
/// the core only for its printable text, so it is tested on bytes alone.
let elf: Target = .target(
    name: "ViperELF",
    dependencies: [contracts, "ViperCore"],
    path: "Host/ViperELF"
)

/// Plugin acquisition: finding plugin files, the checks made before `dlopen` (over the ELF
/// reader), trust and pinning (`plugins.lock`), the crash-isolated scanner and the descriptor
/// cache, the loader. Everything that touches a plugin file before it runs lives here, over
/// the core (a scan result is registered into the core's registry).
///
/// Folders, lowest first (a folder uses only those before it; `FolderLayeringTests` checks):
/// Process, Files, Sandbox, Signature, Trust, Loader, Scan.
let loading: Target = .target(
    name: "ViperLoading",
    dependencies: [contracts, "ViperCore", "ViperELF", "CCrypto"],
    path: "Host/ViperLoading"
)

/// The runtime: composes acquisition and the core into a started host (`HostRuntime`:
/// start-up, lazy loading, live reload, the kept graph) with the host services plugins are
/// given (data folder, SQLite databases, clock, logger) and the file watcher.
///
/// Folders, lowest first (a folder uses only those before it; `FolderLayeringTests` checks):
/// Services, Support, Isolation, Runtime.
let runtime: Target = .target(
    name: "ViperRuntime",
    dependencies: [contracts, "ViperCore", "ViperLoading", "CSQLite"],
    path: "Host/ViperRuntime"
)

/// Supervised sessions: the supervisor process, the worker it forks and watches, the page they
/// share, the session journal, crash reports and the crash memory. It sits over acquisition (data
/// folder files, paths) and the core (whose one hook, `PluginCodeWatch`, tells it what plugin code
/// runs), and under the shell, which runs in its workers; the runtime knows nothing of it.
///
/// Built without dynamic exclusivity checks: every command of a supervised session runs its
/// journal writer and page marks, whose state only the worker's main thread touches, and the
/// checks were a third of what supervision added to a navigation command (callgrind, 1.4 k of
/// 4.5 k instructions; docs/benchmarks/notes.md, "The journal row at 1.05×"). Static checks stay.
let supervision: Target = .target(
    name: "ViperSupervision",
    dependencies: [contracts, "ViperCore", "ViperLoading"],
    path: "Host/ViperSupervision",
    swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
)

/// What every `viper` command shares: the way a command declares its options and help and the
/// parser and help made from those declarations, and the commands that need no shell (`plugins`,
/// `doctor`, `graph`, signing and the index).
///
/// Folders, lowest first (a folder uses only those before it; `FolderLayeringTests` checks):
/// Parsing, Reports, Graph, Bisect, Supply, Commands.
let commandLine: Target = .target(
    name: "ViperCommandLine",
    dependencies: ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperSupervision"],
    path: "Host/ViperCommandLine"
)

/// The interactive shell: readline, the terminal screen and the shell's commands.
let shell: Target = .target(
    name: "ViperShell",
    dependencies: ["ViperCore", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "CReadline"],
    path: "Host/ViperShell"
)

// MARK: - Developer tools
//
// What only a plugin author or a maintainer runs. Only `viper check` links the
// conformance kit.

/// `viper new`, `viper sdk`, `viper install`: generators and the installed SDK.
let kit: Target = .target(
    name: "ViperKit",
    dependencies: ["ViperCore", "ViperLoading", "ViperRuntime", "ViperCommandLine"],
    path: "Host/ViperKit"
)

/// `viper check` and its child process: a built plugin against its contracts' suites.
let check: Target = .target(
    name: "ViperCheck",
    dependencies: ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperCommandLine", conformanceKit],
    path: "Host/ViperCheck"
)

/// `viper-bench`'s measurements (ratios against baselines measured in the same run).
let bench: Target = .target(
    name: "ViperBench",
    dependencies: ["ViperCore", "ViperLoading", "ViperRuntime", "ViperCommandLine", "ViperShell"],
    path: "Host/ViperBench"
)

/// `viper-fuzz`'s fuzzers of every input viper reads.
let fuzz: Target = .target(
    name: "ViperFuzz",
    dependencies: ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperShell"],
    path: "Host/ViperFuzz"
)

/// The registry of every `viper` command (`ViperCommands.all`: the parser and help read it), the
/// commands that open the shell (`shell`, `dev`) and `help`: the one target that knows them all.
let commands: Target = .target(
    name: "ViperCommands",
    dependencies: ["ViperCore", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "ViperShell", "ViperKit", "ViperCheck"],
    path: "Host/ViperCommands"
)

// MARK: - Executables: thin, each a `main.swift` over the layers

let executables: [Target] = [
    .executableTarget(name: "viper", dependencies: ["ViperCommands"], path: "Host/viper"),
    .executableTarget(name: "viper-bench", dependencies: ["ViperBench"], path: "Host/viper-bench"),
    .executableTarget(name: "viper-fuzz", dependencies: ["ViperFuzz"], path: "Host/viper-fuzz"),
]

/// The system C libraries the layers above use, each through a small module map.
let systemLibraries: [Target] = [
    .systemLibrary(name: "CSQLite", path: "Host/CSQLite"),
    .systemLibrary(name: "CReadline", path: "Host/CReadline"),
    // libcrypto's SHA-256 for `viper plugins --lock` (libssl-dev; .ci/run installs it).
    .systemLibrary(name: "CCrypto", path: "Host/CCrypto", providers: [.apt(["libssl-dev"])]),
    // One thread-local word, header only (no library): the core's per-thread resolution stack,
    // read without a call into libc on every resolve (Host/CThreadLocal/shim.h says why).
    .systemLibrary(name: "CThreadLocal", path: "Host/CThreadLocal"),
]

// MARK: - Tests of the host
//
// By cost. The unit targets, one per layer, spawn no process and link only their layer and the
// ones below it, so an edit of the shell rebuilds no core test: `swift test --filter
// 'ViperCoreTests|ViperLoadingTests|ViperRuntimeTests|ViperSupervisionTests|ViperShellTests'` is the fast loop
// (CONTRIBUTING.md). `ViperIntegrationTests` runs the built binaries: the shell on pipes and
// pseudo-terminals, scanners, `viper check`, compilers, valgrind. `swift test` runs them all.

/// Test doubles of the core's tests that the tests of the layers above reuse: fake contracts,
/// builders, views and presenters, a fake app over a real navigation stack.
let coreTestSupport: Target = .target(
    name: "ViperCoreTestSupport",
    dependencies: ["ViperCore", contracts, conformanceKit, "ViperTestSupport"],
    path: "Tests/CoreSupport"
)

/// A started runtime over temporary folders (`TestRuntime`), for runtime and integration tests.
let hostTestSupport: Target = .target(
    name: "ViperHostTestSupport",
    dependencies: ["ViperCore", "ViperLoading", "ViperRuntime", contracts, "ViperTestSupport", "ViperCoreTestSupport"],
    path: "Tests/HostSupport"
)

let hostTests: [Target] = [
    .testTarget(
        name: "ViperCoreTests",
        dependencies: ["ViperCore", contracts, conformanceKit, "ViperTestSupport", "ViperCoreTestSupport"],
        path: "Tests/ViperCoreTests"
    ),
    .testTarget(
        name: "ViperLoadingTests",
        dependencies: ["ViperCore", "ViperELF", "ViperLoading", contracts, "ViperTestSupport", "ViperCoreTestSupport"],
        path: "Tests/ViperLoadingTests"
    ),
    .testTarget(
        name: "ViperRuntimeTests",
        dependencies: [
            "ViperCore", "ViperLoading", "ViperRuntime", contracts, conformanceKit,
            "ViperTestSupport", "ViperCoreTestSupport", "ViperHostTestSupport",
        ],
        path: "Tests/ViperRuntimeTests"
    ),
    .testTarget(
        name: "ViperSupervisionTests",
        dependencies: ["ViperCore", "ViperLoading", "ViperSupervision", contracts, "ViperTestSupport"],
        path: "Tests/ViperSupervisionTests"
    ),
    .testTarget(
        name: "ViperShellTests",
        dependencies: [
            "ViperCore", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "ViperShell", contracts,
            "ViperTestSupport", "ViperCoreTestSupport", "ViperHostTestSupport",
        ],
        path: "Tests/ViperShellTests"
    ),
    .testTarget(
        name: "ViperIntegrationTests",
        dependencies: [
            "ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "ViperShell", "ViperKit",
            "ViperCheck", "ViperCommands", "ViperBench", "ViperFuzz", contracts, conformanceKit, "ViperTestSupport", "ViperCoreTestSupport",
            "ViperHostTestSupport",
        ],
        path: "Tests/ViperIntegrationTests"
    ),
    .testTarget(
        name: "ConformanceKitTests",
        dependencies: [conformanceKit, contracts, "ViperTestSupport"],
        path: "Tests/ConformanceKitTests"
    ),
]

/// `VIPER_TESTS=unit swift build --build-tests` (CONTRIBUTING's fast loop): the test product
/// without the targets that drive built binaries (ViperIntegrationTests, FeatureFlowTests). SwiftPM
/// links every test target into one test binary, so leaving them out is what spares an edit in
/// the core the rebuild of their hundreds of files.
let unitTestsOnly = Context.environment["VIPER_TESTS"] == "unit"
let processTests: Set<String> = ["ViperIntegrationTests", "FeatureFlowTests"]

let package = Package(
    name: "viper",
    products: [
        .executable(name: "viper", targets: ["viper"]),
        .executable(name: "viper-bench", targets: ["viper-bench"]),
        .executable(name: "viper-fuzz", targets: ["viper-fuzz"]),
    ] + plugins.map(\.product),
    dependencies: [
        .package(path: "Contracts"),
        .package(path: "Contracts/ConformanceKit"),
    ],
    targets: systemLibraries + [core, elf, loading, runtime, supervision, commandLine, shell, kit, check, commands, bench, fuzz] + executables
        + [coreTestSupport, hostTestSupport] + (hostTests + plugins.flatMap(\.targets) + featureTests).filter {
            !(unitTestsOnly && processTests.contains($0.name))
        },
    swiftLanguageModes: [.v6]
)
