/// One Markdown file of a folder, as read or to be written.
struct MarkdownFile: Equatable {
    /// The file name, e.g. `groceries.md`; under a folder of the one read, its path there (`trips/rome.md`).
    let name: String
    let text: String
    /// The file's modification time, in seconds since 1970.
    let modified: Double
}

/// The folder `export DIR` writes to and `import DIR` reads from, injected into the list's
/// Interactor so its rules are tested without a disk.
protocol MarkdownFolder: AnyObject {
    /// `path` as the user meant it: `~` is their home folder.
    func resolve(_ path: String) -> String
    /// The names of the files already in `path` (a missing folder has none).
    func names(in path: String) throws -> Set<String>
    /// Writes `file` into `path` (made when missing) and sets its modification time; never
    /// replaces a file that is there.
    func write(_ file: MarkdownFile, to path: String) throws
    /// The `.md` files of `path` and its folders (named by their path under it, `trips/rome.md`),
    /// and one line for each that could not be read (not UTF-8, unreadable) naming it; throws
    /// when the folder itself cannot be read.
    func markdownFiles(in path: String) throws -> (files: [MarkdownFile], unreadable: [String])
}
