import Testing

/// The to-do list kept for a while, through the built `viper` over one data folder, the clock
/// pinned to Tuesday 2026-12-01: finished items and `undo` across restarts, one id per item in
/// every list and route, dates as people type them, tags and `find`.
@Suite struct TodoKeepingFlowTests {
    @Test func aFinishedItemIsKeptWithItsDayAndUndoWorksAfterARestart() throws {
        let session = ViperSession()
        let first = try session.shell(["open todo", "add Pay rent", "save", "add Call mum", "due friday", "save", "done 1", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")

        var later = session
        later.environment["VIPER_NOW"] = "2026-12-03T09:00:00Z"
        let second = try later.shell(["open todo/done", "quit"])
        #expect(Screens(second.stdout).last("Home › Finished to-do items")
            .contains("  1. Pay rent (done Tuesday 2026-12-01, was due 2026-12-01)"))

        let third = try later.shell(["open todo", "undo", "done 2", "finished", "reopen 2", "quit"])
        #expect(third.status == 0, "stderr: \(third.stderr)")
        let screens = Screens(third.stdout)
        let afterUndo = screens.screens[1]
        #expect(afterUndo.contains("Back on the list (no longer done): Pay rent, due 2026-12-01."))
        #expect(afterUndo.contains("  1. Pay rent (was due Tuesday 2026-12-01)"))
        #expect(screens.first("Home › To do › Finished to-do items").contains("  2. Call mum (done Thursday 2026-12-03, was due 2026-12-04)"))
        #expect(screens.last("Home › To do › Finished to-do items").contains("Back on the list: Call mum (id 2), due 2026-12-04."))
    }

    @Test func datesAsPeopleTypeThemAndItemsWithoutADateInTheirOwnSection() throws {
        let session = ViperSession()
        let result = try session.shell([
            "open todo",
            "add Water plants +home", "due next friday", "save",
            "add Taxes", "due in 3 weeks", "save",
            "add Presents +home", "due dec 24", "save",
            "add Read a book", "due none", "save",
            "all", "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        let upcoming = screens.last("Home › To do")
        // GNU date's rule: on Tuesday 2026-12-01, "next friday" is the coming Friday.
        #expect(upcoming.contains("  1. Water plants +home (Friday)"))
        #expect(upcoming.firstIndex(of: "No date").map { upcoming[$0 + 1] } == "  4. Read a book")
        #expect(upcoming.contains("Added 'Read a book' (id 4) without a date."))
        let all = screens.last("Home › To do › All to-do items")
        #expect(all.contains("  2. Taxes (Tuesday 2026-12-22)"))
        #expect(all.contains("  3. Presents +home (Thursday 2026-12-24)"))
        #expect(all.firstIndex(of: "No date").map { all[$0 + 1] } == "  4. Read a book")
    }

    @Test func tagsFindAndTheItemRouteUseTheSameIds() throws {
        let session = ViperSession()
        let setUp = try session.shell(["open todo", "add Buy milk +shop", "save", "add Water plants +home", "save",
                                       "add Call mum", "due tomorrow", "save", "quit"])
        #expect(setUp.status == 0, "stderr: \(setUp.stderr)")
        let result = try session.shell(["open todo", "tag home", "find MILK", "find", "open todo/3", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout).screens
        #expect(screens[1].contains("Items tagged +home. Type 'tag' alone to show every item."))
        #expect(screens[1].contains("  2. Water plants +home") && !screens[1].contains("  1. Buy milk +shop"))
        #expect(screens[2].contains("  1. Buy milk +shop") && !screens[2].contains("  2. Water plants +home"))
        #expect(screens[3].contains("  3. Call mum (Wednesday)"))
        #expect(Screens(result.stdout).last("Home › To do › Edit item").contains("  Name   Call mum"))
    }

    @Test func aCommandOnAnIdThatIsNotThereSaysWhereIdsAre() throws {
        let result = try ViperSession().shell(["open todo", "done 7", "edit two", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: there is no to-do item 7; the number before each item is its id ('open todo/all' lists every item)"))
        #expect(result.stderr.contains("error: 'two' is not an item id; give the number shown before the item, e.g. 'edit 3'"))
    }
}
