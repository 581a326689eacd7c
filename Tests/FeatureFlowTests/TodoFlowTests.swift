import Testing

/// Whole sessions of the built `viper` with the Todo plugin, the clock pinned to
/// Tuesday 2026-12-01.
@Suite struct TodoFlowTests {
    @Test func addAnItemForTomorrowAndSeeItUnderTomorrow() throws {
        let session = ViperSession()
        let result = try session.shell(["open todo", "add Buy milk", "due tomorrow", "save", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs == [
            "Home › To do", "Home › To do › Add item (modal)", "Home › To do › Add item (modal)", "Home › To do",
        ])
        #expect(screens.last("Home › To do › Add item (modal)").contains("  Due    Wednesday 2026-12-02 (tomorrow)"))
        let list = screens.last("Home › To do")
        let tomorrow = list.firstIndex(of: "Tomorrow")
        #expect(tomorrow != nil)
        #expect(tomorrow.map { list[$0 + 1] } == "  1. Buy milk (Wednesday)")

        let again = try session.shell(["open todo", "quit"])
        #expect(Screens(again.stdout).last("Home › To do").contains("  1. Buy milk (Wednesday)"))
    }

    @Test func groupsItemsAndShowsEachWithItsStableId() throws {
        let session = ViperSession()
        let result = try session.shell([
            "open todo",
            "add Plan trip", "due 2026-12-08", "save",
            "add Buy milk", "due today", "save",
            "add Call mum", "due friday", "save",
            "done 2",
            "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let list = Screens(result.stdout).last("Home › To do")
        #expect(!list.contains("Today"))
        #expect(list.contains("Later this week"))
        #expect(list.contains("  3. Call mum (Friday)"))
        #expect(list.contains("Next week"))
        #expect(list.contains("  1. Plan trip (Tuesday 2026-12-08)"))
        #expect(list.contains("Done: Buy milk (id 2). Type 'undo' to take it back, 'finished' for the finished items."))
    }

    @Test func rejectsADueDateItCannotReadAndSaysWhatWorks() throws {
        let session = ViperSession()
        let result = try session.shell(["open todo", "add Taxes", "due someday soon", "due 2026-02-30", "cancel", "quit"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: 'someday soon' is not a due date: use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 24/12 (day/month), 2026-12-24 or none"))
        #expect(result.stderr.contains("error: 2026-02-30 is not a day of the calendar; check the month and day"))
        #expect(Screens(result.stdout).breadcrumbs.last == "Home › To do")
    }
}
