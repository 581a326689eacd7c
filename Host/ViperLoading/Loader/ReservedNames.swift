import Foundation

/// The names of viper's own libraries and of the Swift runtime's, which no file in a plugin
/// folder may take: a drop-in `libContracts.so` marked as a contract library stood in for the
/// Contracts every plugin links, and every bundled plugin was disabled because of it.
///
/// Invariants:
/// - A file whose name is reserved (`lib<Name>.so` with `<Name>` below, or the name of any library in
///   the folder of the Swift runtime this process uses) is refused by itself, before anything reads it as a plugin or a contract library: one
///   problem names it, and nothing else changes (no plugin that links the real library is touched).
/// - A contract library whose module or SONAME is reserved, whatever its file is called, is
///   refused the same way and takes no name in the catalog, so no plugin is matched to it.
/// - The bundled folder only offers `lib*Plugin.so`, so no bundled file is ever reserved.
package enum ReservedNames {
    /// Modules viper or the Swift toolchain ships as `lib<Module>.so`.
    static let modules: Set<String> = [
        "Contracts", "ConformanceKit",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "dispatch", "Dispatch", "BlocksRuntime",
        "XCTest", "Testing", "_Testing_Foundation", "_TestingInterop", "swiftCore",
    ]

    /// Why the file at `path` is refused for its name, or nil.
    package static func fileProblem(_ path: String) -> String? {
        fileProblem(path, reserved: reservedFileNames)
    }

    /// ``fileProblem(_:)`` with the reserved set read once for a whole list of files: asked of
    /// every file found at every start, one lookup of its name.
    static func fileProblem(_ path: String, reserved: Set<String>) -> String? {
        let name = Paths.lastComponent(path)
        guard reserved.contains(name) else { return nil }
        let module = String(name.dropFirst(3).dropLast(3))
        return "refused: \(name) is the name of one of viper's own libraries or the Swift runtime's (\(module)), so it could stand "
            + "in for it; it is not loaded, and nothing else changes: rename it (a plugin or contract library needs a name of its own) "
            + "or remove it"
    }

    /// Why a contract library with module `name` and SONAME `soname` is refused for its name, or nil.
    static func libraryProblem(name: String, soname: String) -> String? {
        let module = isReserved(name) ? name : soname.hasPrefix("lib") && soname.hasSuffix(".so") ? String(soname.dropFirst(3).dropLast(3)) : ""
        guard !module.isEmpty, isReserved(module) else { return nil }
        return "refused: a contract library may not be named \(module), the name of one of viper's own libraries or the Swift "
            + "runtime's, since it could stand in for it; it is not loaded, and nothing else changes: give its module a name of its own"
    }

    /// `lib<Name>.so` for every reserved `<Name>`.
    static let reservedFileNames: Set<String> = Set(modules.union(runtimeModules).map { "lib\($0).so" })

    private static func isReserved(_ module: String) -> Bool {
        modules.contains(module) || runtimeModules.contains(module)
    }

    /// `<Name>` of every `lib<Name>.so` in the folder of the Swift runtime this process uses
    /// (`libswiftCore.so`, `libswift_Concurrency.so`, `libFoundation.so`, ...), read once, with
    /// `readdir` (Foundation's listing costs far more, at every start that finds a plugin).
    private static let runtimeModules: Set<String> = {
        guard let folder = ProcessMaps.path(endingWith: "/libswiftCore.so").map(Paths.parent),
            let names = libraryModules(in: folder)
        else { return ["swiftCore"] }
        return names
    }()

    /// `<Name>` of every `lib<Name>.so` entry of `folder`, or nil when it cannot be listed.
    static func libraryModules(in folder: String) -> Set<String>? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names = Set<String>()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("lib"), name.hasSuffix(".so") { names.insert(String(name.dropFirst(3).dropLast(3))) }
        }
        return names
    }
}

extension PluginDiscovery.Result {
    /// Takes the files with a reserved name out of what was found; returns each with why.
    package mutating func removeReserved() -> [(file: PluginFile, reason: String)] {
        var removed: [(file: PluginFile, reason: String)] = []
        var index = files.count - 1
        guard index >= 0 else { return [] }  // no file: the reserved set is not read (it lists a folder)
        let reserved = ReservedNames.reservedFileNames
        while index >= 0 {
            if let reason = ReservedNames.fileProblem(files[index].path, reserved: reserved) {
                removed.insert((files[index], reason), at: 0)
                files.remove(at: index)
                if index < infos.count { infos.remove(at: index) }
            }
            index -= 1
        }
        return removed
    }
}
