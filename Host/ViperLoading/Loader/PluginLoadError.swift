import ViperCore
import ViperELF

/// Why a plugin file could not be loaded: one line naming the file, what is
/// wrong, and what to do (`PATH: what is wrong; what to do`).
package struct PluginLoadError: Error, Hashable, CustomStringConvertible, Sendable {
    /// The kinds of failure, so callers need not parse messages.
    package enum Code: String, Codable, Sendable {
        /// The file does not exist (a broken link) or cannot be read.
        case missingFile
        /// Not a usable ELF shared library: not ELF, empty, truncated, wrong platform.
        case notALibrary
        /// `dlopen` failed: a missing dependency, an undefined symbol.
        case openFailed
        /// The library does not export `viper_plugin_abi` or `viper_plugin_entry`.
        case missingSymbol
        /// Built for a Contracts ABI this viper cannot load.
        case incompatibleABI
        /// The entry point reported failure, or registration threw.
        case entryFailed
        /// A plugin of the same name is already loaded, or the name is not allowed.
        case refused
        /// The plugin registered the same contract twice.
        case duplicateRegistration
        /// The same file was already loaded (found twice); not a problem to report.
        case alreadyLoaded
        /// The file, or a folder above it, is owned or writable by another account.
        case untrusted
        /// A plugin lock exists, and this file is not in it or changed since.
        case notPinned
        /// It carries its own copy of Contracts instead of linking libContracts.so.
        case ownContracts
        /// A contract library it was built against is missing, refused, too old for it, or copied into it.
        case contractLibrary
        /// The file changed after viper scanned it, and its new version could not be used.
        case changedSinceScan
        /// Loaded in viper, it registers something else than its scan recorded.
        case differsFromScan
        /// viper could not look at the file now (out of open files, the scanner could not start):
        /// no verdict on the file, so the scan cache never keeps it.
        case unavailable
    }

    /// The kind of failure.
    package let code: Code
    /// The file, as it was found.
    package let path: String
    /// What is wrong and what to do.
    package let message: String

    package init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }

    /// Turns `dlerror()` text into a message that says what to do.
    package static func fromDlopen(path: String, dlerror raw: String) -> PluginLoadError {
        // dlerror repeats the path first ("PATH: reason"); keep only the reason.
        var reason = PrintableText.fileText(raw)
        if reason.hasPrefix(PrintableText.fileText(path) + ": ") { reason.removeFirst(PrintableText.fileText(path).count + 2) }
        // The pre-open check refuses an empty, truncated or non-ELF file first, with its own
        // lines; these two are reached only when the file is rewritten in place between that
        // check and dlopen (which opens the same descriptor).
        if reason.contains("file too short") || reason.contains("cannot read file data") {
            return PluginLoadError(
                .notALibrary, path: path, message: "not a plugin: the file is empty or truncated (\(reason)); rebuild the plugin or copy it again")
        }
        if reason.contains("invalid ELF header") {
            return PluginLoadError(.notALibrary, path: path, message: "not a plugin: not an ELF shared library (\(reason)); remove it from the plugin folder")
        }
        if reason.contains("cannot open shared object file") {
            if let colon = reason.firstIndex(of: ":") {
                let dependency = String(reason[..<colon])
                if dependency != path {
                    return PluginLoadError(
                        .openFailed, path: path,
                        message:
                            "cannot load: it needs \(dependency), which was not found (\(reason)); install that library and run 'viper plugins --rescan' (viper keeps a refusal until the plugin file changes), or rebuild the plugin without it"
                    )
                }
            }
            return PluginLoadError(.missingFile, path: path, message: "no such file (\(reason)); check the path")
        }
        if reason.contains("undefined symbol") {
            let module = swiftModule(ofUndefinedSymbolIn: reason)
            reason = SwiftDemangler.annotate(reason)
            if let module, module != "Contracts" {
                return PluginLoadError(
                    .openFailed, path: path,
                    message: "cannot load: \(reason); it was built against a \(module) other than the installed one (a newer one, when it "
                        + "uses what the installed one lacks): install the \(module) it was built against (the library and its suites, "
                        + "into the plugin folder), or rebuild the plugin against the installed \(module)")
            }
            return PluginLoadError(
                .openFailed, path: path,
                message: "cannot load: \(reason); it was built against a different Contracts or library, rebuild it against this viper's Contracts")
        }
        // glibc's words for a header the pre-open check lets through: another system's OS ABI
        // ("ELF file OS ABI invalid", "ELF file ABI version invalid"); the class and the machine
        // are refused before dlopen, by the pre-open check's own lines.
        if reason.contains("wrong ELF class") || reason.contains("OS ABI") || reason.contains("ABI version invalid") || reason.contains("machine") {
            return PluginLoadError(.notALibrary, path: path, message: "cannot load: built for another platform (\(reason)); rebuild the plugin on this machine")
        }
        return PluginLoadError(.openFailed, path: path, message: "cannot load: \(reason); rebuild the plugin, or remove it from the plugin folder")
    }

    /// The module of the Swift symbol `dlerror` names as undefined (`$s9RecipeKit…` is
    /// RecipeKit's), or nil when it is not a Swift symbol.
    static func swiftModule(ofUndefinedSymbolIn reason: String) -> String? {
        guard let marker = reason.range(of: "undefined symbol: ") else { return nil }
        var symbol = reason[marker.upperBound...].prefix { !$0.isWhitespace && $0 != "," }
        if symbol.hasPrefix("_") { symbol = symbol.dropFirst() }
        guard symbol.hasPrefix("$s") else { return nil }
        let rest = symbol.dropFirst(2)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0, rest.count >= digits.count + length else { return nil }
        return String(rest.dropFirst(digits.count).prefix(length))
    }
}
