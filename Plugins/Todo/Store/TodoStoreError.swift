/// A to-do store failure that is not SQLite's own: names the database file and says what to do.
struct TodoStoreError: Error, CustomStringConvertible {
    let path: String
    let message: String

    var description: String { "\(path): \(message)" }
}
