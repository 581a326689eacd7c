import ConformanceKit
import Contracts
import Testing
@testable import TodoPlugin
@testable import ViperRuntime

/// The bundled suites of TodoStore, TodoListing and TodoAdding, in process, with
/// the host's SQLite service in the kit's temporary data folder.
@Suite struct TodoConformanceTests {
    @Test func theTodoPluginKeepsEveryPromiseOfItsThreeContracts() throws {
        let services = try ServiceTable.standard()
        let folder = try services.resolve(DataFolder.self)
        services.register(DatabaseOpening.self, instance: SQLiteDatabaseOpening(folder: folder.path))
        let report = try Conformance.check(TodoPlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(ContractSuite.todoStore.serviceChecks.allSatisfy { report.result($0.name, subject: "TodoStore")?.passed == true },
                "\(report)")
        for (subject, suite) in [("TodoListing", ContractSuite.todoListing), ("TodoAdding", ContractSuite.todoAdding)] {
            #expect(suite.checks.allSatisfy { report.result($0.name, subject: subject)?.passed == true }, "\(report)")
        }
    }
}
