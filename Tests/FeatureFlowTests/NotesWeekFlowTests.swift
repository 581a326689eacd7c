import Foundation
import Testing
import ViperTestSupport

/// A week with notes through the built `viper`, as an nb or jrnl user lives it: ids that never
/// shift, a trash that outlives the session, tags and links, Markdown drawn for the terminal, an
/// import that names a bad file and never duplicates, and a sign-in that stays for a while with
/// the password never on the command line.
@Suite struct NotesWeekFlowTests {
    /// ada with three notes, 1 to 3, signed up with the password in the environment.
    static func week() throws -> ViperSession {
        var session = ViperSession()
        session.environment["VIPER_PASSWORD"] = "secret1"
        let made = try session.shell([
            "open notes", "new Groceries", "signup ada", "add milk #shop", "save",
            "new Plan", "add # Monday", "add - call the **bank**", "add see [[Groceries]]", "save",
            "new Diary", "add ran early", "save", "quit",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        session.environment.removeValue(forKey: "VIPER_PASSWORD")
        return session
    }

    static func signedIn(_ commands: String) -> [String] {
        ["-c", "open notes; login; signin ada; " + commands]
    }

    @Test func deletingOneIdTwiceDeletesOneNoteAndUndoWorksInTheNextSession() throws {
        var session = try Self.week()
        session.environment["VIPER_PASSWORD"] = "secret1"
        let twice = try session.run(Self.signedIn("delete 2; delete 2"))
        #expect(twice.status == 1)
        #expect(twice.stderr == "error: note 2 is in the trash; 'restore 2' (or 'undo') brings it back\n")
        #expect(twice.stdout.contains("Deleted 'Plan' (note 2): it is in the trash. Type 'undo' (or 'restore 2') to bring it back."))
        let next = try session.run(Self.signedIn("trash; undo; find"))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("  2. Plan — Monday (deleted 2026-12-01 09:00)"), "\(next.stdout)")
        #expect(next.stdout.contains("Back: 'Plan' (note 2)."))
        let list = Screens(next.stdout).last("Home › Notes")
        #expect(list.filter { $0.hasPrefix("  ") && $0.contains(". ") }.count == 3, "\(list)")
    }

    @Test func showDrawsMarkdownAndRawShowsItAsWrittenWithTagsAndLinks() throws {
        var session = try Self.week()
        session.environment["VIPER_PASSWORD"] = "secret1"
        let result = try session.run(Self.signedIn("show 2; show 1; show 2 --raw; tag shop"))
        #expect(result.status == 0, "\(result.stderr)")
        let screens = Screens(result.stdout).screens.filter { $0.first?.hasPrefix("── Home › Notes ─") == true }
        let drawn = screens[screens.count - 4]
        #expect(drawn.contains("  Links to   Groceries (note 1)"), "\(drawn)")
        #expect(drawn.contains("Monday") && drawn.contains("  • call the bank") && drawn.contains("see Groceries [note 1]"), "\(drawn)")
        #expect(screens[screens.count - 3].contains("  Linked from   Plan (note 2)"), "\(screens[screens.count - 3])")
        let raw = screens[screens.count - 2]
        #expect(raw.contains("# Monday") && raw.contains("- call the **bank**") && raw.contains("see [[Groceries]]"), "\(raw)")
        #expect(screens.last?.contains("1 note tagged #shop. Type 'tag' to list every note.") == true)
    }

    @Test func anImportNamesTheBadFileTakesTheRestReadsFrontMatterAndNeverDuplicates() throws {
        var session = try Self.week()
        session.environment["VIPER_PASSWORD"] = "secret1"
        let folder = session.home + "/import"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "---\ntitle: Reading\ntags: [books]\ndate: 2026-11-20\n---\n\n- Dune\n".write(toFile: folder + "/reading.md", atomically: true, encoding: .utf8)
        try "# Recipes\n\npancakes\n".write(toFile: folder + "/recipes.md", atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: folder + "/cafe.md", contents: Data([0x43, 0x61, 0x66, 0xE9, 0x0A])))
        let first = try session.run(Self.signedIn("import \(folder)"))
        #expect(first.status == 1)
        #expect(first.stderr == "error: imported 2 notes from \(folder); skipped cafe.md is not UTF-8 text (convert it, e.g. with iconv); fix it and import again (what is in stays once)\n")
        try FileManager.default.removeItem(atPath: folder + "/cafe.md")
        let again = try session.run(Self.signedIn("import \(folder); show 4 --raw"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Imported 0 notes from \(folder); 2 files were already there (reading.md, recipes.md)."), "\(again.stdout)")
        #expect(again.stdout.contains("  4. Reading — Dune  #books (modified 2026-11-20 12:00)"), "\(again.stdout)")
        #expect(!again.stdout.contains("title: Reading"), "the front matter is not in the body")
    }

    @Test func aSignInThatStaysServesLaterScriptsUntilSignoutAndThePasswordComesFromADescriptor() throws {
        let session = try Self.week()
        try "secret1\n".write(toFile: session.home + "/password", atomically: true, encoding: .utf8)
        var environment = session.environment
        environment["VIPER_PASSWORD_FD"] = "3"
        let stay = try Subprocess.run("/bin/sh", ["-c", "exec \"$0\" -c 'open notes; login; signin ada --stay 8h' 3<\"$1\"",
                                                  BuildProducts.viper, session.home + "/password"],
                                      input: "", environment: environment)
        #expect(stay.status == 0, "\(stay.stderr)")
        #expect(stay.stdout.contains("Signed in as ada (stays signed in on this machine until 2026-12-01 17:00 UTC; 'signout' ends it)"))
        let later = try session.run(["-c", "open notes; find early"])
        #expect(later.status == 0, "no sign-in needed: \(later.stderr)")
        #expect(later.stdout.contains("  3. Diary — ran early (modified 2026-12-01 09:00)"))
        _ = try session.run(["-c", "open notes; signout"])
        let after = try session.run(["-c", "open notes; find early"])
        #expect(after.stderr == "error: nobody is signed in, so there are no notes to search; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)\n")
    }

    @Test func aScriptWithoutAPasswordIsToldEveryWayToGiveOne() throws {
        let session = try Self.week()
        let result = try session.run(["-c", "open notes; login; signin ada"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: Sign-in refused: no password for 'ada': type it when asked at a terminal, or give it in VIPER_PASSWORD "
                + "or on the file descriptor VIPER_PASSWORD_FD names (never on the command line)\n")
    }

    @Test func bobOpeningNoteOneIsToldItIsNotHis() throws {
        var session = try Self.week()
        session.environment["VIPER_PASSWORD"] = "hunter22"
        let result = try session.run(["-c", "open notes; login; signup bob; open notes/1"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot open 'notes/1': bob has no note 1 (each account has its own notes and ids); the list shows yours\n")
    }
}
