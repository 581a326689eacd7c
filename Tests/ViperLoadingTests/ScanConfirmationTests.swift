import Contracts
import Testing
@testable import ViperLoading

/// Which verdicts of a batch a scanner of the file alone must confirm, and when the two agree
/// (`PluginScanner+Confirm.swift`).
@Suite struct ScanConfirmationTests {
    private func file(_ name: String) -> PluginFile {
        PluginFile(path: "/p/\(name).so", folder: PluginFolder(path: "/p", origin: .flag))
    }

    private func bundled(_ name: String) -> PluginFile {
        PluginFile(path: "/b/\(name).so", folder: PluginFolder(path: "/b", origin: .bundled))
    }

    private func result(_ name: String, _ outcome: ScanResult.Outcome) -> ScanResult {
        ScanResult(stamp: .missing("/p/\(name).so"), outcome: outcome)
    }

    private let ready = ScanResult.Outcome.ok(
        PluginDescriptor(manifest: PluginManifest(name: "a", version: "1.0.0", summary: "a"), contractsVersion: .current, provides: []))

    @Test func aVerdictOtherThanReadyAboutAFileAfterADropInIsASuspect() {
        let batch = PluginScanner.Batch(files: ["a", "b", "c", "d"].map(file), tampered: false, culprit: nil)
        let results = [
            "/p/a.so": result("a", .broken("crashed")), "/p/b.so": result("b", ready),
            "/p/c.so": result("c", .broken("forged")), "/p/d.so": result("d", .failed("refused")),
        ]
        #expect(PluginScanner.suspects(of: batch, in: results).map(\.path) == ["/p/c.so", "/p/d.so"])
    }

    @Test func theFirstFileOfABatchIsNeverASuspect() {
        let batch = PluginScanner.Batch(files: [file("a")], tampered: false, culprit: nil)
        #expect(PluginScanner.suspects(of: batch, in: ["/p/a.so": result("a", .broken("crashed"))]).isEmpty)
    }

    @Test func aFileLoadedAfterOnlyBundledPluginsIsNotASuspect() {
        let batch = PluginScanner.Batch(files: [bundled("x"), bundled("y"), file("a"), file("b")], tampered: false, culprit: nil)
        let results = [
            "/b/y.so": result("y", .broken("crashed")), "/p/a.so": result("a", .broken("hangs")), "/p/b.so": result("b", .broken("forged")),
        ]
        #expect(PluginScanner.suspects(of: batch, in: results).map(\.path) == ["/p/b.so"])
    }

    @Test func aBatchAndALoneScanAgreeOnTheKindOfOutcomeAndOnARefusalsReason() {
        #expect(PluginScanner.agree(result("a", .broken("crashed with SIGABRT")), result("a", .broken("crashed with SIGSEGV"))))
        #expect(PluginScanner.agree(result("a", .failed("not in the lock")), result("a", .failed("not in the lock"))))
        #expect(!PluginScanner.agree(result("a", .failed("forged")), result("a", .failed("not in the lock"))))
        #expect(!PluginScanner.agree(result("a", .broken("forged")), result("a", ready)))
        #expect(!PluginScanner.agree(nil, result("a", ready)))
    }
}
