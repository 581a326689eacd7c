import Foundation

/// How the note list says its notes as data, for `viper --json` (Presenter-side formatting):
/// one JSON document on one line, keys sorted, every key always present (`null` when unset).
/// A list is an array with an object per note, in the order the list shows them:
///
///     [{"deleted":null,"id":3,"line":"milk #shop","modified":"2026-12-01T09:00:00Z",
///       "tags":["shop"],"title":"Groceries"}]
///
/// `line` is the body line the list shows after the title: the first one, or for `find` the
/// line that matched (the first line when only the title did). Times are ISO 8601 in UTC,
/// as `jq`'s `fromdateiso8601` reads them.
extension NoteListPresenter {
    /// Whether the module was built for data: `VIPER_OUTPUT=json` (which `viper --json` sets
    /// for its session) asks for data; anything else for the screen.
    static func jsonWanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["VIPER_OUTPUT"] == "json"
    }

    /// One listed note's object.
    static func jsonObject(_ note: NoteSummary) -> [String: Any] {
        [
            "id": note.id, "title": note.title, "tags": note.tags, "line": note.firstLine,
            "modified": isoTime(note.modified), "deleted": note.deleted.map(isoTime) ?? NSNull(),
        ]
    }

    /// A shown note's object (`show ID`): the body as written, and its links both ways.
    static func jsonObject(_ note: NoteReading) -> [String: Any] {
        func link(_ link: NoteLink) -> [String: Any] { ["title": link.title, "id": link.id.map { $0 as Any } ?? NSNull()] }
        return [
            "id": note.id, "title": note.title, "tags": note.tags, "modified": isoTime(note.modified), "body": note.body,
            "links": note.links.map(link), "linkedFrom": note.linkedFrom.map(link),
        ]
    }

    /// `value` (an array or an object) as one line of JSON, keys sorted.
    static func jsonText(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "null"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `seconds` since 1970 as ISO 8601 in UTC, e.g. `2026-12-01T09:00:00Z`.
    static func isoTime(_ seconds: Double) -> String {
        let format = ISO8601DateFormatter()
        format.timeZone = TimeZone(secondsFromGMT: 0)
        return format.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    /// What the list says as data while nobody is signed in: no JSON (there is no account whose
    /// notes it could list), this one error line instead.
    static let signedOutJSONError = "nobody is signed in, so there are no notes to list; type 'login' first"
}
