import Foundation
import Testing
import ViperTestSupport

/// A provider built against an older contract library than the one installed, followed as the
/// refusals say: "rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0",
/// implementing the requirement its own line names, and doctor is ok with every plugin ready.
@Suite(.tags(.slow)) struct ContractLibraryHintFollowingTests {
    @Test func aProviderRefusedForAnOlderLibraryLoadsOnceRebuiltAgainstTheInstalledOne() throws {
        let installed = try ContractLibraryFixtures.library(minor: 0, changed: true, uncut: true)
        let folder = try ContractLibraryFixtures.pluginFolder([
            try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
            try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", againstMinor: 0, changed: true, uncut: true),
            installed + "/libFixtureWelcome.so",
        ])
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1, "\(refused.output)")
        let own = try #require(Hint.line("libWelcomeProviderPlugin.so: refused: it conforms to FixtureWelcome.WelcomeText", in: refused.stdout), "\(refused.stdout)")
        #expect(own.contains("does not implement its requirement FixtureWelcome.WelcomeText.farewell(Swift.String) -> Swift.String"), "\(own)")
        let consumer = try #require(Hint.line("plugin 'welcome-consumer' is disabled", in: refused.stdout), "\(refused.stdout)")
        #expect(consumer.hasSuffix("rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0"), "\(consumer)")
        try rebuildProvider(against: installed, into: folder)
        let followed = try viper.run(["doctor", "--plugins", folder])
        #expect(followed.status == 0, "\(followed.output)")
        let listing = try viper.run(["plugins", "--plugins", folder]).stdout
        #expect(listing.contains("welcome-provider 1.0.0  [ready]") && listing.contains("welcome-consumer 1.0.0  [ready]"), "\(listing)")
    }

    /// The provider rebuilt against the installed library (the one in the plugin folder), with the
    /// requirement its own line names implemented (the compiler asks for nothing else), copied
    /// over the refused file in `folder`.
    private func rebuildProvider(against installed: String, into folder: String) throws {
        let source = try Fixtures.source("ContractLibrary/WelcomeProviderPlugin.swift").replacingOccurrences(
            of: "final class PoliteWelcome: WelcomeText, WelcomeNote {\n",
            with: "final class PoliteWelcome: WelcomeText, WelcomeNote {\n    func farewell(_ guest: String) -> String { \"Goodbye, \\(guest)\" }\n")
        let build = try TemporaryFolder.make("hint-rebuilt-provider")
        try source.write(toFile: build + "/WelcomeProviderPlugin.swift", atomically: true, encoding: .utf8)
        let compiled = try FixtureCompiler.run(["swiftc", "-emit-library", "-module-name", "WelcomeProviderPlugin", "-parse-as-library",
                                                "-I", BuildProducts.modules, "-I", installed, "-L", BuildProducts.directory, "-lContracts",
                                                "-L", installed, "-lFixtureWelcome", build + "/WelcomeProviderPlugin.swift",
                                                "-o", build + "/libWelcomeProviderPlugin.so"])
        try #require(compiled.status == 0, "\(compiled.output)")
        try FileManager.default.removeItem(atPath: folder + "/libWelcomeProviderPlugin.so")
        try FileManager.default.copyItem(atPath: build + "/libWelcomeProviderPlugin.so", toPath: folder + "/libWelcomeProviderPlugin.so")
    }

    /// A consumer that requires only the library's WelcomeScreen module, which the refused
    /// provider implements besides the WelcomeText service it is refused for: the consumer's line
    /// names the provider from its conformance records; rebuilt as the line says, both are ready.
    @Test func aConsumerOfARefusedProvidersOtherContractIsReadyOnceTheProviderIsRebuiltAsItsLineSays() throws {
        let installed = try ContractLibraryFixtures.library(minor: 0, changed: true, uncut: true)
        let door = try Fixtures.source("ContractLibrary/DoorConsumerPlugin.swift").replacingOccurrences(
            of: "route: RouteSpec(\"door\", summary: \"The door\"), requires: [],",
            with: "route: RouteSpec(\"door\", summary: \"The door\"), requires: [.module(WelcomeScreen.self)],")
        let build = try TemporaryFolder.make("hint-screen-consumer")
        try door.write(toFile: build + "/DoorConsumerPlugin.swift", atomically: true, encoding: .utf8)
        let compiled = try FixtureCompiler.run(["swiftc", "-emit-library", "-module-name", "DoorConsumerPlugin", "-parse-as-library",
                                                "-I", BuildProducts.modules, "-I", installed, "-L", BuildProducts.directory, "-lContracts",
                                                "-L", installed, "-lFixtureWelcome", build + "/DoorConsumerPlugin.swift",
                                                "-o", build + "/libDoorConsumerPlugin.so"])
        try #require(compiled.status == 0, "\(compiled.output)")
        let folder = try ContractLibraryFixtures.pluginFolder([
            try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"), build + "/libDoorConsumerPlugin.so", installed + "/libFixtureWelcome.so",
        ])
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("plugin 'door' is disabled", in: refused.stdout), "\(refused.stdout)")
        #expect(line.contains("requires module FixtureWelcome.WelcomeScreen, which no plugin provides: 'libWelcomeProviderPlugin.so' implements it "
            + "but was refused"), "\(line)")
        #expect(line.hasSuffix("rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0"), "\(line)")
        try rebuildProvider(against: installed, into: folder)
        let followed = try viper.run(["doctor", "--plugins", folder])
        #expect(followed.status == 0, "\(followed.output)")
        let listing = try viper.run(["plugins", "--plugins", folder]).stdout
        #expect(listing.contains("welcome-provider 1.0.0  [ready]") && listing.contains("door 1.0.0  [ready]"), "\(listing)")
    }

    /// The library built as the fixture builds it, but with or without its SONAME.
    private func library(soname: Bool) throws -> String {
        let folder = try TemporaryFolder.make("hint-soname")
        let built = try ContractLibraryFixtures.library(minor: 0)
        let source = try Fixtures.source("ContractLibrary/FixtureWelcome.swift").replacingOccurrences(of: "__MINOR__", with: "0")
            .replacingOccurrences(of: "__CHANGE__", with: "").replacingOccurrences(of: "__NOTE__", with: "")
            .replacingOccurrences(of: "__DEFAULTS__", with: "").replacingOccurrences(of: "__INTERFACE__", with: "5e01d2b7a8f4c693")
        try source.write(toFile: folder + "/FixtureWelcome.swift", atomically: true, encoding: .utf8)
        let compiled = try FixtureCompiler.run(["swiftc", "-emit-library", "-module-name", "FixtureWelcome", "-parse-as-library",
                                                "-enable-library-evolution", "-I", BuildProducts.modules, "-I", built,
                                                "-L", BuildProducts.directory, "-lContracts", folder + "/FixtureWelcome.swift",
                                                "-o", folder + "/libFixtureWelcome.so"]
                                               + (soname ? ["-Xlinker", "-soname", "-Xlinker", "libFixtureWelcome.so"] : []))
        try #require(compiled.status == 0, "\(compiled.output)")
        return folder + "/libFixtureWelcome.so"
    }

    @Test func aContractLibraryWithoutASonameLoadsOnceBuiltWithTheOneTheRefusalNames() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([
            try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"), try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
            try library(soname: false),
        ])
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("refused: a contract library needs a SONAME of the form lib<Module>.so", in: refused.stdout), "\(refused.stdout)")
        #expect(line.contains("libFixtureWelcome.so") && line.hasSuffix("build it with -Xlinker -soname -Xlinker lib<Module>.so"), "\(line)")
        // Built again with those flags, <Module> being FixtureWelcome.
        try FileManager.default.removeItem(atPath: folder + "/libFixtureWelcome.so")
        try FileManager.default.copyItem(atPath: try library(soname: true), toPath: folder + "/libFixtureWelcome.so")
        let followed = try viper.run(["doctor", "--plugins", folder])
        #expect(followed.status == 0, "\(followed.output)")
        let listing = try viper.run(["plugins", "--plugins", folder]).stdout
        #expect(listing.contains("welcome-provider 1.0.0  [ready]") && listing.contains("welcome-consumer 1.0.0  [ready]"), "\(listing)")
    }

    /// A consumer that carries its own copy of FixtureWelcome (linked with the static library), so
    /// it does not name libFixtureWelcome.so, in a folder without it: refused by the version it
    /// records, "install libFixtureWelcome.so 1.0 ... beside the plugin". Installed, it is refused
    /// for its copy, "link libFixtureWelcome.so (-lFixtureWelcome) instead"; rebuilt so, doctor is ok.
    @Test func aPluginWhoseLibraryIsNotInstalledLoadsOnceItIsInstalledAndLinked() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([
            try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
            try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", statically: true),
        ])
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("which is not installed in any plugin folder; install libFixtureWelcome.so 1.0", in: refused.stdout), "\(refused.stdout)")
        #expect(Hint.subject(of: line) == folder + "/libWelcomeConsumerPlugin.so", "\(line)")
        #expect(line.hasSuffix("beside the plugin"), "\(line)")

        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so", toPath: folder + "/libFixtureWelcome.so")
        let copied = try viper.run(["doctor", "--plugins", folder])
        #expect(!copied.output.contains("which is not installed"), "\(copied.output)")
        let copy = try #require(Hint.line("libWelcomeConsumerPlugin.so: refused: it carries its own copy", in: copied.stdout), "\(copied.stdout)")
        #expect(copy.hasSuffix("link libFixtureWelcome.so (-lFixtureWelcome) instead of compiling FixtureWelcome into the plugin"), "\(copy)")

        // Linked with -lFixtureWelcome, as the fixture builds it.
        try FileManager.default.removeItem(atPath: folder + "/libWelcomeConsumerPlugin.so")
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"), toPath: folder + "/libWelcomeConsumerPlugin.so")
        let followed = try viper.run(["doctor", "--plugins", folder])
        #expect(followed.status == 0, "\(followed.output)")
        let listing = try viper.run(["plugins", "--plugins", folder]).stdout
        #expect(listing.contains("welcome-consumer 1.0.0  [ready]") && listing.contains("FixtureWelcome 1.0  [contract library, ready]"), "\(listing)")
    }

    /// A contract library whose viper_contract_library section holds no record (damaged, or
    /// written by hand): refused, "rebuild it from the contract library template"; rebuilt as
    /// the fixture's package builds it (with the template's version record), doctor is ok.
    @Test func aLibraryWithADamagedRecordLoadsOnceRebuiltFromTheTemplate() throws {
        let built = try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"), built])
        let record = try TemporaryFolder.make("library-record") + "/record"
        try Data([1, 2, 3, 4, 5, 6, 7, 8]).write(to: URL(fileURLWithPath: record))
        let objcopy = try FixtureCompiler.run(["objcopy", "--update-section", "viper_contract_library=" + record, folder + "/libFixtureWelcome.so"])
        try #require(objcopy.status == 0, "objcopy failed: \(objcopy.output)")
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("its viper_contract_library section is not a contract library record", in: refused.stdout), "\(refused.stdout)")
        #expect(Hint.subject(of: line) == folder + "/libFixtureWelcome.so", "\(line)")
        #expect(line.hasSuffix("rebuild it from the contract library template ('viper new --contract-library')"), "\(line)")
        // The template's record: FixtureWelcome.swift declares its version as the template does.
        try FileManager.default.removeItem(atPath: folder + "/libFixtureWelcome.so")
        try FileManager.default.copyItem(atPath: built, toPath: folder + "/libFixtureWelcome.so")
        let followed = try viper.run(["doctor", "--plugins", folder])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins", "--plugins", folder]).stdout.contains("FixtureWelcome 1.0  [contract library, ready]"))
    }
}
