import Contracts
import Foundation
import ViperELF

/// The steps of ``PluginLoader/load(_:known:)`` that look at the image itself: its
/// headers and linkage before `dlopen`, then `dlopen` and the version it was built for.
extension PluginLoader {
    /// Why `file` could not be opened (`code` is the `errno` of the failed open).
    package static func openFailure(_ file: PluginFile, code: Int32) -> PluginLoadError {
        if code == ENOENT || code == ENOTDIR || code == ELOOP {
            // A link to nothing is what a scanned folder holds; a path given (--plugins, viper check) may just be mistyped.
            var info = stat()
            guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                return PluginLoadError(.missingFile, path: file.path, message: "no such file; check the path")
            }
            return PluginLoadError(.missingFile, path: file.path, message: "no such file; check the path, or remove the broken link from \(file.folder.path)")
        }
        if OpenFileLimit.ranOut(code) {
            return PluginLoadError(.unavailable, path: file.path, message: OpenFileLimit.line(code, subject: "the plugin"))
        }
        return PluginLoadError(.missingFile, path: file.path, message: "cannot be read (\(String(cString: strerror(code)))); check its permissions")
    }

    /// The ELF headers, what the image links, its `.viper_abi` section and its contract libraries,
    /// all before `dlopen`; returns the version the section declares, if any.
    package func checkImage(_ path: String, descriptor: Int32, size: UInt64) throws(PluginLoadError) -> ContractsVersion? {
        try ELFCheck.withContents(descriptor: descriptor, size: size) { () throws(PluginLoadError) -> ContractsVersion? in
            try checkHeaders(path, descriptor: descriptor, size: size)
        }
    }

    /// ``checkImage(_:descriptor:size:)``'s checks, in order.
    private func checkHeaders(_ path: String, descriptor: Int32, size: UInt64) throws(PluginLoadError) -> ContractsVersion? {
        // dlopen maps a truncated file and then crashes on the missing pages: the headers first, as for a contract library.
        let linkage: ELFLinkage
        do throws(PreOpenCheck.Refusal) {
            linkage = try PreOpenCheck.image(descriptor: descriptor, size: size)
        } catch {
            throw Self.loadError(error, path: path)
        }
        // The version in the file's .viper_abi section is checked before dlopen runs any of
        // the plugin's code (its ELF constructors included); older plugins have no section.
        var declared: ContractsVersion?
        switch linkage.abiSection {
        case .malformed(let why)?:
            throw PluginLoadError(.incompatibleABI, path: path, message: ABISection.malformedMessage(why))
        case .version(let version)?:
            if let refusal = refusal(version) { throw PluginLoadError(.incompatibleABI, path: path, message: refusal) }
            declared = version
        case nil:
            break
        }
        if let problem = contractLibraries.prepare(descriptor: descriptor, size: size, linkage: linkage) {
            throw PluginLoadError(.contractLibrary, path: path, message: problem)
        }
        return declared
    }

    /// `dlopen`s the checked file and reads the Contracts version it was built for.
    package func openImage(_ path: String, descriptor: Int32, declared: ContractsVersion?) throws(PluginLoadError)
        -> (UnsafeMutableRawPointer, ContractsVersion)
    {
        let name = Self.loadName(descriptor: descriptor, path: path)
        LoadedImages.noteOpening()
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let raw = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw PluginLoadError.fromDlopen(path: path, dlerror: raw.replacingOccurrences(of: name, with: path))
        }
        let pluginVersion: ContractsVersion
        if let abiPointer = dlsym(handle, Self.abiSymbol) {
            // Without a section, the ABI is read before anything but the constructors runs.
            pluginVersion = ContractsVersion(packed: unsafeBitCast(abiPointer, to: ABIFunction.self)())
            if let declared, declared != pluginVersion {
                throw PluginLoadError(
                    .incompatibleABI, path: path,
                    message: ABISection.disagreement(section: declared, function: pluginVersion))
            }
        } else if let declared {
            pluginVersion = declared
        } else {
            throw PluginLoadError(
                .missingSymbol, path: path,
                message:
                    "not a viper plugin: it does not export '\(Self.abiSymbol)'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)"
            )
        }
        if let refusal = refusal(pluginVersion) {
            throw PluginLoadError(.incompatibleABI, path: path, message: refusal)
        }
        return (handle, pluginVersion)
    }
}
