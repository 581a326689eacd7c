import Contracts
import Foundation
import ViperTestSupport

/// The corpus of broken plugins, each built by the tests
/// themselves, with the one line the host must report for it.
enum BrokenPlugin: String, CaseIterable, Sendable, CustomStringConvertible {
    case missingFile
    case notELF
    case emptyFile
    case truncated
    case notAPlugin
    case missingEntrySymbol
    case missingDependency
    case otherABI
    case registerThrows
    case badStatus
    case duplicateRegistration
    case duplicateName

    var description: String { rawValue }

    /// One broken case, ready to load.
    struct Case {
        /// The files to give with `--plugins`, in order; the last one is the broken one.
        let plugins: [String]
        /// The file the error line names.
        let broken: String
        /// The whole line, or a regular expression for it when it contains a build-dependent size.
        let line: String
        let isPattern: Bool

        func matches(_ candidate: String) -> Bool {
            guard isPattern else { return candidate == line }
            return (try? Regex(line).wholeMatch(in: candidate)) != nil
        }
    }

    func make() throws -> Case {
        let folder = try TemporaryFolder.make("broken-\(rawValue)")
        switch self {
        case .missingFile:
            let link = try TemporaryFolder.link(folder + "/gone/libGone.so", as: "libGone.so", in: folder)
            return Case(plugins: [folder], broken: link,
                        line: "\(link): no such file; check the path, or remove the broken link from \(folder)", isPattern: false)
        case .notELF:
            let path = try TemporaryFolder.write(Array("#!/bin/sh\necho this is a shell script, not a shared library\n".utf8),
                                                 to: "libScript.so", in: folder)
            return Case(plugins: [path], broken: path,
                        line: "\(path): not a plugin: not an ELF shared library; remove it from the plugin folder", isPattern: false)
        case .emptyFile:
            let path = try TemporaryFolder.write([], to: "libEmpty.so", in: folder)
            return Case(plugins: [path], broken: path,
                        line: "\(path): not a plugin: the file is empty; rebuild the plugin or remove the file", isPattern: false)
        case .truncated:
            // The first 5,000 bytes: enough to map, and dlopen dies with SIGBUS on it unless viper refuses it first.
            let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.good()))
            let path = try TemporaryFolder.write(Array(whole.prefix(5000)), to: "libTruncated.so", in: folder)
            return Case(plugins: [path], broken: path,
                        line: #"\#(NSRegularExpression.escapedPattern(for: path)): not a plugin: the file is truncated \(5000 bytes, but its ELF headers describe at least \d+\); rebuild the plugin or copy it again"#,
                        isPattern: true)
        case .notAPlugin:
            let path = try Fixtures.c("NotAPlugin.c")
            return Case(plugins: [path], broken: path,
                        line: "\(path): not a viper plugin: it does not export 'viper_plugin_abi'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)",
                        isPattern: false)
        case .missingEntrySymbol:
            let path = try Fixtures.c("NoEntryPlugin.c")
            return Case(plugins: [path], broken: path,
                        line: "\(path): not a viper plugin: it does not export 'viper_plugin_entry'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)",
                        isPattern: false)
        case .missingDependency:
            let path = try Fixtures.needingMissingLibrary()
            return Case(plugins: [path], broken: path,
                        line: "\(path): cannot load: it needs libFixtureDependency.so, which was not found (libFixtureDependency.so: cannot open shared object file: No such file or directory); install that library and run 'viper plugins --rescan' (viper keeps a refusal until the plugin file changes), or rebuild the plugin without it",
                        isPattern: false)
        case .otherABI:
            let path = try Fixtures.c("OtherABIPlugin.c")
            let host = ContractsVersion.current
            return Case(plugins: [path], broken: path,
                        line: "\(path): built for Contracts 2.0, but this viper has Contracts \(host); rebuild the plugin against Contracts \(host)",
                        isPattern: false)
        case .registerThrows:
            let path = try Fixtures.swift("ThrowingPlugin.swift")
            return Case(plugins: [path], broken: path,
                        line: "\(path): plugin 'fixture-throws' failed to register: the fixture refuses to register; fix the plugin or remove it",
                        isPattern: false)
        case .badStatus:
            let path = try Fixtures.c("BadStatusPlugin.c")
            return Case(plugins: [path], broken: path,
                        line: "\(path): its entry point reported failure (status 42); see the plugin's documentation, or remove it",
                        isPattern: false)
        case .duplicateRegistration:
            let path = try Fixtures.swift("DuplicateRegistrationPlugin.swift")
            return Case(plugins: [path], broken: path,
                        line: "\(path): plugin 'fixture-twice' registers service DuplicateRegistrationPlugin.Twice more than once; register each contract and name once",
                        isPattern: false)
        case .duplicateName:
            let first = try Fixtures.swift("TwinPlugin.swift", module: "TwinA")
            let second = try Fixtures.swift("TwinPlugin.swift", module: "TwinB")
            return Case(plugins: [first, second], broken: second,
                        line: "\(second): a plugin named 'fixture-twin' is already loaded from \(first); remove one of the two",
                        isPattern: false)
        }
    }
}
