// swift-tools-version:6.0
// ConformanceKit: the checks every viper module must pass, for plugin authors'
// tests, for `viper check`, and for CI.
//
// It is its own package beside Contracts on purpose (measured like docs/ARCHITECTURE.md
// fact 1): as a second target inside the Contracts package, it would link the
// Contracts target statically into whatever uses the kit, giving that binary its
// own copy of every protocol. As a package that depends on Contracts' dynamic
// product, it links libContracts.so like everyone else.
//
// It links the system's libsqlite3 (libsqlite3-dev) for `TemporaryDatabases`, the
// real-SQLite `DatabaseOpening` double; plugins never do, they reach SQLite through Contracts.
import PackageDescription

let package = Package(
    name: "ConformanceKit",
    products: [
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
    ],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // Its own module name: the host's CSQLite is visible beside it in viper's build.
        .systemLibrary(name: "CConformanceSQLite", path: "Sources/CConformanceSQLite",
                       providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "ConformanceKit",
            dependencies: [.product(name: "Contracts", package: "Contracts"), "CConformanceSQLite"],
            path: "Sources/ConformanceKit"
        ),
    ],
    swiftLanguageModes: [.v6]
)
