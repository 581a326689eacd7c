/// The package `viper new NAME --contract-library` writes: a contract library, the protocols
/// and value types that plugins of different authors share without viper knowing them
/// (docs/PLUGIN_AUTHORS.md, "Contracts of your own"). Placeholders as in ``ModuleName/fill(_:)``.
enum ContractLibraryTemplate {
    /// The files, by path under the package folder. The suites hold no checks unless `example`
    /// asks for the worked ones (a check per contract, run by `viper check` on a provider): an
    /// author writes the checks of their own protocols into the empty suites.
    /// With `services` or `screens` (`--service NAME`, `--screen NAME`), the library declares
    /// those protocols, empty, with an empty suite each, in place of the two placeholder ones.
    static func files(
        contracts: String, example: Bool = false, services: [String] = [],
        screens: [String] = []
    ) -> [(path: String, text: String)] {
        let named = !services.isEmpty || !screens.isEmpty
        return [
            ("Package.swift", manifest(contracts: contracts)), (".gitignore", PackageTemplate.gitignore),
            ("README.md", readme), ("Sources/__Name__/__Name__.swift", named ? namedSource(services: services, screens: screens) : source),
            ("Sources/__Name__/__Name__Library.swift", version),
            (ContractLibraryGateTemplate.path, ContractLibraryGateTemplate.script),
            ("Tests/__Name__Tests/__Name__GateTests.swift", ContractLibraryGateTemplate.test),
            ("Suites/Package.swift", suitesManifest(contracts: contracts)),
            (
                "Suites/Sources/__Name__Suites/__Name__Suites.swift",
                example ? exampleSuites : named ? namedSuites(services: services, screens: screens) : suites
            ),
        ]
    }

    static func manifest(contracts: String) -> String {
        """
        // swift-tools-version:6.0
        // A contract library made by 'viper new --contract-library': protocols and value types that
        // viper plugins share. Like Contracts it is a package of its own (so it is one shared library,
        // never a copy in each plugin), built with library evolution, with the SONAME plugins name.
        import PackageDescription

        let package = Package(
            name: "__Name__",
            products: [
                .library(name: "__Name__", type: .dynamic, targets: ["__Name__"])
            ],
            // The suites of these contracts are a package of their own, Suites/: built here, they would
            // carry a copy of __Name__, whose contracts are other types than a plugin's.
            dependencies: [.package(path: "\(contracts)")],
            targets: [
                .target(
                    name: "__Name__",
                    dependencies: [.product(name: "Contracts", package: "Contracts")],
                    swiftSettings: [.unsafeFlags(["-enable-library-evolution"])],
                    linkerSettings: [.unsafeFlags(["-Xlinker", "-soname", "-Xlinker", "lib__Name__.so"])]
                ),
                // Runs API/gate: the interface is the one its version recorded (see API/gate --help).
                .testTarget(name: "__Name__Tests", dependencies: ["__Name__"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// Suites/Package.swift: the suites as a package that depends on the library by path, as a
    /// plugin does, so lib__Name__Suites.so links lib__Name__.so (`viper check` names a copy).
    static func suitesManifest(contracts: String) -> String {
        """
        // swift-tools-version:6.0
        // The suites of __Name__'s contracts: checks every provider must pass, whoever wrote it.
        // A package of its own that depends on __Name__ by path, as a plugin does, so
        // lib__Name__Suites.so links lib__Name__.so instead of carrying a copy of it.
        import PackageDescription

        let package = Package(
            name: "__Name__Suites",
            products: [
                // lib__Name__Suites.so, which viper check runs on each provider.
                .library(name: "__Name__Suites", type: .dynamic, targets: ["__Name__Suites"]),
                // The same suites for a provider's own test target (README): linked into the test, as
                // ConformanceKit is, so the test holds one copy of the kit.
                .library(name: "__Name__SuiteChecks", targets: ["__Name__Suites"]),
            ],
            dependencies: [
                .package(path: ".."),
                .package(path: "\(contracts)"),
                .package(path: "\(contracts)/ConformanceKit"),
            ],
            targets: [
                .target(
                    name: "__Name__Suites",
                    dependencies: [
                        .product(name: "__Name__", package: "__Name__"),
                        .product(name: "Contracts", package: "Contracts"),
                        .product(name: "ConformanceKit", package: "ConformanceKit"),
                    ]
                )
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    static let source = """
        // The contracts of __Name__: what a provider plugin implements and a consumer plugin uses.
        // Change them as Contracts changes: add (a protocol requirement with a default, a new type)
        // and raise the minor; anything else breaks built plugins, so raise the major.
        import Contracts

        /// A service a provider registers and a consumer resolves.
        public protocol __Name__Service: AnyObject {
            /// One line for `subject`.
            func describe(_ subject: String) -> String
        }

        /// A module's input: a consumer routes to it by this contract, a provider registers it.
        public protocol __Name__Screen: AnyObject {
            /// What the module shows.
            var subject: String { get set }
        }

        """

    static let suites = """
        // The promises of __Name__'s contracts, as checks every provider must pass, whoever wrote it.
        // 'viper check' runs them on each plugin that provides one of the contracts, when
        // lib__Name__Suites.so links lib__Name__.so (build it in a package of its own: README) and
        // sits beside the library or is given with --suites (docs/PLUGIN_AUTHORS.md, "Suites that
        // travel with a contract library"). Add a check per promise: a ServiceCheck makes the
        // service (harness.make) and a ModuleCheck builds the module (harness.build), and each
        // fails with CheckFailure.unless(condition, expected:, happened:, fix:). A ModuleCheck that
        // needs data puts it in place first through harness.services (the real services), then
        // drives the built module as the shell would: appear(), perform("pick 1"), router.calls.
        // 'viper new NAME --contract-library --example' writes one of each.
        import ConformanceKit
        import Contracts
        import __Name__

        /// What every __Name__Service promises.
        public let serviceSuite = ContractSuite(for: __Name__Service.self, serviceChecks: [])

        /// What every module registered as __Name__Screen promises.
        public let screenSuite = ContractSuite(for: __Name__Screen.self, checks: [])

        /// Every suite of __Name__: add each suite you write. 'viper check' runs them through the entry
        /// below; a provider's own test passes them to Conformance.check(..., suites: __name__Suites).
        public let __name__Suites: [ContractSuite] = [serviceSuite, screenSuite]

        /// The entry 'viper check' calls.
        @_cdecl("viper_contract_suites")
        public func viperContractSuites(_ request: UnsafeMutableRawPointer?) -> Int32 {
            ExportedSuites.run(request, suites: __name__Suites)
        }

        """

    static let exampleSuites = """
        // The promises of __Name__'s contracts, as checks every provider must pass, whoever wrote it.
        // 'viper check' runs them on each plugin that provides one of the contracts, when
        // lib__Name__Suites.so links lib__Name__.so (build it in a package of its own: README) and
        // sits beside the library or is given with --suites (docs/PLUGIN_AUTHORS.md, "Suites that
        // travel with a contract library").
        import ConformanceKit
        import Contracts
        import __Name__

        /// What every __Name__Service promises: a description that names its subject.
        public let serviceSuite = ContractSuite(for: __Name__Service.self, serviceChecks: [
            ServiceCheck("describe-names-the-subject") { harness in
                let line = try harness.make(__Name__Service.self).describe("a subject")
                try CheckFailure.unless(line.contains("a subject"), expected: "a line that names 'a subject'", happened: "'\\(line)'",
                                        fix: "put the subject in what describe(_:) returns")
            },
        ])

        /// What every module registered as __Name__Screen promises: it keeps the subject it is given.
        public let screenSuite = ContractSuite(for: __Name__Screen.self, checks: [
            ModuleCheck("subject-is-kept") { harness in
                let screen = try harness.build().input(as: __Name__Screen.self)
                screen.subject = "a subject"
                try CheckFailure.unless(screen.subject == "a subject", expected: "subject 'a subject' after setting it",
                                        happened: "'\\(screen.subject)'", fix: "keep what is set in subject")
            },
        ])

        /// Every suite of __Name__: add each suite you write. 'viper check' runs them through the entry
        /// below; a provider's own test passes them to Conformance.check(..., suites: __name__Suites).
        public let __name__Suites: [ContractSuite] = [serviceSuite, screenSuite]

        /// The entry 'viper check' calls.
        @_cdecl("viper_contract_suites")
        public func viperContractSuites(_ request: UnsafeMutableRawPointer?) -> Int32 {
            ExportedSuites.run(request, suites: __name__Suites)
        }

        """

    static let version = """
        // The version of __Name__, in two places viper reads: keep them equal (API/gate checks).
        // Raise the minor for an addition (a protocol requirement with a default, a new type), the
        // major for anything else, then 'swift build && API/gate --cut': it records the digest below.
        import Contracts

        /// The version of this library. `compiled` is emitted into each plugin that uses it, so it
        /// says what the plugin was built against (version and interface): list it in the plugin's
        /// `contractLibraries`.
        public enum __Name__Library {
            @_alwaysEmitIntoClient
            public static var compiled: ContractLibraryVersion { ContractLibraryVersion(name: "__Name__", major: 1, minor: 0, interface: "") }
        }

        /// What viper reads from the file before loading it: the magic word and the version,
        /// major << 16 | minor. Keep it equal to `compiled`.
        @used @section("viper_contract_library")
        let viperContractLibrary: (UInt32, UInt32) = (0x5643_4C42, 0x0001_0000)

        """

    static let readme = """
        # __Name__

        A viper contract library made by `viper new --contract-library`: the protocols a provider
        plugin implements and a consumer plugin uses, in `Sources/__Name__/__Name__.swift`.

        ```sh
        swift build                                   # .build/debug/lib__Name__.so
        API/gate --cut && swift build                 # record 1.0's interface (once per version)
        swift test                                    # API/gate: the interface is the recorded one
        mkdir -p __plugins__
        cp --remove-destination .build/debug/lib__Name__.so __plugins__/
        ```

        `--remove-destination` puts a new file in place of the old one: a viper that is running (the
        shell, `viper dev`) has the old library mapped, and copying over it would change the code it runs.

        `Suites/` is a package of its own holding the suites of these contracts: checks every provider
        must pass. It depends on this package by path, as a plugin does, so lib__Name__Suites.so links
        lib__Name__.so (a suites target in this package would carry a copy of __Name__, whose contracts
        are other types than a plugin's; `viper check` says so). Build it and run it on a provider:

        ```sh
        cd Suites && swift build                      # Suites/.build/debug/lib__Name__Suites.so
        viper check PLUGIN.so --suites "$PWD/.build/debug/lib__Name__Suites.so"
        ```

        The report says it ran __Name__'s suite. Copied beside the library (a plugin folder too:
        `viper plugins` lists it as a suite library), `viper check` finds it without `--suites` and
        names the library's suite (docs/PLUGIN_AUTHORS.md, "Suites that travel with a contract library"):

        ```sh
        cp --remove-destination .build/debug/lib__Name__Suites.so __plugins__/    # still in Suites/
        ```

        The suites are public, so a provider's own `swift test` can run them too. In the provider's
        `Package.swift`, depend on this folder's `Suites` package by path and give its test target the
        `__Name__SuiteChecks` product (the suites linked into the test, beside its ConformanceKit):

        ```swift
        dependencies: [/* ..., */ .package(path: "PATH/__Name__/Suites")],
        // in the test target's dependencies:
        .product(name: "__Name__SuiteChecks", package: "Suites"),
        ```

        then in a test, `import __Name__Suites` and
        `Conformance.check(XPlugin.self, suites: __name__Suites)`. `viper check` runs them as well.

        A plugin depends on this package by path (`.product(name: "__Name__", package: "__Name__")`),
        imports `__Name__`, and lists `__Name__Library.compiled` in its `contractLibraries`. viper loads
        lib__Name__.so before the plugins that link it, and refuses a plugin when the library is
        missing, older than the one it was built against, or compiled into the plugin.
        `viper plugins` and `viper graph` show the library and who uses it.

        Version: `__Name__Library.compiled` and the `viper_contract_library` record, kept equal, in
        `Sources/__Name__/__Name__Library.swift`. Raise the minor for an addition (a requirement with a
        default, a new type), the major for anything that breaks a built plugin, then `swift build && API/gate --cut`:
        it keeps the interface in `API/<version>/` and records its digest in `compiled`, which every
        plugin built against it carries. viper refuses a provider and a consumer built against one
        version with different interfaces; `swift test` (API/gate) fails before that can happen.
        A version never released (no plugin built against it has left your machine) is cut again
        with `API/gate --recut`; rebuild the plugins built against its old record.

        """
}
