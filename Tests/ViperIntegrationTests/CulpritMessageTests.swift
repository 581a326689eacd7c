import Contracts
import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// Errors that name the culprit and the fix, each with a real plugin binary.
@Suite struct CulpritMessageTests {
    private func culprit(_ name: String) throws -> String {
        try Fixtures.swift("Culprits/\(name).swift", module: name)
    }

    @Test func aBuilderThatThrowsIsNamedWithItsPluginAndModule() throws {
        let plugin = try culprit("ThrowingBuilderPlugin")
        let result = try ViperProcess().run(["--plugins", plugin], input: "open throwing\nquit\n")
        #expect(result.stderr.contains("error: cannot open 'throwing': the builder of module ThrowingScreen in plugin 'fixture-throwing-builder' threw: the disk went away; fix that plugin or report it to its author\n"),
                "\(result.stdout)\(result.stderr)")
    }

    @Test func aContractThePluginDeclaresButNeverRegisteredIsToBeRegistered() throws {
        let plugin = try culprit("ForgetfulPlugin")
        let result = try ViperProcess().run(["doctor", "--plugins", plugin])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ForgetfulPlugin.ForgetfulScreen requires ForgetfulPlugin.ForgetfulStore, which no plugin provides; ForgetfulStore is declared in the plugin's own module ForgetfulPlugin, so register it in fixture-forgetful's register(in:)"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("install a plugin that provides it"), "\(result.stdout)")
    }

    @Test func aPluginThatStopsTheScannerWithAMessageHasItShownWithTheSignal() throws {
        let plugin = try culprit("FatalEntryPlugin")
        let result = try ViperProcess().run(["plugins", "--plugins", plugin])
        let line = result.stdout.split(separator: "\n").first { $0.contains("crashed the scanner with") }
        #expect(line?.contains("crashed the scanner with SIGTRAP (trace/breakpoint trap) after printing '") == true
                || line?.contains("crashed the scanner with SIGILL (illegal instruction) after printing '") == true, "\(result.stdout)")
        #expect(line?.contains("Fatal error: fixture-fatal needs VIPER_FIXTURE_CONFIG' while loading; it is skipped until the file changes") == true,
                "\(result.stdout)")
    }

    @Test func aPluginThatCrashesViperCheckHasItsMessageShownWithTheSignal() throws {
        let plugin = try Fixtures.swift("Kit/CrashingBuilderPlugin.swift", module: "CrashingBuilderPlugin")
        let result = try ViperProcess().run(["check", plugin])
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("fail  [CrashingInput] builds: crashed with SIG") }
        #expect(line?.contains(" after printing '") == true, "\(result.stdout)")
        #expect(line?.contains("Fatal error: Index out of range' while running this check") == true, "\(result.stdout)")
    }

    @Test func theLastWordsStopBeforeTheStackTrace() {
        let text = "warming up\nFile.swift:3: Fatal error: no config\nCurrent stack trace:\n0    libswiftCore.so    0x1 swift_reportError + 33\n\n"
        #expect(ScanWorker.lastWords(text) == "File.swift:3: Fatal error: no config")
        #expect(ScanWorker.lastWords("one\ntwo \n\n") == "two")
        #expect(ScanWorker.lastWords("\n") == nil)
    }

    @Test func aMissingSwiftSymbolIsShownDemangled() throws {
        let source = try Fixtures.source("Culprits/UndefinedSwiftSymbol.c")
        let plugin = try FixtureCompiler.cPlugin(named: "UndefinedSwiftSymbol", source: source,
                                                 extraFlags: ["-DHOST_ABI=\(ContractsVersion.current.packed)u"])
        let result = try ViperProcess().run(["plugins", "--plugins", plugin])
        #expect(result.stdout.contains("undefined symbol: Contracts.missingFunction() -> () ($s9Contracts15missingFunctionyyF); it was built against a different Contracts"),
                "\(result.stdout)")
    }

    @Test func demanglingLeavesOtherWordsAlone() {
        #expect(SwiftDemangler.demangle("$sSi") == "Swift.Int")
        #expect(SwiftDemangler.demangle("malloc") == nil)
        #expect(SwiftDemangler.annotate("undefined symbol: some_c_function") == "undefined symbol: some_c_function")
    }

    @Test func aContractWrittenWithoutItsModuleSuggestsTheFullName() throws {
        let result = try ViperProcess().run(["doctor", "--prefer", "NoteStore=file-notes"])
        #expect(result.stdout.contains("problem: --prefer NoteStore=file-notes: 'NoteStore' is not a route; to choose the provider of Contracts.NoteStore, write --prefer Contracts.NoteStore=file-notes\n"),
                "\(result.stdout)")
    }
}
