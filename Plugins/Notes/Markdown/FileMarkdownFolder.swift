import Contracts
import Foundation

/// A ``MarkdownFolder`` on disk. Every failure is a ``CommandError`` naming the path and what
/// to do; a file that is there is never replaced.
final class FileMarkdownFolder: MarkdownFolder {
    private let files = FileManager.default
    private let home: String

    /// `home` is what `~` means: `$HOME`, which Foundation's own expansion ignores on Linux.
    init(home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) {
        self.home = home
    }

    func resolve(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    func names(in path: String) throws -> Set<String> {
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { throw CommandError("\(path) is a file, not a folder; give a folder") }
        return Set(try contents(of: path))
    }

    func write(_ file: MarkdownFile, to path: String) throws {
        do {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the folder \(path): \(error.localizedDescription); choose another")
        }
        let target = (path as NSString).appendingPathComponent(file.name)
        guard !files.fileExists(atPath: target) else {
            throw CommandError("\(target) is already there and was left as it is; export to an empty folder")
        }
        guard files.createFile(atPath: target, contents: Data(file.text.utf8)) else {
            throw CommandError("cannot write \(target); check that the folder is writable")
        }
        try? files.setAttributes([.modificationDate: Date(timeIntervalSince1970: file.modified)], ofItemAtPath: target)
    }

    func markdownFiles(in path: String) throws -> (files: [MarkdownFile], unreadable: [String]) {
        var files: [MarkdownFile] = []
        var unreadable: [String] = []
        for name in try markdownNames(in: path, under: "", depth: 0).sorted() {
            let target = (path as NSString).appendingPathComponent(name)
            guard let data = self.files.contents(atPath: target) else {
                unreadable.append("\(name) cannot be read (check its permissions)")
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                unreadable.append("\(name) is not UTF-8 text (convert it, e.g. with iconv)")
                continue
            }
            let modified = (try? self.files.attributesOfItem(atPath: target)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            files.append(MarkdownFile(name: name, text: text, modified: modified))
        }
        return (files, unreadable)
    }

    /// The `.md` files of `path` and its folders, as paths relative to it (`trips/rome.md`);
    /// hidden files and folders (`.obsidian`, `.git`) and links to folders are left out.
    private func markdownNames(in path: String, under prefix: String, depth: Int) throws -> [String] {
        var names: [String] = []
        for name in try contents(of: path) where !name.hasPrefix(".") {
            let target = (path as NSString).appendingPathComponent(name)
            let type = (try? files.attributesOfItem(atPath: target)[.type] as? FileAttributeType) ?? nil
            if type == .typeDirectory, depth < Self.deepestFolder {
                names += (try? markdownNames(in: target, under: prefix + name + "/", depth: depth + 1)) ?? []
            } else if type != .typeDirectory, name.lowercased().hasSuffix(".md") {
                names.append(prefix + name)
            }
        }
        return names
    }

    /// How deep `import` looks into folders.
    static let deepestFolder = 16

    private func contents(of path: String) throws -> [String] {
        do {
            return try files.contentsOfDirectory(atPath: path)
        } catch {
            throw CommandError("cannot read the folder \(path): check that it exists and is readable")
        }
    }
}
