import Foundation
import Testing
import ViperTestSupport

/// `viper check` runs each contract's suite against a built plugin and names every
/// promise: the bundled providers keep them all, broken fixture plugins fail the
/// one they break.
@Suite(.tags(.slow)) struct SuiteCheckCommandTests {
    private func check(_ library: String, json: Bool = false) throws -> ViperProcess.Result {
        try ViperProcess().run(["check", library] + (json ? ["--json"] : []))
    }

    /// The lines about `subject`, and the summary line.
    private func lines(_ result: ViperProcess.Result, _ subject: String) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { $0.contains("  [\(subject)] ") || $0.contains(" checks: ") }
    }

    /// The broken note store, compiled with `flag` (see the fixture's header).
    private func noteStore(_ flag: String) throws -> String {
        try FixtureCompiler.swiftPlugin(named: "BrokenNoteStore\(flag.isEmpty ? "" : "_" + flag)",
                                        source: Fixtures.source("Kit/BrokenNoteStorePlugin.swift"),
                                        extraFlags: flag.isEmpty ? [] : ["-D", flag])
    }

    @Test func theBundledNoteStoragePassesEveryNoteStorePromiseLineByLine() throws {
        let result = try check(BuildProducts.plugin("NoteStorage"))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(lines(result, "NoteStore") == [
            "pass  [NoteStore] service-resolves",
            "pass  [NoteStore] keeps-writes-across-instances",
            "pass  [NoteStore] reads-back-what-add-returned",
            "pass  [NoteStore] lists-newest-first",
            "pass  [NoteStore] missing-note-reads-as-nil",
            "pass  [NoteStore] update-of-missing-note-throws-and-changes-nothing",
            "pass  [NoteStore] delete-of-missing-note-does-nothing",
            "pass  [NoteStore] trash-gives-a-deleted-note-back-with-its-id",
            "pass  [NoteStore] search-finds-notes-with-every-word",
            "14 checks: 14 passed, 0 failed; note-storage conforms",
        ])
    }

    @Test func aStoreThatForgetsWritesFailsKeepsWritesAcrossInstancesLineByLine() throws {
        let result = try check(try noteStore("FORGETS_WRITES"))
        #expect(result.status == 1)
        #expect(lines(result, "NoteStore") == [
            "pass  [NoteStore] service-resolves",
            "fail  [NoteStore] keeps-writes-across-instances: expected a new instance to find note 1 titled 'Kept and changed', "
                + "but it found no such note; make every write durable before add/update returns",
            "pass  [NoteStore] reads-back-what-add-returned",
            "pass  [NoteStore] lists-newest-first",
            "pass  [NoteStore] missing-note-reads-as-nil",
            "pass  [NoteStore] update-of-missing-note-throws-and-changes-nothing",
            "pass  [NoteStore] delete-of-missing-note-does-nothing",
            "n/a   [NoteStore] trash-gives-a-deleted-note-back-with-its-id: the store does not adopt NoteStoreKeepingTrash",
            "n/a   [NoteStore] search-finds-notes-with-every-word: the store does not adopt NoteSearching",
            "14 checks: 11 passed, 1 failed, 2 not applicable; fixture-note-store does not conform",
        ], "\(result.stdout)")
    }

    @Test func aStoreThatKeepsEveryPromiseConforms() throws {
        let result = try check(try noteStore(""))
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test(arguments: [("OLDEST_FIRST", "lists-newest-first"), ("WRONG_ERROR", "delete-of-missing-note-does-nothing")])
    func aStoreThatBreaksAPromiseIsNamedForIt(flag: String, promise: String) throws {
        let result = try check(try noteStore(flag))
        #expect(result.status == 1)
        let failed = lines(result, "NoteStore").filter { $0.hasPrefix("fail") }
        #expect(failed.count == 1 && failed[0].hasPrefix("fail  [NoteStore] \(promise): expected "), "\(result.stdout)")
    }

    @Test func aTodoStoreThatListsInAddedOrderFailsTheOrderPromise() throws {
        let result = try check(try Fixtures.swift("Kit/ReorderingTodoStorePlugin.swift", module: "ReorderingTodoStorePlugin"))
        #expect(result.status == 1)
        #expect(lines(result, "TodoStore").filter { $0.hasPrefix("fail") } == [
            "fail  [TodoStore] lists-by-due-day-then-added-order: expected items by due day, then in the order they were added "
                + "([\"Early\", \"Late, added first\", \"Late, added second\"]), but it listed "
                + "[\"Late, added first\", \"Early\", \"Late, added second\"]",
        ], "\(result.stdout)")
    }

    @Test func aLoginThatReportsTwiceFailsCancelClosesThenReportsOnce() throws {
        let result = try check(try Fixtures.swift("Kit/TwiceReportingLoginPlugin.swift", module: "TwiceReportingLoginPlugin"))
        #expect(result.status == 1)
        #expect(lines(result, "Login").filter { !$0.hasPrefix("pass") } == [
            "fail  [Login] cancel-closes-then-reports-once: expected exactly one report through output, loginDidCancel, but it reported "
                + "[\"loginDidCancel\", \"loginDidCancel\"]; tell the output once, after closing",
            "18 checks: 17 passed, 1 failed; fixture-twice-login does not conform",
        ], "\(result.stdout)")
    }

    @Test func aContractWithoutASuiteGetsTheGenericChecksAndALineSayingSo() throws {
        let result = try check(BuildProducts.plugin("Greeter"))
        #expect(result.status == 0)
        #expect(lines(result, "HelloInput").suffix(5) == [
            "n/a   [HelloInput] contract-suite: no suite exists for HelloInput in what viper check runs; only the generic checks ran "
                + "(a ContractSuite in the package's tests, as 'viper new' writes, runs in its own 'swift test'; to run one here, "
                + "build it into a suite library and give it with --suites PATH)",
            "pass  [HelloInput] declared-dependencies",
            "pass  [HelloInput] route: 'hello'",
            "pass  [HelloInput] command-names",
            // `declares`, judged across the wire with builds, commands and empty-state, is the one line more.
            "17 checks: 16 passed, 0 failed, 1 not applicable; greeter conforms",
        ], "\(result.stdout)")
    }

    @Test func jsonCarriesEachPromiseWithWhetherItApplied() throws {
        let result = try check(BuildProducts.plugin("Greeter"), json: true)
        struct Report: Decodable {
            struct Check: Decodable {
                let check: String
                let subject: String
                let passed: Bool
                let applicable: Bool
            }
            let conforms: Bool
            let checks: [Check]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.conforms)
        #expect(report.checks.filter { !$0.applicable }.map(\.check) == ["contract-suite"])
    }

    @Test func everyBundledProviderPassesEverySuiteThatApplies() throws {
        let promises = [
            "Account": ["one-instance-per-process", "sign-in-then-sign-out", "sign-in-closes-then-reports-once", "refresh-shows-who-is-signed-in"],
            "Notes": ["lists-notes-newest-first", "reload-shows-changes", "save-reports-to-output"],
            "Todo": ["lists-by-due-day-then-added-order", "save-stores-closes-then-reports-once", "shows-empty-state-when-nothing-is-due"],
            "Articles": ["lists-titles-in-feed-order", "shows-title-and-content", "answers-a-file-with-its-bytes",
                         "fails-a-missing-file-with-a-reason", "completes-once-and-cancel-after-does-nothing"],
        ]
        for (plugin, names) in promises {
            let result = try check(BuildProducts.plugin(plugin))
            #expect(result.status == 0, "\(plugin):\n\(result.stdout)")
            // Only the plugins' own contracts (Todo's all-items list and item editor, the notes
            // list opened on one note) have no suite.
            let notApplicable = result.stdout.split(separator: "\n").filter { $0.hasPrefix("n/a ") }
                .map { String($0.split(separator: "]").first?.dropFirst(7) ?? "") }
            let own = ["Todo": ["TodoAllListing", "TodoDoneListing", "TodoItemEditing"], "Notes": ["NoteOpening"]]
            #expect(notApplicable == own[plugin, default: []], "\(plugin):\n\(result.stdout)")
            for name in names {
                #expect(result.stdout.contains("] \(name)\n"), "\(plugin) did not run \(name):\n\(result.stdout)")
            }
        }
    }
}
