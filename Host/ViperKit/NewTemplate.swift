import ViperCommandLine

/// The shapes `viper new` writes, as Generamba's template catalogue: `viper new NAME`
/// (a plugin with one module), `viper new module NAME --in PATH`, `viper new service NAME`
/// and `viper new adapter NAME`. `viper new --list` prints ``list``.
enum NewTemplate: String, CaseIterable {
    case plugin, module, service, adapter

    static let list = """
        Templates ('viper new --list'; NAME is UpperCamelCase, e.g. Counter):
          viper new NAME                      plugin: a plugin with one VIPER module (its roles, its contract's one promise, tests of it)
          viper new module NAME --in PATH     module: one more VIPER module, with its tests, registered in the plugin package at PATH
          viper new NAME --example            example: the same with a demo list of entries (add, remove, done) to learn from
          viper new NAME --routes-to CONTRACT routed: a module whose builder routes to CONTRACT through a typed route (also 'module ...')
          viper new service NAME              service: a plugin providing NoteStore from a file, its tests and the NoteStore conformance suite
          viper new adapter NAME              adapter: a plugin serving the contract NAME through an adapter (registerAdapter) from NAMESource
                                              or --from CONTRACT; '--example' writes a worked one with a module using it
          viper new NAME --contract-library   contract library: protocols that plugins of different authors share, with empty suites
                                              to fill ('--example' writes a worked check per contract; '--service NAME' and
                                              '--screen NAME' name its protocols, written empty)
          viper new module NAME --in PATH --contract LIBRARY.PROTOCOL
                                              library module: a module implementing a contract library's protocol (also 'viper new NAME --contract ...',
                                              whose module is named after the protocol, or '--name MODULE')
        --uses LIBRARY.PROTOCOL (with a plugin or a module) writes a module that uses a contract library's service: the builder
        lists and receives it, the interactor holds it, the tests give it a double (Spies/FakePROTOCOL.swift).
        --dir DIR writes the package inside DIR; --in-tree writes a plugin into viper's own source tree;
        --route PATH sets a plugin's or a module's route (default: the name in lower case).

        """

    /// The template and the name: `NAME` alone is the plugin template; `TEMPLATE NAME` another.
    static func parse(_ options: NewOptions) throws -> (NewTemplate, ModuleName) {
        let arguments = options.arguments
        let template: NewTemplate
        if arguments.count == 2 {
            guard let chosen = NewTemplate(rawValue: arguments[0]) else {
                throw UsageError(
                    "'\(arguments[0])' is not a template of 'viper new'; choose one of \(allCases.map(\.rawValue).joined(separator: ", ")) ('viper new --list' shows them)"
                )
            }
            template = chosen
        } else if let first = arguments.first, let chosen = NewTemplate(rawValue: first), chosen != .plugin {
            throw UsageError("'viper new \(first)' needs a name, e.g. 'viper new \(first) \(chosen.example)'")
        } else {
            template = .plugin
        }
        let name = try ModuleName(arguments.last ?? "").routed(options.route)
        switch template {
        case .module:
            guard options.into != nil else {
                throw UsageError("'viper new module' needs the plugin package to add to: 'viper new module \(name.type) --in PATH'")
            }
        default:
            if options.into != nil {
                throw UsageError("--in PATH belongs to 'viper new module NAME --in PATH'; drop it or add 'module'")
            }
        }
        if template != .plugin, options.inTree || options.contractLibrary {
            throw UsageError("--in-tree and --contract-library go with 'viper new NAME' only, not with the \(template.rawValue) template")
        }
        // A contract library takes --example (its worked suites); the other module flags are a module's.
        let exampleIsTheModules = !options.contractLibrary
        let moduleFlag =
            options.example && exampleIsTheModules
            ? "--example" : options.routesTo != nil ? "--routes-to" : options.blank ? "--blank" : options.route != nil ? "--route" : nil
        if let from = options.from {
            try Self.checkSource(from, template: template, name: name, example: options.example)
        }
        let adapterExample = template == .adapter && moduleFlag == "--example"
        if let flag = moduleFlag, !adapterExample, template != .plugin && template != .module || options.contractLibrary {
            throw UsageError(
                "\(flag) goes with 'viper new NAME' or 'viper new module NAME --in PATH', not with \(options.contractLibrary ? "--contract-library" : "the \(template.rawValue) template")"
            )
        }
        if options.contract != nil, template != .module && template != .plugin || options.blank || options.inTree || options.contractLibrary {
            throw UsageError(
                "--contract goes with 'viper new NAME' or 'viper new module NAME --in PATH', without --blank, --in-tree or --contract-library, e.g. 'viper new module \(name.type) --in PATH --contract ContactsKit.ContactPicking'"
            )
        }
        if options.example, options.blank || options.contract != nil || options.routesTo != nil {
            let other = options.blank ? "--blank" : options.contract != nil ? "--contract" : "--routes-to"
            throw UsageError("--example writes the demo module, \(other) another; choose one")
        }
        if options.routesTo != nil, options.contract != nil || options.inTree {
            throw UsageError(
                "--routes-to writes a module of its own contract in a package of its own; drop \(options.contract != nil ? "--contract" : "--in-tree"), or add the route by hand (docs/COOKBOOK.md, \"Route through a typed route\")"
            )
        }
        if options.libraryPath != nil, options.contract == nil, options.routesTo == nil, options.uses.isEmpty {
            throw UsageError(
                "--library-path goes with --contract, --routes-to or --uses LIBRARY.PROTOCOL; add one or drop --library-path")
        }
        if !options.uses.isEmpty, template != .module && template != .plugin || options.example || options.inTree || options.contractLibrary {
            let other =
                options.example
                ? "--example" : options.inTree ? "--in-tree" : options.contractLibrary ? "--contract-library" : "the \(template.rawValue) template"
            throw UsageError(
                "--uses goes with 'viper new NAME' or 'viper new module NAME --in PATH' (blank, --contract or --routes-to), not with \(other), e.g. 'viper new module \(name.type) --in PATH --uses ShelfKit.ReadingLog'"
            )
        }
        if options.moduleName != nil, template != .plugin || options.contract == nil {
            throw UsageError(
                "--name names the module of 'viper new NAME --contract LIBRARY.PROTOCOL' (default: the protocol's name); 'viper new module NAME' takes the module's name as NAME"
            )
        }
        if let given = options.moduleName { _ = try ModuleName(given) }
        if !options.services.isEmpty || !options.screens.isEmpty {
            guard options.contractLibrary, template == .plugin else {
                throw UsageError("--service and --screen name the protocols of 'viper new NAME --contract-library'; add --contract-library or drop them")
            }
            guard !options.example else {
                throw UsageError(
                    "--example writes the worked NAMEService and NAMEScreen with their checks, --service and --screen empty protocols of your names; choose one"
                )
            }
            try Self.checkContractNames(options.services + options.screens, library: name)
        }
        if options.blank, options.inTree {
            throw UsageError("--blank writes a package of its own; drop --in-tree, or drop --blank for the in-tree demo module")
        }
        if template == .module, options.directory != nil {
            throw UsageError("'viper new module' writes into the package given with --in; drop --dir")
        }
        return (template, name)
    }

    /// `--service NAME` and `--screen NAME`: Swift type names, each once, other than the library's own.
    private static func checkContractNames(_ names: [String], library: ModuleName) throws {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let taken = ModuleName.reserved.union([library.type, library.type + "Library", library.type + "Suites"])
        var seen: Set<String> = []
        for name in names {
            let valid = name.first?.isUppercase == true && name.allSatisfy { letters.contains($0) || $0.isASCII && $0.isNumber }
            guard valid, !taken.contains(name) else {
                throw UsageError(
                    "--service/--screen \(name): give a protocol's type name, letters and digits starting with a capital letter and other than \(library.type), e.g. --service ReadingLog --screen BookPicking"
                )
            }
            guard seen.insert(name).inserted else { throw UsageError("--service/--screen name \(name) twice; give each protocol once") }
        }
    }

    /// `--from CONTRACT`: only for the adapter template's own adapter, and a Swift type name.
    private static func checkSource(_ from: String, template: NewTemplate, name: ModuleName, example: Bool) throws {
        guard template == .adapter else {
            throw UsageError("--from goes with 'viper new adapter NAME --from CONTRACT' only; drop it, or add 'adapter'")
        }
        guard !example else {
            throw UsageError("--from names the source of 'viper new adapter NAME', and --example writes a worked adapter of its own; choose one")
        }
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let valid = from.first?.isUppercase == true && from.allSatisfy { letters.contains($0) || $0.isASCII && $0.isNumber }
        let taken = ModuleName.reserved.union([name.type, name.type + "Adapter", name.type + "Plugin"])
        guard valid, !taken.contains(from) else {
            throw UsageError(
                "--from \(from): give the source contract's own type name, letters and digits starting with a capital letter "
                    + "and other than \(name.type), e.g. 'viper new adapter \(name.type) --from \(name.type)Source'")
        }
    }

    private var example: String {
        switch self {
        case .plugin: return "Counter"
        case .module: return "Details --in Counter"
        case .service: return "Journal"
        case .adapter: return "Welcome"
        }
    }
}
