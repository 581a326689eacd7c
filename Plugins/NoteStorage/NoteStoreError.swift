/// A note store failure that is not SQLite's own: names the database file and says what to do.
struct NoteStoreError: Error, CustomStringConvertible {
    let path: String
    let message: String

    var description: String { "\(path): \(message)" }
}
