import Contracts
import Foundation
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper install [--prefix PREFIX]` and `viper uninstall [--prefix PREFIX]`: copy the viper
/// that runs, with the products beside it, into the layout ``SDKLayout`` describes, and take
/// it away again.
///
///     PREFIX/bin/viper -> ../lib/viper/viper
///     PREFIX/lib/viper/{viper, libContracts.so, lib*Plugin.so, Modules/, Contracts/, Examples/, docs/}
///
/// The folder is filled beside its final place and renamed into it, so a failed install
/// leaves the previous one (or nothing). A marker file in it (``InstallManifest``) records
/// each file the install wrote with its SHA-256 and the prefix it was made for, so uninstall
/// removes exactly those files (any other stays and is named), and the `bin`/`lib` folders
/// only when the install made them and they are empty again.
package enum InstallCommand {
    static let defaultPrefix = "~/.local"
    /// Marks `PREFIX/lib/viper` as made by `viper install`: its ``InstallManifest``.
    static let markerName = ".viper-install"
    /// What SDK users need from `Modules/`: the interface (stable across compilers) and the binary module.
    private static let moduleFiles = ["Contracts.swiftinterface", "Contracts.swiftmodule", "Contracts.swiftdoc"]

    struct Target {
        let prefix: String
        var bin: String { Paths.join(prefix, "bin") }
        var lib: String { Paths.join(prefix, "lib") }
        var folder: String { Paths.join(prefix, "lib/viper") }
        var link: String { Paths.join(prefix, "bin/viper") }
    }

    package static func run(prefix: String?, environment: [String: String], uninstall: Bool) -> Int32 {
        let target = Target(prefix: Paths.absolute(prefix ?? defaultPrefix))
        do {
            print(uninstall ? try remove(target) : try install(from: SDKLayout.find(), to: target, environment: environment))
            return 0
        } catch let error as UsageError {
            ViperTool.printError("viper: \(error)")
            return ViperTool.usageExitCode
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    // MARK: Install

    static func install(from layout: SDKLayout, to target: Target, environment: [String: String]) throws -> String {
        let source = layout.executableDirectory
        guard let modules = layout.modulesDirectory, layout.libraryDirectory != nil, let contracts = layout.contractsPackage else {
            throw HostError(
                "this viper (\(source)) has no Contracts module, libContracts.so or Contracts package beside it; "
                    + "run 'viper install' from a build folder ('swift build -c release && .build/release/viper install')")
        }
        let manager = FileManager.default
        if Paths.realPath(target.folder) == Paths.realPath(source) {
            throw UsageError("this viper is the one installed in \(target.folder); run 'viper install' from a new build to replace it")
        }
        let previous = try checkOurs(target, installing: true)
        if case .manifest(let manifest) = previous {
            // Replacing the folder would delete them: the person moves them first.
            let foreign = manifest.foreignFiles(in: target.folder, marker: markerName)
            guard foreign.isEmpty else {
                throw UsageError(
                    "\(target.folder) holds \(Self.list(foreign)) that 'viper install' did not write (or that changed since), "
                        + "and installing replaces the folder; move \(foreign.count == 1 ? "it" : "them") away, then install again")
            }
        }
        var created: [String] = []
        for folder in [target.prefix, target.bin, target.lib] where !manager.fileExists(atPath: folder) {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            created.append(folder)
        }
        switch previous {  // an upgrade keeps what the first install made
        case .manifest(let manifest): created = manifest.created
        case .folderList(let folders): created = folders
        case nil: break
        }
        let staging = target.folder + ".installing-\(getpid())"
        var skippedReferences: [String] = []
        try? manager.removeItem(atPath: staging)
        do {
            try fill(staging, from: source, modules: modules, contracts: contracts)
            skippedReferences = InstallReferences.build(into: staging, modules: modules, contracts: contracts)
            skippedReferences += try InstallExamples.ship(from: layout.sourceTree, into: staging, installedAt: target.folder)
            let manifest = try InstallManifest.record(folder: staging, prefix: target.prefix, created: created, marker: markerName)
            try manifest.text.write(toFile: Paths.join(staging, markerName), atomically: true, encoding: .utf8)
            if manager.fileExists(atPath: target.folder) { try manager.removeItem(atPath: target.folder) }
            try manager.moveItem(atPath: staging, toPath: target.folder)
        } catch {
            try? manager.removeItem(atPath: staging)
            throw HostError("cannot install into \(target.folder): \(error is HostError ? "\(error)" : error.localizedDescription)")
        }
        if (try? manager.destinationOfSymbolicLink(atPath: target.link)) == nil {
            try manager.createSymbolicLink(atPath: target.link, withDestinationPath: "../lib/viper/viper")
        }
        return ([summary(target, environment: environment)] + skippedReferences).joined(separator: "\n")
    }

    /// Copies the executable, libraries, module and package sources into `folder`.
    private static func fill(_ folder: String, from source: String, modules: String, contracts: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: Paths.join(folder, "Modules"), withIntermediateDirectories: true)
        let names = try manager.contentsOfDirectory(atPath: source).sorted()
        let libraries = names.filter { $0 == "libContracts.so" || ($0.hasPrefix("lib") && $0.hasSuffix("Plugin.so")) }
        for name in ["viper"] + libraries {
            try manager.copyItem(atPath: Paths.join(source, name), toPath: Paths.join(folder, name))
        }
        for name in moduleFiles where manager.fileExists(atPath: Paths.join(modules, name)) {
            try manager.copyItem(atPath: Paths.join(modules, name), toPath: Paths.join(folder, "Modules/\(name)"))
        }
        try copyPackage(contracts, to: Paths.join(folder, "Contracts"))
    }

    /// Copies a package's sources, leaving out build folders and resolved pins.
    private static func copyPackage(_ source: String, to destination: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: source) where !name.hasPrefix(".") && name != "Package.resolved" {
            let from = Paths.join(source, name), to = Paths.join(destination, name)
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: from, isDirectory: &isFolder)
            if isFolder.boolValue { try copyPackage(from, to: to) } else { try manager.copyItem(atPath: from, toPath: to) }
        }
    }

    private static func summary(_ target: Target, environment: [String: String]) -> String {
        let onPath = (environment["PATH"] ?? "").split(separator: ":").contains { Paths.realPath(String($0)) == Paths.realPath(target.bin) }
        var lines = [
            "Installed viper \(ViperTool.version) (Contracts \(ContractsVersion.current)) in \(target.folder);",
            "\(target.link) links to it. 'viper new NAME' now works from any folder, and 'viper sdk' shows the SDK.",
        ]
        if !onPath {
            lines.append("\(target.bin) is not on PATH; add it, e.g.: export PATH=\"\(target.bin):$PATH\"")
        }
        lines.append("Remove it with: viper uninstall --prefix \(target.prefix)")
        return lines.joined(separator: "\n")
    }

    // MARK: Uninstall

    static func remove(_ target: Target) throws -> String {
        let manager = FileManager.default
        guard manager.fileExists(atPath: target.folder) else {
            throw UsageError("no viper is installed in \(target.prefix) (\(target.folder) does not exist); give the prefix you installed with, --prefix PREFIX")
        }
        guard case .manifest(let manifest) = try checkOurs(target) else {
            throw UsageError(
                "\(target.folder) was installed by an earlier viper, whose marker lists no files, so uninstall cannot tell "
                    + "them from yours; run 'viper install --prefix \(target.prefix)' with this viper (it records them), then uninstall again")
        }
        let kept = manifest.foreignFiles(in: target.folder, marker: markerName)
        for path in InstallManifest.contents(of: target.folder).files where !kept.contains(path) {
            unlink(Paths.join(target.folder, path))
        }
        // Deepest first, and only when empty: what was kept keeps its folders.
        for folder in InstallManifest.contents(of: target.folder).folders {
            rmdir(Paths.join(target.folder, folder))
        }
        rmdir(target.folder)
        if (try? manager.destinationOfSymbolicLink(atPath: target.link)) != nil {
            try manager.removeItem(atPath: target.link)
        }
        // Only the folders above that install made, deepest first, and only when empty.
        for folder in manifest.created.filter([target.lib, target.bin, target.prefix].contains).sorted(by: { $0.count > $1.count })
        where (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try manager.removeItem(atPath: folder)
        }
        var lines = ["Removed viper from \(target.prefix) (the files install wrote in \(target.folder), and \(target.link))."]
        if !kept.isEmpty {
            lines.append(
                "Kept \(Self.list(kept)) in \(target.folder) that 'viper install' did not write (or that changed since); "
                    + "remove \(kept.count == 1 ? "it" : "them") yourself if you do not need \(kept.count == 1 ? "it" : "them").")
        }
        lines.append("Your data and plugin folders are untouched.")
        return lines.joined(separator: "\n")
    }

    /// "1 file (a)" or "3 files (a, b, c)".
    /// At most five names: a build folder left in the installed SDK holds thousands of files.
    private static func list(_ paths: [String]) -> String {
        let shown = paths.count > 5 ? paths.prefix(4).joined(separator: ", ") + " and \(paths.count - 4) more" : paths.joined(separator: ", ")
        return "\(paths.count) file\(paths.count == 1 ? "" : "s") (\(shown))"
    }

    /// Refuses a `lib/viper` or `bin/viper` that `viper install` did not make, or whose marker was
    /// made for another prefix; returns the marker, or nil when there is no `lib/viper`.
    /// When `installing`, a folder without a marker that holds no file (what an uninstall leaves
    /// when the person later deletes what it kept) is taken as empty, and one that holds files
    /// names them.
    private static func checkOurs(_ target: Target, installing: Bool = false) throws -> InstallManifest.Marker? {
        let manager = FileManager.default
        var marker: InstallManifest.Marker?
        let path = Paths.join(target.folder, markerName)
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: target.folder, isDirectory: &isFolder), isFolder.boolValue, installing, !DataFolderGuard.isLink(target.folder),
            !manager.fileExists(atPath: path), !DataFolderGuard.isLink(path)
        {
            let files = InstallManifest.contents(of: target.folder).files
            guard files.isEmpty else {
                throw UsageError(
                    "\(target.folder) holds \(Self.list(files)) and no record of 'viper install' (an uninstall keeps the files it did not write); "
                        + "move \(files.count == 1 ? "it" : "them") away, then install again")
            }
        } else if manager.fileExists(atPath: target.folder) {
            guard !DataFolderGuard.isLink(path), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw UsageError("\(target.folder) exists but was not made by 'viper install'; move it away or choose another --prefix")
            }
            marker = try InstallManifest.parse(text, path: path)
            if case .manifest(let manifest) = marker, Paths.realPath(manifest.prefix) != Paths.realPath(target.prefix) {
                throw UsageError(
                    "\(path) was made for the prefix \(manifest.prefix), not \(target.prefix), so it does not describe "
                        + "the files here; move \(target.folder) away yourself, or give the prefix it was made for")
            }
        }
        if let destination = try? manager.destinationOfSymbolicLink(atPath: target.link) {
            // A link that leads nowhere is the person's too: two missing paths are not the same file.
            let resolved = Paths.realPath(target.link)
            guard destination == "../lib/viper/viper" || resolved != nil && resolved == Paths.realPath(Paths.join(target.folder, "viper")) else {
                throw UsageError("\(target.link) links to \(destination), not to \(target.folder)/viper; remove it or choose another --prefix")
            }
        } else if manager.fileExists(atPath: target.link) {
            throw UsageError("\(target.link) exists and is not a link made by 'viper install'; move it away or choose another --prefix")
        }
        return marker
    }
}
