import Foundation
import ViperCoreTestSupport
import ViperTestSupport

/// The other shapes `viper new` writes (a service plugin, an adapter plugin, a plugin with a
/// module added by `viper new module`, and each kind of plugin with each kind of added module:
/// default, `--blank`, `--contract LIBRARY.PROTOCOL`), each generated in a temporary folder outside the
/// repository, built with `swift build` and tested with `swift test` once per test run,
/// then shared, as ``GeneratedCounter`` does for the default template.
enum GeneratedShapes {
    enum Shape: String {
        case service, adapter, addedModule, blank
        /// `viper new adapter NAME --example`: the worked adapter with a module using it.
        case adapterExample
        /// The default plugin with a module of a contract library's protocol and a blank module.
        case defaultWithLibraryAndBlankModules
        /// A plugin of a contract library's protocol (`viper new NAME --contract`) with a
        /// default module and a blank module added.
        case libraryPluginWithDefaultAndBlankModules
        /// A service plugin with a module of a contract library's protocol and a blank module.
        case serviceWithLibraryAndBlankModules
        /// An adapter plugin with a default module added.
        case adapterWithDefaultModule
        /// A plugin whose module routes to a contract library's protocol through a typed route
        /// (`--routes-to`), with a module providing that protocol and a module routing to
        /// Contracts' NoteEditing added.
        case routed

        /// The package's name, and the `viper new` runs that write it (`DIR` is the folder).
        var package: String {
            switch self {
            case .service: return "Journal"
            case .adapter: return "Greeting"
            case .adapterExample: return "Welcome"
            case .addedModule: return "Tally"
            case .blank: return "Picker"
            case .defaultWithLibraryAndBlankModules: return "Tally"
            case .libraryPluginWithDefaultAndBlankModules: return "Chooser"
            case .serviceWithLibraryAndBlankModules: return "Diary"
            case .adapterWithDefaultModule: return "Salute"
            case .routed: return "Caller"
            }
        }

        var commands: [[String]] {
            switch self {
            case .service: return [["new", "service", "Journal", "--dir", "DIR"]]
            case .adapter: return [["new", "adapter", "Greeting", "--from", "Salutation", "--dir", "DIR"]]
            case .adapterExample: return [["new", "adapter", "Welcome", "--example", "--dir", "DIR"]]
            case .addedModule: return [["new", "Tally", "--dir", "DIR"], ["new", "module", "Details", "--in", "DIR/Tally"]]
            case .blank:
                return [["new", "Picker", "--blank", "--route", "contacts/pick", "--dir", "DIR"],
                        ["new", "module", "Details", "--in", "DIR/Picker", "--blank", "--route", "contacts/details"],
                        ["new", "module", "Entries", "--in", "DIR/Picker", "--route", "contacts/entries"]]
            case .defaultWithLibraryAndBlankModules:
                return [["new", "ContactsKit", "--contract-library", "--dir", "DIR"],
                        ["new", "Tally", "--dir", "DIR"],
                        ["new", "module", "Picker", "--in", "DIR/Tally", "--contract", "ContactsKit.ContactsKitScreen", "--route", "contacts/pick"],
                        ["new", "module", "Notes", "--in", "DIR/Tally", "--blank", "--route", "tally/notes"]]
            case .libraryPluginWithDefaultAndBlankModules:
                return [["new", "ContactsKit", "--contract-library", "--dir", "DIR"],
                        ["new", "Chooser", "--contract", "ContactsKit.ContactsKitScreen", "--route", "contacts/choose", "--dir", "DIR"],
                        ["new", "module", "Details", "--in", "DIR/Chooser", "--route", "contacts/details"],
                        ["new", "module", "Notes", "--in", "DIR/Chooser", "--blank", "--route", "contacts/notes"]]
            case .serviceWithLibraryAndBlankModules:
                return [["new", "ContactsKit", "--contract-library", "--dir", "DIR"],
                        ["new", "service", "Diary", "--dir", "DIR"],
                        ["new", "module", "Picker", "--in", "DIR/Diary", "--contract", "ContactsKit.ContactsKitScreen"],
                        ["new", "module", "Entries", "--in", "DIR/Diary", "--blank"]]
            case .adapterWithDefaultModule:
                return [["new", "adapter", "Salute", "--dir", "DIR"], ["new", "module", "Details", "--in", "DIR/Salute"]]
            case .routed:
                return [["new", "ContactsKit", "--contract-library", "--dir", "DIR"],
                        ["new", "Caller", "--routes-to", "ContactsKit.ContactsKitScreen", "--dir", "DIR"],
                        ["new", "module", "Picker", "--in", "DIR/Caller", "--contract", "ContactsKit.ContactsKitScreen", "--route", "caller/pick"],
                        ["new", "module", "Details", "--in", "DIR/Caller", "--routes-to", "NoteEditing", "--route", "caller/details"]]
            }
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: [Shape: Result<GeneratedCounter.Built, any Error>] = [:]

    static func built(_ shape: Shape) throws -> GeneratedCounter.Built {
        lock.lock()
        defer { lock.unlock() }
        if let result = cached[shape] { return try result.get() }
        let result = Result { try make(shape) }
        cached[shape] = result
        return try result.get()
    }

    private static func make(_ shape: Shape) throws -> GeneratedCounter.Built {
        let folder = try TemporaryFolder.make("new-\(shape.rawValue)")
        for command in shape.commands {
            let arguments = command.map { $0.replacingOccurrences(of: "DIR", with: folder) }
            let new = try ViperProcess().run(arguments)
            guard new.status == 0 else {
                throw GeneratedCounter.Failure(description: "viper \(arguments.joined(separator: " ")) failed (\(new.status)): \(new.stderr)")
            }
        }
        let package = folder + "/" + shape.package
        let build = try FixtureCompiler.run(["swift", "build"], in: package)
        guard build.status == 0 else {
            throw GeneratedCounter.Failure(description: "swift build of the generated \(shape.rawValue) package failed:\n\(build.output)")
        }
        let test = try FixtureCompiler.run(["swift", "test"], in: package)
        return GeneratedCounter.Built(package: package, library: package + "/.build/debug/lib\(shape.package)Plugin.so",
                                      testOutput: test.output, testStatus: test.status)
    }
}
