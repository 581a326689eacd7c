import ViperCommandLine

/// `viper new`'s declaration: its help and options (``NewCommand`` runs it, ``NewTemplate``
/// checks which options go with which template).
extension NewCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["new"], abstract: "Generate a plugin, a module, a service or an adapter from a template, with its tests",
        discussion: """
            Writes a SwiftPM package DIR/NAME (default DIR: the current folder) with the module's Builder,
            View, Presenter, Interactor, Entity, Router, its input/output contract, the plugin entry, tests
            per layer and a conformance test. It depends on this viper's Contracts by path; build it with
            'swift build' and drop .build/debug/libNAMEPlugin.so into a plugin folder. The module opens
            with 'open name' (lower-case). With --in-tree, writes Plugins/NAME in the viper source tree
            instead and adds it to Package.swift. With --contract-library, writes a contract library instead:
            protocols that plugins of different authors share (docs/PLUGIN_AUTHORS.md). TEMPLATE 'module'
            adds a module to the plugin package at PATH (--in PATH); 'service' writes a plugin providing
            NoteStore; 'adapter' a plugin serving the contract NAME through an adapter from another
            (--from CONTRACT). --list shows them all.
            The plugin's or the added module's roles hold only the contract's one promise (an output
            told on 'done') and tests of it; --example writes a demo list to learn from instead, and
            --routes-to CONTRACT a builder that routes to CONTRACT through a typed route (RoutingModuleBuilder)
            and a test of that route; --route PATH sets the module's route. With
            --contract LIBRARY.PROTOCOL, the plugin's or the added module implements that protocol of a
            contract library (read from the library's source: --library-path DIR, a .package(path:) of the
            plugin's Package.swift, or the folder LIBRARY beside the plugin package), not a contract of its own;
            the plugin's module is named after the protocol (--name MODULE names it otherwise). With
            --uses LIBRARY.PROTOCOL, the module uses that service: the builder lists and receives it, the
            interactor holds it, and the tests make the interactor with a double of it (Spies/FakePROTOCOL.swift).
            With --contract-library, --service NAME and --screen NAME name its protocols (empty, each with an
            empty suite) in place of the two placeholders.
            """,
        arguments: "[TEMPLATE] NAME", maximumArguments: 2,
        options: [
            CommandOption("--dir", value: "DIR", help: "Create the package inside DIR"),
            CommandOption("--in-tree", help: "Add the plugin to viper's own source tree (Plugins/NAME)"),
            CommandOption("--contract-library", help: "Write a contract library (shared protocols) instead of a plugin"),
            CommandOption("--in", value: "PATH", help: "With 'module': the plugin package to add the module to"),
            CommandOption("--list", help: "List the templates with the command for each"),
            CommandOption("--blank", help: "With a plugin or 'module': a blank module to fill (the default)"),
            CommandOption(
                "--example",
                help:
                    "With a plugin or 'module': the demo list (add, remove, done), not the blank module; with --contract-library: a worked check per contract; with 'adapter': a worked adapter with a module using it"
            ),
            CommandOption(
                "--routes-to", value: "CONTRACT",
                help: "With a plugin or 'module': a builder that routes to CONTRACT (PROTOCOL or LIBRARY.PROTOCOL), and its test"),
            CommandOption("--route", value: "PATH", help: "With a plugin or 'module': the module's route (default: the name in lower case)"),
            CommandOption(
                "--contract", value: "LIBRARY.PROTOCOL",
                help: "With a plugin or 'module': implement a contract library's protocol, not a contract of its own"),
            CommandOption(
                "--uses", value: "LIBRARY.PROTOCOL", repeatable: true,
                help:
                    "With a plugin or 'module': the module uses that service of a contract library, or Contracts' Clock, Logger or NoteStore (builder, interactor, a test double); repeat it or separate with commas"
            ),
            CommandOption("--name", value: "MODULE", help: "With 'viper new NAME --contract': the module's name (default: the protocol's)"),
            CommandOption(
                "--service", value: "NAME", repeatable: true, help: "With --contract-library: a service protocol's name, written in place of NAMEService"),
            CommandOption(
                "--screen", value: "NAME", repeatable: true, help: "With --contract-library: a module contract's name, written in place of NAMEScreen"),
            CommandOption("--library-path", value: "DIR", help: "With --contract, --routes-to or --uses: the contract library's package folder"),
            CommandOption("--from", value: "CONTRACT", help: "With 'adapter': the contract the adapter serves NAME from (default: NAMESource)"),
        ])

    package init(_ parsed: ParsedCommand) throws {
        self.init(options: NewOptions(parsed), environment: parsed.environment)
    }
}

/// What `viper new` was given, read from its declared options.
package struct NewOptions {
    /// The template and the name (`[TEMPLATE] NAME`).
    package var arguments: [String] = []
    /// `--dir DIR`.
    package var directory: String?
    /// `--in-tree`.
    package var inTree = false
    /// `--contract-library`.
    package var contractLibrary = false
    /// `viper new module NAME --in PATH`: the plugin package to add the module to.
    package var into: String?
    /// `--list`: show the templates.
    package var listTemplates = false
    /// `--route PATH`: the route of the new module (default: the name in lower case).
    package var route: String?
    /// `--blank`: a module with its roles and contract and nothing else to delete (the default).
    package var blank = false
    /// `--example`: the demo module (a list of entries) in place of the blank one.
    package var example = false
    /// `--routes-to CONTRACT`: the module's builder routes to CONTRACT through a typed route.
    package var routesTo: String?
    /// `--contract LIBRARY.PROTOCOL`: implement a contract library's protocol.
    package var contract: String?
    /// `--library-path DIR`: the contract library's package folder.
    package var libraryPath: String?
    /// `--from CONTRACT`: with 'adapter', the contract the adapter serves NAME from.
    package var from: String?
    /// `--uses LIBRARY.PROTOCOL`, each given: services of contract libraries the module uses.
    package var uses: [String] = []
    /// `--name MODULE`: with `viper new NAME --contract`, the module's name.
    package var moduleName: String?
    /// `--service NAME` and `--screen NAME`: a contract library's own protocols, named.
    package var services: [String] = []
    package var screens: [String] = []

    package init() {}

    init(_ parsed: ParsedCommand) {
        arguments = parsed.positional
        directory = parsed.value("--dir")
        inTree = parsed.has("--in-tree")
        contractLibrary = parsed.has("--contract-library")
        into = parsed.value("--in")
        listTemplates = parsed.has("--list")
        route = parsed.value("--route")
        blank = parsed.has("--blank")
        example = parsed.has("--example")
        routesTo = parsed.value("--routes-to")
        contract = parsed.value("--contract")
        libraryPath = parsed.value("--library-path")
        from = parsed.value("--from")
        uses = parsed.values("--uses")
        moduleName = parsed.value("--name")
        services = parsed.values("--service")
        screens = parsed.values("--screen")
    }
}
