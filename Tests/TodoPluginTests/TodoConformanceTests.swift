import ConformanceKit
import Contracts
import Testing
@testable import TodoPlugin

/// The bundled suites of TodoStore, TodoListing and TodoAdding, in process, on the
/// kit's real-SQLite double (`TemporaryDatabases` in `ServiceTable.standard()`): no host needed.
@Suite struct TodoConformanceTests {
    @Test func theTodoPluginKeepsEveryPromiseOfItsThreeContracts() throws {
        let services = try ServiceTable.standard()
        let report = try Conformance.check(TodoPlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(ContractSuite.todoStore.serviceChecks.allSatisfy { report.result($0.name, subject: "TodoStore")?.passed == true },
                "\(report)")
        for (subject, suite) in [("TodoListing", ContractSuite.todoListing), ("TodoAdding", ContractSuite.todoAdding)] {
            #expect(suite.checks.allSatisfy { report.result($0.name, subject: subject)?.passed == true }, "\(report)")
        }
        let db = try services.resolve(DatabaseOpening.self).open(SQLiteTodoStore.databaseName)
        #expect(db.path == (try services.resolve(DataFolder.self)).path + "/\(SQLiteTodoStore.databaseName).sqlite")
        #expect(try db.query("SELECT count(*) AS n FROM sqlite_master").first?.integer("n") ?? 0 > 0,
                "the checks ran on the kit's SQLite file")
    }

    @Test func withTheStoreReplacedByADoubleItsModulesAreCheckedOnTheDouble() throws {
        let services = try ServiceTable.standard()
        let stub = StubTodoStore()
        services.replace(TodoStore.self, instance: stub)
        let report = try Conformance.check(TodoPlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(!stub.requestedRanges.isEmpty, "the TodoListing module read the double")
        #expect(report.result("service-resolves", subject: "TodoStore")?.applicable == false, "\(report)")
        #expect(report.results.filter { $0.subject == "TodoStore" }.count == 1, "the plugin's own store was not checked")
        let db = try services.resolve(DatabaseOpening.self).open(SQLiteTodoStore.databaseName)
        #expect(try db.query("SELECT count(*) AS n FROM sqlite_master").first?.integer("n") == 0,
                "the plugin's SQLite store never ran")
    }
}
