import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// The store against the host's real SQLite service, in a temporary data folder.
@Suite struct SQLiteTodoStoreTests {
    @Test func keepsItemsAcrossConnections() throws {
        let folder = try TemporaryDataFolder()
        let first = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        _ = try first.add(name: "Buy milk", due: day("2026-12-02"))
        _ = try first.add(name: "Plan trip", due: day("2026-12-08"))
        _ = try first.add(name: "Taxes", due: day("2027-03-01"))

        let second = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let items = try second.items(from: day("2026-12-01"), through: day("2026-12-13"))
        #expect(items.map(\.name) == ["Buy milk", "Plan trip"])
        #expect(items.map(\.due) == [day("2026-12-02"), day("2026-12-08")])
    }

    @Test func removesAnItem() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let milk = try store.add(name: "Buy milk", due: day("2026-12-02"))
        _ = try store.add(name: "Call mum", due: day("2026-12-02"))
        try store.remove(id: milk.id)
        try store.remove(id: 999)
        #expect(try store.items(from: day("2026-12-01"), through: day("2026-12-31")).map(\.name) == ["Call mum"])
    }

    @Test func updatesAnItemInPlaceAndRefusesOneThatIsGone() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let milk = try store.add(name: "Buy milk", due: day("2026-12-02"))
        let changed = try store.update(id: milk.id, name: "Buy oat milk", due: day("2027-01-15"))
        #expect(changed == TodoItem(id: milk.id, name: "Buy oat milk", due: day("2027-01-15")))
        #expect(try store.items(from: day("2026-01-01"), through: day("2027-12-31")) == [changed])
        #expect(throws: TodoStoreError.self) { try store.update(id: 999, name: "x", due: day("2027-01-15")) }
    }

    @Test func aFileThatIsNotADatabaseIsNamedAndLeftAlone() throws {
        let folder = try TemporaryDataFolder()
        let path = folder.path + "/todo.sqlite"
        let junk = Data(repeating: 0x41, count: 4096)
        try junk.write(to: URL(fileURLWithPath: path))
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        do {
            _ = try store.add(name: "Buy milk", due: day("2026-12-02"))
            Issue.record("a damaged database was written to")
        } catch {
            #expect("\(error)".contains(path))
            #expect("\(error)".contains("not a valid SQLite database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
    }
}
