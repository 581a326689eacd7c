import ConformanceKit
import Contracts
import Testing
@testable import NoteStoragePlugin
@testable import ViperRuntime

/// The bundled NoteStore suite, in process, with the host's SQLite service in the
/// kit's temporary data folder.
@Suite struct NoteStorageConformanceTests {
    @Test func theSQLiteStoreKeepsEveryNoteStorePromise() throws {
        let services = try ServiceTable.standard()
        let folder = try services.resolve(DataFolder.self)
        services.register(DatabaseOpening.self, instance: SQLiteDatabaseOpening(folder: folder.path))
        let report = try Conformance.check(NoteStoragePlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(report.results.filter { $0.subject == "NoteStore" }.map(\.check)
                == ["service-resolves"] + ContractSuite.noteStore.serviceChecks.map(\.name))
    }
}
