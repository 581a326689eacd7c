import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperTestSupport
@testable import ViperRuntime

/// The services the host registers before any plugin loads: data folder, clock,
/// logger and SQLite, as plugins reach them through the resolver.
@Suite struct HostServicesTests {
    // MARK: Data folder

    @Test func theDataFolderIsTheFlagThenTheEnvironmentThenXDG() {
        let environment = ["VIPER_DATA_DIR": "/env/data", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"]
        #expect(LocalDataFolder.choose(flag: "/flag/data", environment: environment) == "/flag/data")
        #expect(LocalDataFolder.choose(flag: nil, environment: environment) == "/env/data")
        #expect(LocalDataFolder.choose(flag: nil, environment: ["XDG_DATA_HOME": "/xdg"]) == "/xdg/viper")
        #expect(LocalDataFolder.choose(flag: nil, environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/viper")
    }

    @Test func aDataFolderThatIsAFileStopsStartUpWithOneLine() throws {
        let file = try TemporaryFolder.write([1], to: "data", in: TemporaryFolder.make("data-file"))
        #expect(throws: HostError.self) { try LocalDataFolder.prepare(file) }
        let result = try ViperProcess().run(["--data", file, "doctor"])
        #expect(result.status == 1)
        #expect(result.stderr == "viper: data folder \(file) is a file, not a folder; move it away or choose another with --data DIR\n")
    }

    @Test func pluginsResolveTheDataFolderAndItExists() throws {
        let folders = try TestRuntime.makeFolders()
        let runtime = try TestRuntime.start(TestRuntime.options(folders))
        let data = try runtime.registry.resolver(for: "test").resolve(DataFolder.self)
        #expect(data.path == folders.data)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: data.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    // MARK: Clock

    @Test func viperNowPinsTheClock() throws {
        let runtime = try TestRuntime.make(environment: ["VIPER_NOW": "2026-12-01T09:00:00Z", "VIPER_TZ": "Europe/Berlin"])
        let clock = try runtime.registry.resolver(for: "test").resolve(Clock.self)
        #expect(clock.secondsSince1970 == 1_796_115_600)
        #expect(clock.timeZoneIdentifier == "Europe/Berlin")
    }

    @Test func withoutViperNowTheClockIsTheRealTime() throws {
        let clock = try SystemClock(environment: [:])
        #expect(abs(clock.secondsSince1970 - Date().timeIntervalSince1970) < 3600)
    }

    @Test func anUnreadableViperNowIsAnErrorNamingTheVariableAndTheForm() {
        #expect {
            _ = try SystemClock(environment: ["VIPER_NOW": "tomorrow at nine"])
        } throws: { error in
            "\(error)".hasPrefix("VIPER_NOW=tomorrow at nine is not an instant; use ISO 8601") && "\(error)".contains("2026-12-01T09:00:00Z")
        }
    }

    @Test func anUnknownViperTZIsAnErrorNamingTheVariableAndTheForm() {
        #expect {
            _ = try SystemClock(environment: ["VIPER_TZ": "Mars/Olympus"])
        } throws: { error in
            "\(error)".hasPrefix("VIPER_TZ=Mars/Olympus is not a time zone; use an IANA name")
        }
    }

    @Test func viperNowAcceptsAnOffsetAndFractionalSeconds() throws {
        #expect(try SystemClock(environment: ["VIPER_NOW": "2026-12-01T10:00:00+01:00"]).secondsSince1970 == 1_796_115_600)
        #expect(try SystemClock(environment: ["VIPER_NOW": "2026-12-01T09:00:00.500Z"]).secondsSince1970 == 1_796_115_600.5)
    }

    // MARK: Logger

    @Test func theLoggerWritesToViperLogInTheDataFolder() throws {
        let folders = try TestRuntime.makeFolders()
        let runtime = try TestRuntime.start(TestRuntime.options(folders))
        try runtime.registry.resolver(for: "test").resolve(Logger.self).log(.warning, "feed returned no items", source: "articles")
        let log = try String(contentsOfFile: folders.data + "/viper.log", encoding: .utf8)
        #expect(log.hasSuffix(" warning [articles] feed returned no items\n"), "\(log)")
    }

    // MARK: SQLite

    @Test func aDatabaseKeepsWhatWasWrittenAndRollsBackAFailedTransaction() throws {
        let runtime = try TestRuntime.make()
        let database = try runtime.registry.resolver(for: "test").resolve(DatabaseOpening.self).open("notes")
        #expect(database.path == runtime.dataFolder + "/notes.sqlite")
        try database.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, stars REAL, data BLOB)")
        try database.execute("INSERT INTO notes(title, stars, data) VALUES (?, ?, ?)", [.text("Milk"), .real(2.5), .blob([1, 2])])
        #expect(database.lastInsertRowID == 1)
        #expect(throws: CommandError.self) {
            try database.transaction {
                try database.execute("INSERT INTO notes(title) VALUES (?)", [.text("Eggs")])
                throw CommandError("changed my mind")
            }
        }
        let rows = try database.query("SELECT id, title, stars, data FROM notes")
        #expect(rows == [SQLRow(["id": .integer(1), "title": .text("Milk"), "stars": .real(2.5), "data": .blob([1, 2])])])
    }

    @Test func aFileThatIsNotADatabaseIsNamedAndNeverOverwritten() throws {
        let runtime = try TestRuntime.make()
        let path = runtime.dataFolder + "/todo.sqlite"
        let contents = Array("these are my precious notes, not a database".utf8)
        try Data(contents).write(to: URL(fileURLWithPath: path))
        let opening = try runtime.registry.resolver(for: "test").resolve(DatabaseOpening.self)
        do {
            _ = try opening.open("todo")
            Issue.record("a file that is not a database was opened")
        } catch let error as DatabaseError {
            #expect(error.path == path)
            #expect(error.description.hasPrefix("\(path): not a valid SQLite database ("))
            #expect(error.description.hasSuffix("viper will not overwrite it: move it aside to start a new one, or restore it from a backup"))
        }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == contents)
    }

    @Test func aDatabaseNameMustNotLeaveTheDataFolder() throws {
        let runtime = try TestRuntime.make()
        let opening = try runtime.registry.resolver(for: "test").resolve(DatabaseOpening.self)
        #expect(throws: DatabaseError.self) { _ = try opening.open("../escape") }
    }
}
