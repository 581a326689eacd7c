import Contracts
import Foundation
import ViperCore
import ViperELF

/// The contract libraries installed in the plugin folders, checked with the rules a plugin
/// meets (owner and mode, ELF headers, no copy of Contracts of its own) before anything of
/// them runs, and loaded just before the first plugin that links one. The loader asks it,
/// for each plugin, before `dlopen` (``prepare(descriptor:size:)``: no private copy, nothing
/// missing) and at the entry point (``versionProblem(_:)``: not too new).
package final class ContractLibraryCatalog {
    package private(set) var libraries: [ContractLibrary] = []
    private var files: [PluginFile] = []
    private let allowInsecure: Bool
    /// The plugin lock: while one is in force, a library loads only when pinned in it, as a plugin.
    private let lockState: LockState
    /// The signed-plugin check, for a library with a signature beside it (the runtime's catalog; the scanner's has none).
    private let signatures: SignatureCheck?
    private let lock = NSLock()
    /// ``isAvailable(_:runPaths:)`` by SONAME and run path: the scanner asks for every plugin, and most need the same libraries.
    private var availability: [Linkage: Bool] = [:]
    /// ``unknownLibraries(needed:runPaths:)`` by what a plugin links.
    private var unknownByLinkage: [Linkage: [String]] = [:]
    /// Each library's protocol requirements by path, read when a plugin first needs it (``requirementProblem``).
    var requirementTables: [String: ProtocolRequirementTable] = [:]

    private struct Linkage: Hashable {
        let needed: [String]
        let runPaths: [String]
    }

    /// Checks `files` (found by ``separate(_:)``), the first of each name winning.
    package init(_ files: [PluginFile] = [], allowInsecure: Bool = false, lock: LockState = .none, signatures: SignatureCheck? = nil) {
        self.allowInsecure = allowInsecure
        lockState = lock
        self.signatures = signatures
        for file in files {
            var library = inspect(file)
            if let reason = ReservedNames.libraryProblem(name: library.name, soname: library.soname) {
                // Nameless, so no plugin that links the real library is matched to it.
                library = ContractLibrary(
                    name: "", soname: "", version: library.version, path: file.path, origin: file.folder.origin,
                    status: .refused, reason: reason)
            }
            if library.status == .ready, let first = libraries.first(where: { $0.name == library.name && $0.status == .ready }) {
                library.status = .refused
                library.reason = "another contract library named \(library.name) was found first, at \(first.path); remove one of the two"
            }
            libraries.append(library)
            self.files.append(file)
        }
    }

    /// Splits what discovery found into plugins and contract libraries (files with a
    /// `viper_contract_library` section that do not export `viper_plugin_entry`), reading only
    /// their section headers (and the symbols of a file with the section).
    /// A file `knownPlugin` vouches for (the descriptor cache has it, unchanged, as a plugin) is not read.
    package static func separate(_ files: [PluginFile], knownPlugin: (PluginFile) -> Bool = { _ in false }) -> (plugins: [PluginFile], libraries: [PluginFile])
    {
        let split = separatePositions(files) { knownPlugin(files[$0]) }
        return (split.plugins.map { files[$0] }, split.libraries.map { files[$0] })
    }

    /// One problem per refused library.
    package var problems: [Problem] {
        lock.withLock { libraries }.filter { $0.status == .refused }.map {
            Problem(kind: .loadFailed, plugin: nil, contract: $0.name.isEmpty ? nil : $0.name, message: "\($0.path): \($0.reason ?? "refused")")
        }
    }

    /// Every library file found, for the scanner child: it checks them again, and names a
    /// refused one to the plugins that need it.
    package var foundFiles: [PluginFile] { lock.withLock { files } }

    /// Changes whenever a library is added, removed or changed: part of the descriptor cache's
    /// host identity, since whether a plugin loads depends on the libraries beside it.
    package var identity: String {
        lock.withLock { libraries }.map { library in
            let stamp = FileStamp.read(library.path)
            return "\(library.path)/\(stamp?.size ?? 0)/\(stamp?.modifiedNanoseconds ?? 0)/\(stamp?.changedNanoseconds ?? 0)"
        }.joined(separator: ";")
    }

    /// The checks a plugin file meets, on `file` as a contract library; nothing of it runs.
    private func inspect(_ file: PluginFile) -> ContractLibrary {
        func refused(_ message: String, name: String = "", soname: String = "", version: ContractsVersion = ContractsVersion(major: 0, minor: 0))
            -> ContractLibrary
        {
            ContractLibrary(name: name, soname: soname, version: version, path: file.path, origin: file.folder.origin, status: .refused, reason: message)
        }
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if OpenFileLimit.ranOut(code) { return refused(OpenFileLimit.line(code, subject: "the library")) }
            return refused("cannot be read (\(String(cString: strerror(code)))); check its permissions")
        }
        defer { close(descriptor) }
        var info = stat()
        fstat(descriptor, &info)
        // Its name comes first (reading tables runs nothing), so a refusal can be matched to the plugins that need it.
        let identity = ContractLibrary.identify(ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), depth: .dynamic), path: file.path)
        let found = try? identity.get()
        if let problem = checks(file, descriptor: descriptor) {
            return refused(problem, name: found?.name ?? "", soname: found?.soname ?? "", version: found?.version ?? ContractsVersion(major: 0, minor: 0))
        }
        switch identity {
        case .failure(let error):
            return refused(error.message)
        case .success(let found):
            return ContractLibrary(
                name: found.name, soname: found.soname, version: found.version, path: file.path,
                origin: file.folder.origin, status: .ready, reason: nil)
        }
    }

    /// Owner and mode, ELF headers, no copy of Contracts: what ``PluginLoader`` checks on a plugin.
    private func checks(_ file: PluginFile, descriptor: Int32) -> String? {
        do throws(PreOpenCheck.Refusal) {
            // The checks a plugin passes, on the descriptor that is loaded: a regular file, trusted, pinned, whole ELF.
            let checked = try PreOpenCheck.file(
                file.path, folder: file.folder.path, descriptor: descriptor, noun: "contract library", allowInsecure: allowInsecure,
                lock: lockState)
            _ = try PreOpenCheck.image(descriptor: descriptor, size: UInt64(checked.info.st_size))
        } catch {
            return error.message
        }
        // Signed like a plugin: a library with a signature beside it must verify (libraries are few; checked at every start).
        if let signatures, case .refused(let reason) = signatures.verify(file.path) { return reason }
        return nil
    }

    // MARK: Loading plugins

    /// Why the plugin open as `descriptor` must not be loaded because of a contract library,
    /// or nil, after loading every installed library it links. Runs before the plugin's `dlopen`.
    /// `linkage` is what ``ELFLinkage`` read of the same file (its `DT_NEEDED` and run path).
    package func prepare(descriptor: Int32, size: UInt64, linkage: ELFLinkage) -> String? {
        lock.withLock {
            var elf = ContractLibraryELF(needed: linkage.needed, runPaths: linkage.runPaths)
            let unknown = unknownLibraries(needed: elf.needed, runPaths: elf.runPaths)
            let modules = Set(libraries.map(\.name).filter { !$0.isEmpty } + unknown.compactMap(ContractLibrary.moduleName(soname:)))
            if !modules.isEmpty {
                elf = ContractLibraryELF(descriptor: descriptor, size: size, depth: .symbols, modules: modules.sorted())
            }
            if let copied = libraries.first(where: { !$0.name.isEmpty && elf.definedProtocolModules.contains($0.name) }) {
                let name = copied.name
                return
                    "refused: it carries its own copy of the contract library \(name) (it defines \(name)'s protocols itself, which only lib\(name).so may define), "
                    + "so its \(name) protocols are not the ones other plugins share and every lookup between them would fail; link lib\(name).so (-l\(name)) instead of compiling \(name) into the plugin"
            }
            for needed in elf.needed {
                guard let index = libraries.firstIndex(where: { $0.soname == needed && $0.status != .refused }) else {
                    if let refused = libraries.first(where: { $0.soname == needed }) {
                        return
                            "refused: it needs the contract library \(refused.name) (\(refused.path)), which was refused: \(refused.reason ?? "no reason recorded")"
                    }
                    continue
                }
                if let problem = load(index) { return problem }
            }
            if let problem = requirementProblem(descriptor: descriptor, size: size, needed: elf.needed) { return problem }
            if let missing = unknown.first(where: { ContractLibrary.moduleName(soname: $0).map(elf.referencedModules.contains) ?? false }),
                let name = ContractLibrary.moduleName(soname: missing)
            {
                return
                    "refused: it needs the contract library \(name) (\(missing)), which is not installed in any plugin folder; install \(missing) beside the plugin (in a folder 'viper plugins' lists)"
            }
            return nil
        }
    }

    /// Why the contract libraries a plugin says it was built against (``Plugin/contractLibraries``)
    /// do not match the installed ones, or nil: each installed, same major, minor not above.
    package func versionProblem(_ recorded: [ContractLibraryVersion]) -> String? {
        let installed = lock.withLock { libraries }
        for wanted in recorded {
            guard let library = installed.first(where: { $0.name == wanted.name && $0.status != .refused }) else {
                if let refused = installed.first(where: { $0.name == wanted.name }) {
                    return
                        "refused: it was built against the contract library \(wanted), and the installed one (\(refused.path)) was refused: \(refused.reason ?? "no reason recorded")"
                }
                return
                    "refused: it was built against the contract library \(wanted), which is not installed in any plugin folder; install lib\(wanted.name).so \(wanted.version) or a later \(wanted.version.major).x beside the plugin"
            }
            guard library.version.canLoad(wanted.version) else {
                let fix =
                    library.version.major == wanted.version.major
                    ? "install \(wanted.name) \(wanted.version) or a later \(wanted.version.major).x, or rebuild the plugin against \(library.version)"
                    : "install \(wanted.name) \(wanted.version.major).x, or rebuild the plugin against \(library.version)"
                return "refused: it was built against the contract library \(wanted), but the installed one (\(library.path)) is \(library.displayName), "
                    + (library.version.major == wanted.version.major ? "older; " : "another major version; ") + fix
            }
        }
        return nil
    }

    /// Opens library `index` once (checked again on the descriptor that is loaded); the message when it cannot be.
    private func load(_ index: Int) -> String? {
        guard libraries[index].status == .ready else { return nil }
        let library = libraries[index]
        let descriptor = open(library.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return "cannot load the contract library \(library.name): \(library.path) cannot be read (\(String(cString: strerror(errno))))"
        }
        defer { close(descriptor) }
        if let problem = checks(files[index], descriptor: descriptor) {
            libraries[index].status = .refused
            libraries[index].reason = problem
            return "refused: it needs the contract library \(library.name) (\(library.path)), which was refused: \(problem)"
        }
        let name = PluginLoader.loadName(descriptor: descriptor, path: library.path)
        LoadedImages.noteOpening()
        guard dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) != nil else {
            let raw = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            let reason = PrintableText.fileText(raw.replacingOccurrences(of: name, with: library.path))
            libraries[index].status = .refused
            libraries[index].reason = "cannot load: \(reason)"
            return "refused: it needs the contract library \(library.name) (\(library.path)), which cannot be loaded: \(reason)"
        }
        libraries[index].status = .loaded
        return nil
    }

    /// The folder of the Swift runtime this process uses (from /proc/self/maps), where Foundation's libraries live too.
    private static let swiftRuntimeFolder: String? = ProcessMaps.path(endingWith: "/libswiftCore.so").map(Paths.parent)

    /// The Swift libraries among `needed` that are neither installed contract libraries nor found
    /// where the dynamic loader looks; kept by `needed` and `runPaths` (the libraries' names do not
    /// change after ``init(_:allowInsecure:)``), since most plugins link the same ones.
    private func unknownLibraries(needed: [String], runPaths: [String]) -> [String] {
        let key = Linkage(needed: needed, runPaths: runPaths)
        if let known = unknownByLinkage[key] { return known }
        let unknown = needed.filter { needed in
            !libraries.contains { $0.soname == needed } && ContractLibrary.moduleName(soname: needed) != nil
                && !available(needed, runPaths: runPaths)
        }
        unknownByLinkage[key] = unknown
        return unknown
    }

    private func available(_ soname: String, runPaths: [String]) -> Bool {
        let key = Linkage(needed: [soname], runPaths: runPaths)
        if let known = availability[key] { return known }
        let found = Self.isAvailable(soname, runPaths: runPaths)
        availability[key] = found
        return found
    }

    /// Whether the dynamic loader would find `soname` without viper: already in this process (the
    /// Swift runtime, Foundation), beside the Swift runtime, in an absolute folder of the plugin's
    /// run path (as the fixtures that share libFixtureContracts.so are built), `LD_LIBRARY_PATH`, or
    /// a system folder. Only a Swift library found nowhere is called a missing contract library;
    /// `$ORIGIN` entries are skipped, since they do not name the plugin's folder (ARCHITECTURE.md fact 11).
    private static func isAvailable(_ soname: String, runPaths: [String]) -> Bool {
        if dlopen(soname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE) != nil { return true }
        let environment = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]?.split(separator: ":").map(String.init) ?? []
        let system =
            ["/lib", "/usr/lib", "/usr/local/lib", "/lib64", "/usr/lib64"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?.filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/" + $0 } ?? [])
        let folders = [swiftRuntimeFolder].compactMap { $0 } + runPaths.filter { $0.hasPrefix("/") } + environment + system
        return folders.contains { FileManager.default.fileExists(atPath: Paths.join($0, soname)) }
    }
}
