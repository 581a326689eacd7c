import Foundation
import Testing

/// The notes as a script reads them, driving the built `viper --json`: the list, `find`,
/// `tag NAME` and the trash as one JSON array per line, parsed as `jq` would; signed out, no
/// JSON and a line saying to sign in.
@Suite struct NotesScriptingFlowTests {
    /// Each line of `stdout` parsed as one JSON array.
    private func arrays(_ stdout: String) throws -> [[[String: Any]]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]], "not a JSON array: \(line)")
        }
    }

    @Test func theNoteListsAreJSONAScriptReads() throws {
        var session = ViperSession()
        session.environment["VIPER_PASSWORD"] = "secret1"
        let made = try session.shell([
            "open notes", "new Groceries", "signup ada --stay 8h", "add milk #shop", "save",
            "new Plan", "add # Monday", "add - call the **bank**", "save", "quit",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        session.environment.removeValue(forKey: "VIPER_PASSWORD")

        let list = try session.run(["--json", "-c", "open notes"])
        #expect(list.status == 0, "stderr: \(list.stderr)")
        let notes = try #require(try arrays(list.stdout).first)
        #expect(try arrays(list.stdout).count == 1, "one document and nothing else: \(list.stdout)")
        #expect(notes.map { $0["id"] as? Int } == [2, 1])
        #expect(notes.last?["title"] as? String == "Groceries")
        #expect(notes.last?["tags"] as? [String] == ["shop"])
        #expect(notes.last?["line"] as? String == "milk #shop")
        #expect(notes.last?["modified"] as? String == "2026-12-01T09:00:00Z")
        #expect(notes.allSatisfy { Set($0.keys) == ["id", "title", "tags", "line", "modified", "deleted"] })

        let found = try session.run(["--json", "-c", "open notes; find bank call"])
        #expect(found.status == 0, "stderr: \(found.stderr)")
        let matches = try arrays(found.stdout)
        #expect(matches.count == 1, "\(found.stdout)")
        #expect(matches.first?.map { $0["id"] as? Int } == [2])
        #expect(matches.first?.first?["line"] as? String == "- call the **bank**", "the line that matched")

        let tagged = try session.run(["--json", "-c", "open notes; tag shop"])
        #expect(try arrays(tagged.stdout).last?.map { $0["id"] as? Int } == [1])

        let trash = try session.run(["--json", "-c", "open notes; delete 1; trash"])
        #expect(trash.status == 0, "stderr: \(trash.stderr)")
        let printed = try arrays(trash.stdout)
        #expect(printed.first?.map { $0["id"] as? Int } == [2], "the list after the delete")
        #expect(printed.last?.map { $0["id"] as? Int } == [1], "the trash")
        #expect(printed.last?.first?["deleted"] is String)

        _ = try session.run(["-c", "open notes; signout"])
        let signedOut = try session.run(["--json", "-c", "open notes; find milk"])
        #expect(signedOut.status == 1)
        let signIn = "sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)"
        #expect(signedOut.stderr == "error: nobody is signed in, so there are no notes to list; \(signIn)\n"
                + "error: nobody is signed in, so there are no notes to search; \(signIn)\n")
        #expect(signedOut.stdout == "", "no JSON (an empty array would say ada has no notes), and no error line a tool would read as data")

        let listOnly = try session.run(["--json", "-c", "open notes"])
        #expect(listOnly.status == 1, "a script that listed no notes because nobody is signed in fails")
        #expect(listOnly.stdout == "")
        #expect(listOnly.stderr == "error: nobody is signed in, so there are no notes to list; \(signIn)\n")
    }
}
