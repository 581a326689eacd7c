import Foundation
import Testing

/// Saved notes and todos survive the process being killed right after the save:
/// every write is a committed SQLite transaction before the screen says it happened.
@Suite struct DataSafetyTests {
    @Test func aSavedNoteSurvivesAKill() throws {
        let session = ViperSession()
        let viper = try session.start()
        for line in ["open notes", "new Groceries", "signup ada secret", "add milk", "save"] {
            viper.send(line)
        }
        try viper.waitFor("Saved 'Groceries'.")
        viper.killNow()
        #expect(viper.wasKilled)

        let after = try session.shell(["open notes", "login", "signin ada secret", "quit"])
        #expect(Screens(after.stdout).last("Home › Notes").contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
    }

    @Test func anAddedTodoSurvivesAKill() throws {
        let session = ViperSession()
        let viper = try session.start()
        for line in ["open todo", "add Buy milk", "due tomorrow", "save"] {
            viper.send(line)
        }
        try viper.waitFor("Added 'Buy milk' (id 1) for 2026-12-02.")
        viper.killNow()
        #expect(viper.wasKilled)

        let after = try session.shell(["open todo", "quit"])
        #expect(Screens(after.stdout).last("Home › To do").contains("  1. Buy milk (Wednesday)"))
    }
}
