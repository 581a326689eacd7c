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

    /// A listed note as data.
    struct ListedNoteJSON: Encodable {
        let id: Int64
        let title: String
        let tags: [String]
        let line: String
        let modified: String
        let deleted: String?

        init(_ note: NoteSummary, format: ISO8601DateFormatter) {
            id = note.id
            title = note.title
            tags = note.tags
            line = note.firstLine
            modified = NoteListPresenter.isoTime(note.modified, format)
            deleted = note.deleted.map { NoteListPresenter.isoTime($0, format) }
        }

        enum CodingKeys: String, CodingKey { case id, title, tags, line, modified, deleted }

        /// Every key, `null` included (the synthesized encoding leaves out a nil).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(tags, forKey: .tags)
            try container.encode(line, forKey: .line)
            try container.encode(modified, forKey: .modified)
            try container.encode(deleted, forKey: .deleted)
        }
    }

    /// A `[[Title]]` link as data: the note it reaches (`id` null when none has the title).
    struct LinkJSON: Encodable {
        let title: String
        let id: Int64?

        enum CodingKeys: String, CodingKey { case title, id }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(id, forKey: .id)
        }
    }

    /// A shown note as data (`show ID`): the body as written, and its links both ways.
    struct ShownNoteJSON: Encodable {
        let id: Int64
        let title: String
        let tags: [String]
        let modified: String
        let body: String
        let links: [LinkJSON]
        let linkedFrom: [LinkJSON]

        init(_ note: NoteReading, format: ISO8601DateFormatter) {
            id = note.id
            title = note.title
            tags = note.tags
            modified = NoteListPresenter.isoTime(note.modified, format)
            body = note.body
            links = note.links.map { LinkJSON(title: $0.title, id: $0.id) }
            linkedFrom = note.linkedFrom.map { LinkJSON(title: $0.title, id: $0.id) }
        }
    }

    /// A tag and how many notes have it (`tags`).
    struct TagCountJSON: Encodable {
        let tag: String
        let count: Int
    }

    /// `value` as one line of JSON, keys sorted. (JSONEncoder over these structs writes 10,000
    /// notes about ten times faster than JSONSerialization over dictionaries.)
    static func jsonText(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `seconds` since 1970 as `format` writes it, to the second.
    static func isoTime(_ seconds: Double, _ format: ISO8601DateFormatter) -> String {
        format.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    /// Writes times as ISO 8601 in UTC, e.g. `2026-12-01T09:00:00Z`; made once per list, as
    /// making one per note costs more than the rest of the note's object.
    static func isoFormat() -> ISO8601DateFormatter {
        let format = ISO8601DateFormatter()
        format.timeZone = TimeZone(secondsFromGMT: 0)
        return format
    }

    /// What the list says as data while nobody is signed in: no JSON (there is no account whose
    /// notes it could list), this one error line instead.
    static let signedOutJSONError = "nobody is signed in, so there are no notes to list; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)"
}
