import Contracts
import Foundation
import Testing
import ViperTestSupport

/// ConformanceKit's `viper_conformance_kit` record (in `ExportedSuites.swift`), which `viper check`
/// compares between a suite library and viper before running the suite, is a literal; this reads it
/// (`ContractsVersionAgreementTests` holds it to ``ContractsVersion``).
@Suite struct ConformanceKitRecordTests {
    static let source = "/Contracts/ConformanceKit/Sources/ConformanceKit/Checks/ExportedSuites.swift"

    /// The major and minor of the record's tuple literal `(0x5643_4B54, MAJOR, MINOR)`.
    static func recordedVersion(in source: String) -> (major: Int, minor: Int)? {
        guard let regex = try? NSRegularExpression(pattern: #"\(0x5643_4B54, (\d+), (\d+)\)"#),
              let match = regex.firstMatch(in: source, range: NSRange(source.startIndex..., in: source)),
              let major = Range(match.range(at: 1), in: source).flatMap({ Int(source[$0]) }),
              let minor = Range(match.range(at: 2), in: source).flatMap({ Int(source[$0]) }) else { return nil }
        return (major, minor)
    }

    @Test func aRecordIsReadFromItsLiteral() throws {
        let read = try #require(Self.recordedVersion(in: "let viperConformanceKit: (UInt32, UInt32, UInt32) = (0x5643_4B54, 2, 11)"))
        #expect(read.major == 2 && read.minor == 11)
        #expect(Self.recordedVersion(in: "let viperConformanceKit = (0x1234, 1, 4)") == nil)
    }
}
