/// The subcommands of `viper`, for parsing and help.
package struct CommandInfo {
    struct Option {
        let flag: String
        let value: String?
        let help: String
    }

    package let name: String
    let arguments: String
    let maximumArguments: Int
    package let summary: String
    let details: String
    let options: [Option]

    static let globalOptions: [Option] = [
        Option(flag: "--plugins", value: "DIR", help: "Search DIR (or load one .so) before the other plugin folders; repeatable"),
        Option(flag: "--data", value: "DIR", help: "Keep data in DIR (default: $VIPER_DATA_DIR, else $XDG_DATA_HOME/viper)"),
        Option(flag: "--prefer", value: "CONTRACT=PLUGIN", help: "Choose the provider of a contract that several plugins provide; repeatable"),
        Option(flag: "--prefer", value: "ROUTE=PLUGIN", help: "Choose which plugin keeps a route that several declare (a bundled one keeps it otherwise)"),
        Option(flag: "-c", value: "COMMANDS", help: "Run shell commands separated by ';' and exit (non-zero if one failed)"),
        Option(flag: "-e", value: nil, help: "In -c or piped commands, stop at the first command that fails, as sh -e does (exit 1)"),
        Option(flag: "--plain", value: nil, help: "In -c or piped commands, print what commands say, not a screen each (for other tools)"),
        Option(flag: "--json", value: nil, help: "As --plain, and lists that can (to-dos) print one JSON array a line instead"),
        Option(flag: "--yes", value: nil, help: "In -c or piped commands, drop unsaved work when 'back', 'close', ... would lose it (else refused)"),
        Option(flag: "--watch", value: nil, help: "Watch the plugin folders in -c or piped sessions too, reloading plugins that change"),
        Option(flag: "--no-watch", value: nil, help: "Do not watch the plugin folders (an interactive shell and 'viper dev' do by default)"),
        Option(flag: "--command-timeout", value: "SECS", help: "In -c or piped commands, stop a command still running after SECS seconds as a hang"),
        Option(flag: "--no-color", value: nil, help: "Never colour the output (so does NO_COLOR)"),
        Option(flag: "--allow-insecure-plugins", value: nil, help: "Load plugins that others own or can write (development only; warns on every start)"),
        Option(flag: "--allow-intercept", value: "NAME", help: "Let plugin NAME intercept routes it does not serve itself; repeatable"),
        Option(flag: "--isolate", value: "NAME", help: "Run plugin NAME in a boxed process of its own (modules only); repeatable"),
        Option(flag: "--allow-network", value: "NAME", help: "Let isolated plugin NAME use the network (its box refuses it otherwise); repeatable"),
        Option(flag: "--verbose", value: nil, help: "Echo log messages to standard error"),
        Option(flag: "--version", value: nil, help: "Print viper's version and its Contracts ABI"),
        Option(flag: "--help", value: nil, help: "Show help (also: viper COMMAND --help)"),
    ]

    static let all: [CommandInfo] = [
        CommandInfo(
            name: "shell", arguments: "", maximumArguments: 0,
            summary: "Open the interactive shell (the default)",
            details:
                "Opens the shell with every plugin that loaded. With a terminal on standard input it offers\nline editing, history and Tab completion; otherwise it reads commands line by line.",
            options: []),
        CommandInfo(
            name: "plugins", arguments: "", maximumArguments: 0,
            summary: "List every plugin found, with what it provides and requires",
            details:
                "Prints the folders searched, in order (marking those that do not exist): --plugins,\nVIPER_PLUGIN_PATH, the user folder ($XDG_DATA_HOME/viper/plugins), then the plugins beside the\nviper executable; then each plugin file found, in that order.\nWith --lock, pins the plugins in use: while plugins.lock exists, a plugin that is not in it\nor whose bytes changed is refused before any of its code runs, until you lock again.\nGetting plugins from a signed index: plugins search, install, update, rollback, remove and\n--revoke-key (see 'viper help plugins install').\n"
                + ProfileCommand.details,
            options: [
                Option(flag: "--json", value: nil, help: "Print JSON instead of text"),
                Option(flag: "--rescan", value: nil, help: "Scan every plugin again instead of trusting the cache"),
                Option(flag: "--lock", value: nil, help: "Pin the plugins in use by SHA-256 in the data folder's plugins.lock; others are then refused"),
                Option(flag: "--unlock", value: nil, help: "Remove plugins.lock: every trusted plugin loads again"),
                Option(flag: "--enable", value: "NAME", help: "Load plugin NAME again after it crashed viper 3 times (forgets its crashes)"),
                ProfileCommand.option,
            ]),
        CommandInfo(
            name: "doctor", arguments: "", maximumArguments: 0,
            summary: "Check the plugin graph; exit non-zero when anything is wrong",
            details:
                "Checks every plugin found (from the descriptor cache, scanning new or changed files in a\nchild process): each requirement has a provider, no contract has two providers unless one was\nchosen, no services need each other, and every route is a valid path that is not a shell command\nand that one plugin declares unless one was chosen. Names each problem once, with its chain.\nAlso names each plugin just outside a searched folder (in a subfolder, named libX.so.1, or in\nthe data folder's plugins/ when that is not the user folder) with where it should go.\nLists the route interceptors of each contract in the order they run, and names a contract\nthat more than one plugin intercepts (a conflict the order settles).\n"
                + BisectOptions.details,
            options: [Option(flag: "--json", value: nil, help: "Print JSON instead of text")] + BisectOptions.help),
        CommandInfo(
            name: "graph", arguments: "[PLUGIN...]", maximumArguments: Int.max,
            summary: "Draw the contract graph: plugins, what they provide and require, and who serves it",
            details:
                "Shows viper's own services and every plugin found: the services, modules (with routes) and\nadapters each provides, each requirement with the plugin that serves it, and what is disabled or\nmissing, with the reason. With PLUGIN names, only those plugins and the plugins one edge away.\nThe DOT form renders with Graphviz unchanged; svg and png need Graphviz's 'dot' installed.",
            options: [
                Option(flag: "--format", value: "FORMAT", help: "text (default), dot, json, or svg/png (rendered with Graphviz's dot)"),
                Option(flag: "--output", value: "FILE", help: "Write to FILE instead of standard output (svg/png default: viper-graph.svg/.png)"),
            ]),
        CommandInfo(
            name: "check", arguments: "PATH.so", maximumArguments: 1,
            summary: "Run the conformance checks against a built plugin; exit non-zero when it fails one",
            details:
                "Loads the plugin in a child process (a crash cannot take the checker down) with a temporary\ndata folder, viper's own services and the bundled plugins (and --plugins) as providers, then\nchecks every module it registers: fresh builds, wiring, release after removal, declared\nservices, commands, the empty state, and the suites of its contracts: the bundled ones, those\nof its contract libraries (lib<Library>Suites.so beside the library), its own\n(lib<Plugin>Suites.so beside it) and --suites. One line per check.\nA check run that takes longer than VIPER_CHECK_TIMEOUT seconds (default 120) is stopped.",
            options: [
                Option(flag: "--json", value: nil, help: "Print JSON instead of text"),
                Option(flag: "--suites", value: "PATH", help: "Also run the suites built into PATH (a lib...Suites.so)"),
            ]),
        CommandInfo(
            name: "new", arguments: "[TEMPLATE] NAME", maximumArguments: 2,
            summary: "Generate a plugin, a module, a service or an adapter from a template, with its tests",
            details:
                "Writes a SwiftPM package DIR/NAME (default DIR: the current folder) with the module's Builder,\nView, Presenter, Interactor, Entity, Router, its input/output contract, the plugin entry, tests\nper layer and a conformance test. It depends on this viper's Contracts by path; build it with\n'swift build' and drop .build/debug/libNAMEPlugin.so into a plugin folder. The module opens\nwith 'open name' (lower-case). With --in-tree, writes Plugins/NAME in the viper source tree\ninstead and adds it to Package.swift. With --contract-library, writes a contract library instead:\nprotocols that plugins of different authors share (docs/PLUGIN_AUTHORS.md). TEMPLATE 'module'\nadds a module to the plugin package at PATH (--in PATH); 'service' writes a plugin providing\nNoteStore; 'adapter' a plugin serving one contract through another. --list shows them all.\nThe plugin's or the added module's roles hold only the contract's one promise (an output\ntold on 'done') and tests of it; --example writes a demo list to learn from instead, and\n--routes-to CONTRACT a builder that routes to CONTRACT through a typed route (RoutingModuleBuilder)\nand a test of that route; --route PATH sets the module's route. With\n--contract LIBRARY.PROTOCOL, the plugin's or the added module implements that protocol of a\ncontract library (read from the library's source: --library-path DIR, a .package(path:) of the\nplugin's Package.swift, or the folder LIBRARY beside the plugin package), not a contract of its own.",
            options: [
                Option(flag: "--dir", value: "DIR", help: "Create the package inside DIR"),
                Option(flag: "--in-tree", value: nil, help: "Add the plugin to viper's own source tree (Plugins/NAME)"),
                Option(flag: "--contract-library", value: nil, help: "Write a contract library (shared protocols) instead of a plugin"),
                Option(flag: "--in", value: "PATH", help: "With 'module': the plugin package to add the module to"),
                Option(flag: "--list", value: nil, help: "List the templates with the command for each"),
                Option(flag: "--blank", value: nil, help: "With a plugin or 'module': a blank module to fill (the default)"),
                Option(flag: "--example", value: nil, help: "With a plugin or 'module': the demo list (add, remove, done), not the blank module"),
                Option(
                    flag: "--routes-to", value: "CONTRACT",
                    help: "With a plugin or 'module': a builder that routes to CONTRACT (PROTOCOL or LIBRARY.PROTOCOL), and its test"),
                Option(flag: "--route", value: "PATH", help: "With a plugin or 'module': the module's route (default: the name in lower case)"),
                Option(
                    flag: "--contract", value: "LIBRARY.PROTOCOL",
                    help: "With a plugin or 'module': implement a contract library's protocol, not a contract of its own"),
                Option(flag: "--library-path", value: "DIR", help: "With --contract or --routes-to: the contract library's package folder"),
            ]),
        CommandInfo(
            name: "dev", arguments: "[PATH]", maximumArguments: 1,
            summary: "Build a plugin package, open the shell with it, and rebuild and reload it on every change",
            details:
                "In the package folder PATH (default: the current folder) of a plugin made by 'viper new', runs\n'swift build', then opens the shell with the bundled plugins and the one just built. While the\nshell runs, a change to the package's Sources or Package.swift builds it again: a build that\nsucceeds replaces the plugin in the running shell (modules on screen keep their code until they\nclose); a build that fails is shown in a few lines above the prompt, and the previous build\nkeeps serving. With --open, the route is opened at start and again after each reload.\nA PATH that holds packages (a contract library and the plugins that use it) is a workspace:\nlibraries build first, and a change to one rebuilds it, then the plugins that depend on it.",
            options: [Option(flag: "--open", value: "ROUTE", help: "Open ROUTE at start and again after each reload (in place of the open modules)")]),
        CommandInfo(
            name: "sdk", arguments: "", maximumArguments: 0,
            summary: "Show where Contracts is and how to build a plugin against it",
            details:
                "Prints the folders a plain swiftc build needs (Contracts.swiftinterface or .swiftmodule,\nlibContracts.so), the rpath, a ready command line, and how a SwiftPM package depends on Contracts.",
            options: []),
        CommandInfo(
            name: "install", arguments: "", maximumArguments: 0,
            summary: "Install this viper, its plugins and the SDK under a prefix (default ~/.local)",
            details:
                "Copies the viper that runs and what is beside it (libContracts.so, the bundled plugins,\nModules/ with Contracts.swiftinterface, the Contracts and ConformanceKit sources, the guide's\nexamples and the cookbook's recipes as packages in Examples/, the guide in docs/) into\nPREFIX/lib/viper, and links PREFIX/bin/viper to it. Run it from a release build:\nswift build -c release && .build/release/viper install. Installing again replaces it.",
            options: [Option(flag: "--prefix", value: "DIR", help: "Install under DIR (default: ~/.local)")]),
        CommandInfo(
            name: "uninstall", arguments: "", maximumArguments: 0,
            summary: "Remove the viper that 'viper install' put under a prefix",
            details:
                "Removes the files 'viper install' wrote in PREFIX/lib/viper (its manifest lists each with its\nSHA-256), the PREFIX/bin/viper link, and the folders the install created if they are empty. A\nfile install did not write, or one changed since, is kept and named. A marker made for another\nprefix is refused. Data and plugin folders are left alone.",
            options: [Option(flag: "--prefix", value: "DIR", help: "The prefix given to 'viper install' (default: ~/.local)")]),
        CommandInfo(
            name: "help", arguments: "[COMMAND]", maximumArguments: 1,
            summary: "Show help for viper or for one command",
            details: "", options: []),
    ]

    package static func find(_ name: String) -> CommandInfo? {
        all.first { $0.name == name }
    }
}
