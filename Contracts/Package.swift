// swift-tools-version:6.0
// Contracts: the one shared library that the viper host and every plugin link.
// It must stay its own package (see docs/ARCHITECTURE.md fact 1) and be built with library
// evolution so plugins built against an older Contracts keep working.
import PackageDescription

let package = Package(
    name: "Contracts",
    products: [
        .library(name: "Contracts", type: .dynamic, targets: ["Contracts"]),
    ],
    targets: [
        .target(
            name: "Contracts",
            path: "Sources/Contracts",
            swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
