// swift-tools-version:6.0
// ConformanceKit: the checks every viper module must pass, for plugin authors'
// tests, for `viper check`, and for CI.
//
// It is its own package beside Contracts on purpose (measured like docs/ARCHITECTURE.md
// fact 1): as a second target inside the Contracts package, it would link the
// Contracts target statically into whatever uses the kit, giving that binary its
// own copy of every protocol. As a package that depends on Contracts' dynamic
// product, it links libContracts.so like everyone else.
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
        .target(
            name: "ConformanceKit",
            dependencies: [.product(name: "Contracts", package: "Contracts")],
            path: "Sources/ConformanceKit"
        ),
    ],
    swiftLanguageModes: [.v5]
)
