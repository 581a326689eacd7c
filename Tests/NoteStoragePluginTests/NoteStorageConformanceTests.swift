import ConformanceKit
import Contracts
import Testing
@testable import NoteStoragePlugin

/// The bundled NoteStore suite, in process, on the kit's real-SQLite double
/// (`TemporaryDatabases` in `ServiceTable.standard()`): no host needed.
@Suite struct NoteStorageConformanceTests {
    @Test func theSQLiteStoreKeepsEveryNoteStorePromise() throws {
        let services = try ServiceTable.standard()
        services.register(Session.self, instance: StubSignedOutSession())
        let report = try Conformance.check(NoteStoragePlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(report.results.filter { $0.subject == "NoteStore" }.map(\.check)
                == ["service-resolves"] + ContractSuite.noteStore.serviceChecks.map(\.name))
        let folder = try services.resolve(DataFolder.self).path
        let databases = try services.resolve(DatabaseOpening.self)
        #expect(try databases.open(SQLiteNoteStore.databaseName).path == folder + "/\(SQLiteNoteStore.databaseName).sqlite")
        #expect(try databases.open(SQLiteNoteStore.databaseName).query("SELECT count(*) AS n FROM sqlite_master").first?.integer("n") ?? 0 > 0,
                "the checks ran on the kit's SQLite file")
    }
}
