import Contracts
import Foundation
import Testing
import ViperTestSupport

/// The Contracts version is written once, in `ContractsVersion.compiledPacked`; `current` reads it.
/// Section records cannot call code (a section's contents must be a literal), so the places that
/// hold a copy are listed here, in one test, and held to it: a release that raises the version and
/// forgets one of them fails this test, which names the file to change.
///
/// Derived, so not listed: `ContractsVersion.current` (reads `compiledPacked`), the record
/// `viper new` writes (`EntryTemplate`, from `current`; `ABISectionTests`), and the version
/// `Contracts/API/gate` checks (read from `compiledPacked`'s body in the built interface).
@Suite struct ContractsVersionAgreementTests {
    /// A place that holds the version as a literal, and how to read it there.
    struct Place: Sendable {
        let path: String
        let read: @Sendable (String) -> (major: Int, minor: Int)?
    }

    /// Every literal copy of the version that must equal ``ContractsVersion/current``.
    static let places = [
        Place(path: "/Plugins/ABIRecord.swift", read: ABIRecordTests.recordedVersion(in:)),
        Place(path: ConformanceKitRecordTests.source, read: ConformanceKitRecordTests.recordedVersion(in:)),
    ]

    /// The released baseline the API gate compares with; it may lag `current` between releases
    /// (`Contracts/API/gate --cut` moves it), never lead it.
    static let baseline = "/Contracts/API/BASELINE"

    /// `MAJOR << 16 | MINOR`, the body of `compiledPacked` in an interface file.
    static func packedBody(in interface: String) -> (major: Int, minor: Int)? {
        guard let regex = try? NSRegularExpression(pattern: #"get \{ (\d+) << 16 \| (\d+) \}"#),
              let match = regex.firstMatch(in: interface, range: NSRange(interface.startIndex..., in: interface)),
              let major = Range(match.range(at: 1), in: interface).flatMap({ Int(interface[$0]) }),
              let minor = Range(match.range(at: 2), in: interface).flatMap({ Int(interface[$0]) }) else { return nil }
        return (major, minor)
    }

    @Test func everyPlaceThatWritesTheContractsVersionAgreesWithTheOneConstant() throws {
        let current = ContractsVersion.current
        #expect(ContractsVersion(packed: ContractsVersion.compiledPacked) == current,
                "ContractsVersion.current must read compiledPacked, the one place the version is written")

        for place in Self.places {
            let text = try String(contentsOfFile: BuildProducts.repository + place.path, encoding: .utf8)
            let recorded = try #require(place.read(text), "\(place.path) holds no version record")
            #expect(ContractsVersion(major: recorded.major, minor: recorded.minor) == current,
                    "\(place.path) says \(recorded.major).\(recorded.minor), Contracts is \(current); change the record")
        }

        let named = try String(contentsOfFile: BuildProducts.repository + Self.baseline, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = named.split(separator: ".").compactMap { Int($0) }
        try #require(parts.count == 2, "\(Self.baseline) says '\(named)', not MAJOR.MINOR")
        let baseline = ContractsVersion(major: parts[0], minor: parts[1])
        #expect(baseline <= current, "\(Self.baseline) says \(baseline), newer than Contracts \(current); versions only go up")
        let kept = "\(BuildProducts.repository)/Contracts/API/\(named)/Contracts.swiftinterface"
        let interface = try #require(try? String(contentsOfFile: kept, encoding: .utf8),
                                     "\(Self.baseline) names \(named), but Contracts/API/\(named) holds no interface; cut it with Contracts/API/gate --cut")
        let cut = try #require(Self.packedBody(in: interface), "Contracts/API/\(named)/Contracts.swiftinterface has no compiledPacked")
        #expect(ContractsVersion(major: cut.major, minor: cut.minor) == baseline,
                "Contracts/API/\(named) was cut from Contracts \(cut.major).\(cut.minor); cut it again with Contracts/API/gate --cut")
    }

    @Test func theCompiledBodyIsReadFromAnInterface() throws {
        let read = try #require(Self.packedBody(in: "public static var compiledPacked: Swift.UInt32 {\n    get { 2 << 16 | 11 }\n  }"))
        #expect(read.major == 2 && read.minor == 11)
        #expect(Self.packedBody(in: "get { 0x0002_000B }") == nil)
    }
}
