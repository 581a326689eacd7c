import Contracts
import Foundation
import Testing
import ViperTestSupport

/// Every bundled plugin's `.viper_abi` record comes from one file, `Plugins/ABIRecord.swift`,
/// linked into each entry target; these tests hold every entry target to that file
/// (`ContractsVersionAgreementTests` holds the file to ``ContractsVersion``).
@Suite struct ABIRecordTests {
    static let plugins = ["Greeter", "Notes", "NoteStorage", "Account", "Todo", "Articles"]

    /// The major and minor of the record's tuple literal `(0x5649_5052, MAJOR, MINOR)`.
    static func recordedVersion(in source: String) -> (major: Int, minor: Int)? {
        guard let regex = try? NSRegularExpression(pattern: #"\(0x5649_5052, (\d+), (\d+)\)"#),
              let match = regex.firstMatch(in: source, range: NSRange(source.startIndex..., in: source)),
              let major = Range(match.range(at: 1), in: source).flatMap({ Int(source[$0]) }),
              let minor = Range(match.range(at: 2), in: source).flatMap({ Int(source[$0]) }) else { return nil }
        return (major, minor)
    }

    @Test func everyEntryTargetLinksTheSharedRecordAndStatesNoneOfItsOwn() throws {
        for plugin in Self.plugins {
            let entry = "\(BuildProducts.repository)/Plugins/\(plugin)/Entry"
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: entry + "/ABIRecord.swift")
            #expect(link == "../../ABIRecord.swift", "\(plugin)'s ABIRecord.swift points at \(link)")
            let source = try String(contentsOfFile: "\(entry)/\(plugin)Entry.swift", encoding: .utf8)
            #expect(Self.recordedVersion(in: source) == nil, "\(plugin)Entry.swift states a record of its own")
        }
    }

    @Test func aRecordIsReadFromItsLiteral() throws {
        let read = try #require(Self.recordedVersion(in: "let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 2, 11)"))
        #expect(read.major == 2 && read.minor == 11)
        #expect(Self.recordedVersion(in: "let viperABI = (0x1234, 1, 4)") == nil)
    }
}
