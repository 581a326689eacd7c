import Foundation
import Testing
import ViperTestSupport

/// `viper new NAME --contract-library`: the package it writes builds with `swift build` into a
/// library viper recognises as a contract library, with its name and version, and its Suites
/// package builds suites that link the library and run on a provider built separately.
@Suite(.tags(.slow)) struct ContractLibraryTemplateTests {
    @Test func aNewContractLibrarysSuitesLinkItAndRunOnAProvider() throws {
        let folder = try TemporaryFolder.make("new-library")
        let new = try ViperProcess().run(["new", "Greetings", "--contract-library", "--example", "--dir", folder])
        #expect(new.status == 0, "\(new.stderr)")
        let package = folder + "/Greetings"
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains("\"-soname\", \"-Xlinker\", \"libGreetings.so\""), "plugins find it by this SONAME")
        #expect(!manifest.contains("GreetingsSuites"), "the suites are a package of their own, never a target that copies the library")
        // One package build: the suites package builds the library's product too, as a plugin's does.
        let build = try FixtureCompiler.run(["swift", "build"], in: package + "/Suites")
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("is not used by any target"), "every dependency of Suites/ is used: \(build.output)")
        let products = package + "/Suites/.build/debug"
        let installed = try TemporaryFolder.make("new-library-check")
        // The suites are public: a provider's own test can pass them to Conformance.check.
        let test = installed + "/ProviderSuiteUse.swift"
        try "import ConformanceKit\nimport GreetingsSuites\n\nlet suites: [ContractSuite] = greetingsSuites + [serviceSuite]\n"
            .write(toFile: test, atomically: true, encoding: .utf8)
        let sqlite = BuildProducts.repository + "/Contracts/ConformanceKit/Sources/CConformanceSQLite"  // ConformanceKit's C module
        let typecheck = try FixtureCompiler.run(
            ["swiftc", "-typecheck", "-I", products + "/Modules", "-I", products, "-I", sqlite, test], in: installed)
        #expect(typecheck.status == 0, "\(typecheck.output)")
        for file in ["libGreetings.so", "libGreetingsSuites.so"] {
            try FileManager.default.copyItem(atPath: products + "/" + file, toPath: installed + "/" + file)
        }
        let provider = try FixtureCompiler.run(
            ["swiftc", "-emit-library", "-module-name", "GreetingsProviderPlugin", "-parse-as-library",
             "-I", BuildProducts.modules, "-I", products + "/Modules", "-I", products, "-L", BuildProducts.directory, "-lContracts",
             "-L", installed, "-lGreetings", BuildProducts.repository + "/Tests/Fixtures/ContractLibrary/GreetingsProviderPlugin.swift",
             "-o", installed + "/libGreetingsProviderPlugin.so"], in: installed)
        try #require(provider.status == 0, "\(provider.output)")
        let check = try ViperProcess().run(["check", installed + "/libGreetingsProviderPlugin.so"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran Greetings' suite (\(installed)/libGreetingsSuites.so): 1 check(s) on "),
                "\(check.stdout)")
        #expect(check.stdout.contains("] describe-names-the-subject: Greetings' suite\n"), "\(check.stdout)")
        let plugins = try TemporaryFolder.make("new-library-installed")
        try FileManager.default.copyItem(atPath: products + "/libGreetings.so", toPath: plugins + "/libGreetings.so")
        let listing = try ViperProcess().run(["plugins", "--plugins", plugins])
        #expect(listing.stdout.contains("Greetings 1.0  [contract library, ready]"), "\(listing.stdout)")
        #expect(listing.stdout.contains("  used by:   no plugin"), "\(listing.stdout)")
    }

    /// Without --example the suites hold no checks, for the author's own: they build, link the
    /// library, and `viper check` runs them on a provider and says there is no check yet.
    @Test func aNewContractLibrarysSuitesAreEmptyUnlessAskedForTheExample() throws {
        let folder = try TemporaryFolder.make("new-library-blank")
        let new = try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("its suites (Suites/, a package of their own; add a check per promise)"), "\(new.stdout)")
        let package = folder + "/Greetings"
        let suites = try String(contentsOfFile: package + "/Suites/Sources/GreetingsSuites/GreetingsSuites.swift", encoding: .utf8)
        #expect(suites.contains("ContractSuite(for: GreetingsService.self, serviceChecks: [])"), "\(suites)")
        #expect(!suites.contains("ServiceCheck(\""), "no worked check without --example")
        let build = try FixtureCompiler.run(["swift", "build"], in: package + "/Suites")
        try #require(build.status == 0, "\(build.output)")
        let products = package + "/Suites/.build/debug"
        let installed = try TemporaryFolder.make("new-library-blank-check")
        for file in ["libGreetings.so", "libGreetingsSuites.so"] {
            try FileManager.default.copyItem(atPath: products + "/" + file, toPath: installed + "/" + file)
        }
        let provider = try FixtureCompiler.run(
            ["swiftc", "-emit-library", "-module-name", "GreetingsProviderPlugin", "-parse-as-library",
             "-I", BuildProducts.modules, "-I", products + "/Modules", "-I", products, "-L", BuildProducts.directory, "-lContracts",
             "-L", installed, "-lGreetings", BuildProducts.repository + "/Tests/Fixtures/ContractLibrary/GreetingsProviderPlugin.swift",
             "-o", installed + "/libGreetingsProviderPlugin.so"], in: installed)
        try #require(provider.status == 0, "\(provider.output)")
        let check = try ViperProcess().run(["check", installed + "/libGreetingsProviderPlugin.so"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: Greetings' suite (\(installed)/libGreetingsSuites.so) has no check for a contract this plugin provides"),
                "\(check.stdout)")
        let refused = try ViperProcess().run(["new", "service", "Diary", "--example", "--dir", folder])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: --example goes with 'viper new NAME' or 'viper new module NAME --in PATH', not with the service template\n")
    }

    @Test func contractLibraryBelongsToViperNewAndRefusesInTree() throws {
        let elsewhere = try ViperProcess().run(["plugins", "--contract-library"])
        #expect(elsewhere.status == 64)
        #expect(elsewhere.stderr == "viper: option '--contract-library' belongs to 'viper new'\n")
        let folder = try TemporaryFolder.make("new-library-in-tree")
        let inTree = try ViperProcess().run(["new", "Greetings", "--contract-library", "--in-tree", "--dir", folder])
        #expect(inTree.status == 64)
        #expect(inTree.stderr.contains("--contract-library writes a package of its own"), "\(inTree.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
