import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// What `viper install` wrote in `PREFIX/lib/viper`, kept in the folder's marker file
/// (`.viper-install`), so that `viper uninstall` removes exactly that and nothing else:
///
///     viper-install 2
///     prefix /home/ada/.local
///     created /home/ada/.local/bin
///     file 9f86d081884c7d65…  viper
///     file 1b4f0e9851971998…  Modules/Contracts.swiftinterface
///
/// Invariants:
/// - Every regular file install wrote is listed by its path inside the folder, with its SHA-256.
///   A file that is not listed (the person put it there) or whose bytes changed since is kept
///   and named; links are never followed, so a link put there is kept too.
/// - The manifest names the prefix it was made for: a marker copied into another prefix's
///   folder describes no file there and is refused whole.
/// - `created` lists the folders above (`PREFIX`, `PREFIX/bin`, `PREFIX/lib`) that install made;
///   uninstall removes only those of them, and only when empty.
/// - A marker of the first format (the created folders, one a line, and no `viper-install`
///   line) lists no file, so uninstall refuses it and says how to record one.
struct InstallManifest: Equatable {
    static let header = "viper-install 2"

    /// The prefix it was installed for, absolute.
    var prefix: String
    /// The folders above `lib/viper` that install created.
    var created: [String]
    /// The SHA-256 of each file install wrote, by path inside `lib/viper`.
    var files: [String: String]

    /// What a marker file holds.
    enum Marker: Equatable {
        case manifest(InstallManifest)
        /// The first format: only the created folders.
        case folderList([String])
    }

    /// Reads a marker's text; throws a line naming `path` when it is neither format.
    static func parse(_ text: String, path: String) throws -> Marker {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == header else {
            guard lines.allSatisfy({ $0.hasPrefix("/") }) else {
                throw HostError(
                    "\(path) is not an install marker viper can read; 'viper uninstall' removes nothing without one: "
                        + "remove the folder yourself if you are sure it holds only viper")
            }
            return .folderList(lines)
        }
        var manifest = InstallManifest(prefix: "", created: [], files: [:])
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let entry = parts.count == 2 ? parts[1].split(separator: " ", maxSplits: 1).map(String.init) : []
            if parts.count == 2, parts[0] == "prefix" {
                manifest.prefix = parts[1]
            } else if parts.count == 2, parts[0] == "created" {
                manifest.created.append(parts[1])
            } else if parts.first == "file", entry.count == 2, entry[0].count == 64 {
                manifest.files[entry[1].trimmingCharacters(in: .whitespaces)] = entry[0]
            } else {
                throw HostError(
                    "\(path): line '\(line)' is not part of an install marker; 'viper uninstall' removes nothing "
                        + "while it cannot read the marker: remove the folder yourself if you are sure it holds only viper")
            }
        }
        guard !manifest.prefix.isEmpty else {
            throw HostError("\(path) names no prefix, so it cannot say it belongs here; 'viper uninstall' removes nothing")
        }
        return .manifest(manifest)
    }

    /// The marker's text.
    var text: String {
        var lines = [Self.header, "prefix \(prefix)"]
        lines += created.map { "created \($0)" }
        lines += files.keys.sorted().compactMap { path in files[path].map { "file \($0)  \(path)" } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A manifest of every regular file under `folder` (the marker itself left out).
    static func record(folder: String, prefix: String, created: [String], marker: String) throws -> InstallManifest {
        var files: [String: String] = [:]
        for path in contents(of: folder).files where path != marker {
            guard let digest = digest(Paths.join(folder, path)) else {
                throw HostError("cannot read \(Paths.join(folder, path)) to record it in the install marker")
            }
            files[path] = digest
        }
        return InstallManifest(prefix: prefix, created: created, files: files)
    }

    /// The paths inside `folder` of every file (anything not a folder, links included and not
    /// followed), and of every folder, deepest first.
    static func contents(of folder: String) -> (files: [String], folders: [String]) {
        var files: [String] = []
        var folders: [String] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? folder : Paths.join(folder, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(Paths.join(folder, path), &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    walk(path)
                    folders.append(path)
                } else {
                    files.append(path)
                }
            }
        }
        walk("")
        return (files, folders)
    }

    /// The SHA-256 of the regular file at `path` (never through a link), or nil.
    static func digest(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return SHA256.hex(ofFile: descriptor)
    }

    /// The files in `folder` that are not exactly as install wrote them (not listed, changed, or
    /// no longer a regular file), the marker left out.
    func foreignFiles(in folder: String, marker: String) -> [String] {
        Self.contents(of: folder).files.filter { path in
            path != marker && (files[path] == nil || Self.digest(Paths.join(folder, path)) != files[path])
        }
    }
}
