import Foundation

extension ScanMode {
    /// The option that puts the scanner in a ``Sandbox`` writing only in the folder that follows.
    static let sandboxOption = "--sandbox"

    /// The sandbox the arguments ask for, or nil (no `--sandbox`): readable are the folders of
    /// every file to scan (and of the file a link leads to) and of their run paths, each `--in`
    /// folder, each `--library`'s folder and the lock's file.
    /// With `kept`, the plugin files the prescan opens stay open there for the loader.
    static func sandbox(for arguments: [String], keeping kept: PreopenedFiles? = nil) -> Sandbox? {
        var writable: String?
        var folders: [String] = []
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case sandboxOption, "--in", "--library", "--lock":
                guard let value else { return nil }
                if argument == sandboxOption { writable = value }
                if argument == "--in" { folders.append(value) }
                if argument == "--library" {
                    folders.append(Paths.parent(value))
                    if let real = Paths.realPath(value), real != value { folders.append(Paths.parent(real)) }
                }
                if argument == "--lock" { folders.append(Paths.join(value, PluginLock.fileName)) }
                index += 2
            default:
                if argument.utf8.first == UInt8(ascii: "/") {
                    // Most files are directly in the folder named last: checked by bytes, without a new String.
                    if !(folders.last.map { isFile(argument, directlyIn: $0) } ?? false) {
                        let folder = Paths.parent(argument)
                        if folder != folders.last { folders.append(folder) }
                    }
                    // A linked plugin's real folder comes with the run paths (one open a file, ``Sandbox/loadingFolders(of:)``).
                    files.append(argument)
                }
                index += 1
            }
        }
        guard let writable else { return nil }
        let layers = Sandbox.layersFromEnvironment()
        // The one variable it reads, by getenv: a forked scanner need not build Foundation's dictionary.
        let libraryPath = getenv("LD_LIBRARY_PATH").map { ["LD_LIBRARY_PATH": String(cString: $0)] } ?? [:]
        let prescanned = layers.contains(.prescan) ? Sandbox.loadingFolders(of: files, keeping: kept) : []
        var sandbox = Sandbox.forPlugins(in: folders + prescanned, writable: writable, environment: libraryPath)
        sandbox.layers = layers
        return sandbox
    }

    /// Whether `path` is `folder/NAME` with a NAME that has no slash (so `Paths.parent` of it is
    /// `folder`), compared as bytes with `memcmp` and `memchr` (the UTF-8 views' generic
    /// `starts(with:)` costs far more, once per file); false for anything else (the caller then
    /// asks `Paths.parent`).
    static func isFile(_ path: String, directlyIn folder: String) -> Bool {
        let slash = UInt8(ascii: "/")
        var path = path, folder = folder
        return path.withUTF8 { path in
            folder.withUTF8 { folder in
                guard path.count > folder.count + 1, folder.last != slash, path[folder.count] == slash,
                    let pathBase = path.baseAddress, let folderBase = folder.baseAddress,
                    memcmp(pathBase, folderBase, folder.count) == 0
                else { return false }
                return memchr(pathBase + folder.count + 1, Int32(slash), path.count - folder.count - 1) == nil
            }
        }
    }

    /// Applies the sandbox the arguments ask for, if any, and points `TMPDIR` into its folder;
    /// returns the plugin files its prescan opened, kept open for the loader (none unboxed).
    static func enterSandbox(_ arguments: [String]) -> PreopenedFiles? {
        let kept = PreopenedFiles()
        guard let sandbox = sandbox(for: arguments, keeping: kept) else { return nil }
        setenv("TMPDIR", sandbox.writable, 1)
        sandbox.apply()
        return kept
    }
}
