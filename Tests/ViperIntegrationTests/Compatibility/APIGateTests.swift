import Contracts
import Foundation
import Testing
import ViperTestSupport

/// The gate against accidental breaks (`Contracts/API/gate`) and the reference documentation
/// check (`Contracts/API/reference`), run on this build and on edited copies of Contracts.
@Suite(.tags(.slow)) struct APIGateTests {
    private let host = ContractsVersion.current
    private var repository: String { BuildProducts.repository }

    private var baseline: String {
        (try? String(contentsOfFile: repository + "/Contracts/API/BASELINE", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "missing"
    }

    private func gate(_ arguments: [String]) throws -> Subprocess.Result {
        try FixtureCompiler.run([repository + "/Contracts/API/gate"] + arguments)
    }

    @Test func thisBuildKeepsEveryPromiseOfTheReleasedBaseline() throws {
        let result = try gate(["--modules", BuildProducts.modules])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("gate: Contracts \(host) keeps every promise of the released \(baseline) ("), "\(result.output)")
    }

    @Test func aRenamedFunctionFailsTheGateAndIsNamed() throws {
        let modules = try ModifiedContracts.build([ModifiedContracts.renameCanLoad])
        let result = try gate(["--modules", modules, "--contracts-only"])
        #expect(result.status == 1)
        #expect(result.output.contains("error: ABI breakage: func ContractsVersion.canLoad(_:) has been renamed to func canLoadPlugin(_:)"),
                "\(result.output)")
        #expect(result.output.contains("gate: Contracts \(host) breaks plugins or tests built against Contracts \(baseline) ("))
    }

    @Test func aBreakIsAcceptedWhenTheMajorGoesUp() throws {
        let next = ContractsVersion(major: host.major + 1, minor: 0)
        let modules = try ModifiedContracts.build([ModifiedContracts.renameCanLoad] + ModifiedContracts.claim(next))
        let result = try gate(["--modules", modules, "--contracts-only"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("breaking change(s) accepted: Contracts \(next) is a new major after \(baseline)"))
    }

    @Test func anAdditionNeedsANewMinor() throws {
        let unchanged = try gate(["--modules", try ModifiedContracts.build([ModifiedContracts.addProbe]), "--contracts-only"])
        #expect(unchanged.status == 1)
        #expect(unchanged.output.contains("func gateProbe() is a new API"), "\(unchanged.output)")
        #expect(unchanged.output.contains("raise the minor in ContractsVersion.compiledPacked and rebuild;"), "\(unchanged.output)")
        #expect(unchanged.output.contains("or, if \(baseline) was never released, record this build as \(baseline) again: Contracts/API/gate --recut"),
                "\(unchanged.output)")

        let next = ContractsVersion(major: host.major, minor: host.minor + 1)
        let bumped = try gate(["--modules", try ModifiedContracts.build([ModifiedContracts.addProbe] + ModifiedContracts.claim(next)),
                               "--contracts-only"])
        #expect(bumped.status == 0, "\(bumped.output)")
        #expect(bumped.output.contains("gate: Contracts \(next) keeps every promise of the released \(baseline) (1 addition(s))"))
    }

    /// On a copy of Contracts/API (the gate writes beside itself), so the repository's record stays.
    @Test func recutReplacesTheRecordOfTheBaselinesVersionAndTheGateThenPasses() throws {
        let copy = try TemporaryFolder.make("gate-recut") + "/Contracts"
        let manager = FileManager.default
        try manager.createDirectory(atPath: copy + "/API/\(baseline)", withIntermediateDirectories: true)
        try manager.copyItem(atPath: repository + "/Contracts/API/gate", toPath: copy + "/API/gate")
        try "\(baseline)\n".write(toFile: copy + "/API/BASELINE", atomically: true, encoding: .utf8)
        try "stale".write(toFile: copy + "/API/\(baseline)/Contracts.swiftinterface", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: copy + "/ConformanceKit", withDestinationPath: repository + "/Contracts/ConformanceKit")

        let recut = try FixtureCompiler.run([copy + "/API/gate", "--recut", "--modules", BuildProducts.modules])
        #expect(recut.status == 0, "\(recut.output)")
        #expect(recut.output.contains("gate: Contracts/API/\(host) is now the baseline"), "\(recut.output)")
        let recorded = try String(contentsOfFile: copy + "/API/\(host)/Contracts.swiftinterface", encoding: .utf8)
        #expect(recorded == (try String(contentsOfFile: BuildProducts.modules + "/Contracts.swiftinterface", encoding: .utf8)))
        let checked = try FixtureCompiler.run([copy + "/API/gate", "--modules", BuildProducts.modules])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.hasPrefix("gate: Contracts \(host) keeps every promise of the released \(host) (0 addition(s))"), "\(checked.output)")
    }

    @Test func aMissingModulesFolderIsNamedWithTheFix() throws {
        let result = try gate(["--modules", "/nonexistent/Modules"])
        #expect(result.status == 66)
        #expect(result.output == "gate: no Contracts.swiftinterface in /nonexistent/Modules; build first ('swift build') or name the folder with --modules\n")
    }

    @Test func theReferenceDocumentationBuildsWithoutWarnings() throws {
        let output = NSTemporaryDirectory() + "viper-reference-\(UUID().uuidString)"
        let result = try FixtureCompiler.run([repository + "/Contracts/API/reference", "--modules", BuildProducts.modules,
                                              "--output", output])
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: output + "/data/documentation/contracts/registrar.json"))
    }

    @Test func anUndocumentedPublicSymbolFailsTheReference() throws {
        let modules = try ModifiedContracts.build([ModifiedContracts.addProbe])
        let result = try FixtureCompiler.run([repository + "/Contracts/API/reference", "--modules", modules,
                                              "--output", NSTemporaryDirectory() + "viper-reference-\(UUID().uuidString)"])
        #expect(result.status == 1)
        #expect(result.output.contains("/Contracts/Services/GateProbe.swift:1: gateProbe() has no /// comment"), "\(result.output)")
        #expect(result.output.contains("reference: 1 public symbol(s) without documentation; add a /// summary to each"))
    }
}
