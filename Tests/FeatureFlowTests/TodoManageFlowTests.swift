import Foundation
import Testing

/// Whole sessions of the built `viper` with the Todo plugin: overdue items, the
/// all-items view, editing, deleting and undo, the add form's default due date,
/// weeks from the locale, and clock settings that cannot be read.
@Suite struct TodoManageFlowTests {
    @Test func overdueAndFarItemsCanBeSeenEditedDeletedAndUndone() throws {
        let session = ViperSession()
        // Tuesday 2026-12-01: one item for today, one for March.
        let setUp = try session.shell(["open todo", "add Pay rent", "save", "add Taxes", "due 2027-03-01", "save", "quit"])
        #expect(setUp.status == 0, "stderr: \(setUp.stderr)")

        var later = session
        later.environment["VIPER_NOW"] = "2026-12-03T09:00:00Z"
        let result = try later.shell([
            "open todo", "all", "edit 2", "name File taxes", "due 2026-12-24", "save",
            "delete 1", "undo", "back", "done 1", "undo", "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        let upcoming = screens.first("Home › To do")
        #expect(upcoming.contains("Overdue"))
        #expect(upcoming.contains("  1. Pay rent (was due Tuesday 2026-12-01)"))
        #expect(screens.first("Home › To do › All to-do items").contains("March 2027"))
        #expect(screens.last("Home › To do › All to-do items › Edit item (modal)")
            .contains("Unsaved: name (was 'Taxes'), due date (was 2027-03-01). Type 'save' to keep, 'cancel' to drop."))
        let all = screens.last("Home › To do › All to-do items")
        #expect(all.contains("Week of 2026-12-21"))
        #expect(all.contains("  2. File taxes (Thursday 2026-12-24)"))
        #expect(all.contains("Back on the list (no longer deleted): Pay rent, due 2026-12-01."))
        let final = screens.last("Home › To do")
        #expect(final.contains("  1. Pay rent (was due Tuesday 2026-12-01)"))
        #expect(final.contains("Back on the list (no longer done): Pay rent, due 2026-12-01."))
    }

    @Test func theAddFormStartsDueTodaySoSaveWorksAtOnce() throws {
        let result = try ViperSession().shell(["open todo", "add Buy milk", "save", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.last("Home › To do › Add item (modal)").contains("  Due    Tuesday 2026-12-01 (today)"))
        #expect(screens.last("Home › To do").contains("  1. Buy milk"))
    }

    @Test func weeksFollowTheLocale() throws {
        var session = ViperSession()
        session.environment["LC_ALL"] = "en_US.UTF-8"
        // Sunday 2026-12-06 starts next week in the US; with ISO weeks it ends this one.
        let us = try session.shell(["open todo", "add Brunch", "due 2026-12-06", "save", "quit"])
        #expect(Screens(us.stdout).last("Home › To do").contains("Next week"))
        session.environment["LC_ALL"] = "de_DE.UTF-8"
        let de = try session.shell(["open todo", "quit"])
        #expect(Screens(de.stdout).last("Home › To do").contains("Later this week"))
    }

    @Test func aClockSettingThatCannotBeReadStopsViperAndSaysWhatToWrite() throws {
        var session = ViperSession()
        session.environment["VIPER_NOW"] = "2026-12-01 09:00"
        let badNow = try session.shell(["open todo", "quit"])
        #expect(badNow.status == 1)
        #expect(badNow.stderr.contains("VIPER_NOW=2026-12-01 09:00 is not an instant; use ISO 8601 with a zone, e.g. 2026-12-01T09:00:00Z"))
        session.environment["VIPER_NOW"] = "2026-12-01T09:00:00Z"
        session.environment["VIPER_TZ"] = "Berlin"
        let badZone = try session.shell(["open todo", "quit"])
        #expect(badZone.status == 1)
        #expect(badZone.stderr.contains("VIPER_TZ=Berlin is not a time zone; use an IANA name such as UTC or Europe/Berlin"))
    }
}
