import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime
@testable import ViperFuzz
import ViperTestSupport

/// A short seeded round of `viper-fuzz` over every input the host reads
/// (the long round is documented in Tests/Fixtures/Fuzz/README.md), and the bugs it found,
/// each kept as a test of its own.
@Suite(.tags(.slow)) struct FuzzTests {
    /// The seed of the round in the suite: fixed, so a failure here is the same failure everywhere.
    static let seed = ProcessInfo.processInfo.environment["VIPER_FUZZ_SEED"] ?? "20260701"

    private func fuzz(_ targets: [String], seed: String = FuzzTests.seed) throws -> ViperProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let result = try Subprocess.run(BuildProducts.directory + "/viper-fuzz",
                                        targets + ["--seed", seed, "--corpus", BuildProducts.repository + "/Tests/Fixtures/Fuzz"],
                                        environment: environment)
        // A signal shows as its number negated, so `status == 0` cannot pass for a crash.
        return ViperProcess.Result(status: result.exitedNormally ? result.status : -result.status,
                                   stdout: result.stdout, stderr: result.stderr, exitedNormally: result.exitedNormally)
    }

    @Test func aHundredThousandShellLinesEachSucceedOrGetExactlyOneErrorLine() throws {
        let result = try fuzz(["shell=100000"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("shell: 100001 inputs, 0 failure(s)"), "\(result.stdout)")
    }

    @Test func routePathsAndParametersOpenWhatTheyNameOrFailInOneLine() throws {
        let result = try fuzz(["routes=20000"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("routes: 20000 inputs, 0 failure(s)"), "\(result.stdout)")
    }

    @Test func mutatedConfigAndCacheFilesAreUsedOrRefusedAndStartUpCarriesOn() throws {
        let result = try fuzz(["config=200", "cache=25"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("config: 210 inputs, 0 failure(s)"), "\(result.stdout)")
        #expect(result.stdout.contains(", 0 failure(s) (cache read"), "\(result.stdout)")
    }

    @Test func mutatedPluginFilesGoThroughTheScannerAndTheHostListsEach() throws {
        let result = try fuzz(["elf=60"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("elf: 60 inputs, 0 failure(s)"), "\(result.stdout)")
    }

    @Test func theSameSeedGivesTheSameRoundAndAnotherSeedAnother() throws {
        let first = try fuzz(["routes=3000"], seed: "7")
        let again = try fuzz(["routes=3000"], seed: "7")
        let other = try fuzz(["routes=3000"], seed: "8")
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
    }

    @Test func aFuzzerThatMeetsABrokenPropertySaysWhichInputAndExitsOne() throws {
        let report = FuzzReport(target: "shell")
        report.tried("rejected")
        report.fail("a rejected line printed 2 error lines instead of one", input: "open \u{1B}[31m")
        #expect(report.summary == "shell: 1 inputs, 1 failure(s) (rejected 1)")
        #expect(report.failureLines == [#"shell: a rejected line printed 2 error lines instead of one for input "open \u{1b}[31m""#])
        let usage = try fuzz(["nosuch=1"])
        #expect(usage.status == 64)
        #expect(usage.stdout == "viper-fuzz: unknown argument 'nosuch=1'; see 'viper-fuzz --help'\n")
    }

    // MARK: What the fuzzer found

    @Test func aPercentEncodedByteOrderMarkIsKeptNotDropped() throws {
        // removingPercentEncoding dropped a leading U+FEFF: `open todo/%EF%BB%BF` lost its value.
        #expect(try RoutePath(parsing: "notes/%EF%BB%BF").segments == ["notes", "\u{FEFF}"])
        #expect(try RoutePath(parsing: "a?x=%EF%BB%BFy").query == [RoutePath.Query(name: "x", value: "\u{FEFF}y")])
        // Malformed escapes and invalid UTF-8 stay as typed, as before.
        #expect(try RoutePath(parsing: "a/%ZZ/%FF/%4").segments == ["a", "%ZZ", "%FF", "%4"])
        #expect(try RoutePath(parsing: "a/%C3%A9%20b").segments == ["a", "é b"])
    }

    @Test func anEscapeSequenceInARejectedLineNeverReachesTheTerminal() throws {
        let result = try ViperProcess().run([], input: "open \u{1B}]0;pwned\u{07}\nopen hello?x=\u{1B}[2J\u{85}end\n")
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr.debugDescription)")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(result.stderr.debugDescription)")
        #expect(errors.allSatisfy { $0.hasPrefix("error: ") })
    }

    @Test func aMangledSymbolNameInADlopenErrorIsShownOnOneLineAndCut() {
        let garbage = "undefined symbol: " + String(repeating: "\u{1B}[31m\n\u{7}x", count: 200)
        let error = PluginLoadError.fromDlopen(path: "/p/libX.so", dlerror: "/p/libX.so: " + garbage)
        #expect(!error.message.contains(where: { $0.isNewline || $0 == "\u{1B}" || $0 == "\u{7}" }), "\(error.message.debugDescription)")
        #expect(error.message.hasPrefix("cannot load: undefined symbol: ?[31m??x"))
        #expect(error.message.count < 500)
    }
}
