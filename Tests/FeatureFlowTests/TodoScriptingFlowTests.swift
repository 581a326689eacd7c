import Foundation
import Testing

/// The to-do list as a taskwarrior or todo.txt user scripts it, driving the built `viper`:
/// priorities, repeats, notes, bulk ids, several undo steps across runs, times, a refused
/// field that never saves, todo.txt in and out, and `--plain`/`--json` output other tools read.
@Suite struct TodoScriptingFlowTests {
    @Test func modifyChangesAnItemAtOnceAsTaskwarriorDoesAndABadWordChangesNothing() throws {
        let session = ViperSession()
        // Tuesday 2026-12-01.
        #expect(try session.run(["-c", "open todo; add Buy milk +home; save"]).status == 0)
        let modified = try session.run(["--json", "-c", "open todo/all; modify 1 due:eom pri:H +shop -home"])
        #expect(modified.status == 0, "stderr: \(modified.stderr)")
        let last = try #require(modified.stdout.split(separator: "\n").last)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [[String: Any]])
        #expect(items.first?["name"] as? String == "Buy milk +shop")
        #expect(items.first?["due"] as? String == "2026-12-31")
        #expect(items.first?["priority"] as? String == "H")

        // A JSON list a command printed is not printed again at the end because a later command failed.
        let failedAfter = try session.run(["--json", "-c", "open todo/all; pri 1 M; done 99"])
        #expect(failedAfter.status == 1)
        #expect(failedAfter.stdout.split(separator: "\n").count == 1, "stdout: \(failedAfter.stdout)")
        #expect(failedAfter.stdout.contains("\"priority\":\"M\""))
        #expect(try session.run(["-c", "open todo; pri 1 H"]).status == 0)

        let refused = try session.run(["--plain", "-c", "open todo; modify 1 due:someday pri:L"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: nothing changed: 'someday' is not a due date"), "stderr: \(refused.stderr)")
        #expect(!refused.stdout.contains("Item"), "the list stays on screen, not the editor: \(refused.stdout)")
        let after = try session.run(["--json", "-c", "open todo/all"])
        #expect(after.stdout.contains("\"priority\":\"H\""), "nothing changed: \(after.stdout)")
    }

    @Test func aWeekOfTaskwarriorMovesWorksAcrossRuns() throws {
        let session = ViperSession()
        // Tuesday 2026-12-01.
        let setUp = try session.run(["-c", """
            open todo; add "Buy milk; eggs" +shop; due tomorrow 9am; pri H; save
            add Pay rent; every month on the 1st; save
            add Call mum +family; due next friday; save
            add Taxes +family; due 2027-01-15; save
            """])
        #expect(setUp.status == 0, "stderr: \(setUp.stderr)")
        let list = Screens(setUp.stdout).last("Home › To do")
        #expect(list.contains("  1. [H] Buy milk; eggs +shop (Wednesday 09:00)"))
        #expect(list.contains("  2. Pay rent (every month on the 1st)"))
        #expect(list.contains("  3. Call mum +family (Friday)"), "next friday on a Tuesday is the coming Friday")
        #expect(list.contains("1 more item is due after next week: 'all' shows it."))

        let filtered = try session.run(["-c", "open todo; tag family"])
        let family = Screens(filtered.stdout).last("Home › To do")
        #expect(family.contains("  3. Call mum +family (Friday)"))
        #expect(family.contains("1 more item tagged +family is due after next week: 'all' shows it."))

        let done = try session.run(["-c", "open todo; done 2 3; note 1 oat milk if none; pri 4 M"])
        #expect(done.status == 0, "stderr: \(done.stderr)")
        let after = Screens(done.stdout).last("Home › To do")
        #expect(after.contains("     - 2026-12-01: oat milk if none"))
        #expect(done.stdout.contains(
            "Done: Pay rent (id 2), Call mum +family (id 3). Type 'undo' to take them back, 'finished' for the finished items. Next: Pay rent (id 5), due 2027-01-01."))

        // A later run takes back the three steps one by one.
        let undo = try session.run(["--plain", "-c", "open todo; undo; undo; undo"])
        #expect(undo.status == 0, "stderr: \(undo.stderr)")
        #expect(undo.stdout.contains("Back as it was: Taxes +family, due 2027-01-15."))
        #expect(undo.stdout.contains("Back as it was: Buy milk; eggs +shop, due 2026-12-02 09:00."))
        #expect(undo.stdout.contains("Back on the list (no longer done): Pay rent, due 2026-12-01; Call mum +family, due 2026-12-04. Removed again: Pay rent (id 5)."))
        let bad = try session.run(["-c", "open todo; done 1 9; done x; pri 1 urgent"])
        #expect(bad.status == 1)
        #expect(bad.stderr.split(separator: "\n") == [
            "error: there is no to-do item 9; the number before each item is its id ('open todo/all' lists every item)",
            "error: 'x' is not an item id; give the numbers shown before the items, e.g. 'done 3', 'done 1 6 9' or 'done 1-3'",
            "error: 'urgent' is not a priority; give H (high), M (medium), L (low) or none, after the ids, e.g. 'pri 3 H'",
        ])
        let check = try session.run(["--plain", "-c", "open todo/all"])
        #expect(check.stdout.contains("  1. [H] Buy milk; eggs +shop (Wednesday 2026-12-02 09:00)"), "item 1 was not done by 'done 1 9'")
    }

    @Test func aRefusedFieldNeverSavesTheItemEvenWithoutE() throws {
        let session = ViperSession()
        let result = try session.run(["-c", "open todo; add Taxes; due someday; save"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: not saved: 'due someday' was refused; type 'due' again with a value it takes (or 'cancel'), then 'save'"))
        let all = try session.run(["--plain", "-c", "open todo/all"])
        #expect(!all.stdout.contains("Taxes"))
    }

    @Test func plainOutputIsWhatTheCommandsSayAndJsonIsOneArrayPerList() throws {
        let session = ViperSession()
        _ = try session.run(["-c", "open todo; add Water plants +home; due friday 6pm; pri L; save; add Read a book; due none; save"])
        let plain = try session.run(["--plain", "-c", "open todo; all"])
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(plain.stdout == """
            This week (from 2026-11-30)
              1. [L] Water plants +home (Friday 2026-12-04 18:00)

            No date
              2. Read a book

            """)
        let json = try session.run(["--json", "-c", "open todo/all"])
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? Int } == [1, 2])
        #expect(items.first?["time"] as? String == "18:00")
        #expect(items.first?["tags"] as? [String] == ["home"])
        #expect(items.last?["due"] is NSNull)
        let help = try session.run(["--help"])
        #expect(help.stdout.contains("VIPER_NOW"))
        #expect(help.stdout.contains("VIPER_TZ"))
        #expect(help.stdout.contains("--plain"))
    }

    @Test func todoTxtGoesOutAndComesBackWithBadLinesNamed() throws {
        let session = ViperSession()
        _ = try session.run(["-c", "open todo; add Pay rent +home; due dec 1 9am; pri H; every month; save; done 1"])
        let export = try session.run(["-c", "open todo; export ~/todo.txt; export ~/todo.txt"])
        #expect(export.status == 1)
        #expect(export.stderr.contains("error: ~/todo.txt is already there and is kept; give a new file name, or move the old file away first"))
        let written = try String(contentsOfFile: session.home + "/todo.txt", encoding: .utf8)
        #expect(written == "(A) Pay rent +home due:2027-01-01 time:09:00 rec:1m\nx 2026-12-01 (A) Pay rent +home due:2026-12-01 time:09:00 rec:1m\n")

        let other = ViperSession()
        try (written + "Broken due:tomorrow\n").write(toFile: other.home + "/in.txt", atomically: true, encoding: .utf8)
        let imported = try other.run(["-c", "open todo; import ~/in.txt"])
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("error: ~/in.txt: imported 2 items and skipped line 3 ('due:tomorrow' is not a due date; write due:YYYY-MM-DD); fix those lines and import them again"))
        let finished = try other.run(["--plain", "-c", "open todo/done"])
        #expect(finished.stdout.contains("  2. Pay rent +home (done Tuesday 2026-12-01, was due 2026-12-01)"))
        let open = try other.run(["--json", "-c", "open todo/all"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["repeat"] as? String == "every month")
        #expect(items.first?["priority"] as? String == "H")
    }
}
