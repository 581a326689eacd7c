import ViperCommandLine

/// `viper install [--prefix DIR]`'s declaration (``InstallCommand`` does the work).
package struct InstallRequest: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["install"], abstract: "Install this viper, its plugins and the SDK under a prefix (default ~/.local)",
        discussion: """
            Copies the viper that runs and what is beside it (libContracts.so, the bundled plugins,
            Modules/ with Contracts.swiftinterface, the Contracts and ConformanceKit sources, the guide's
            examples and the cookbook's recipes as packages in Examples/, the guide in docs/) into
            PREFIX/lib/viper, and links PREFIX/bin/viper to it. Run it from a release build:
            swift build -c release && .build/release/viper install. Installing again replaces it.
            """,
        options: [CommandOption("--prefix", value: "DIR", help: "Install under DIR (default: ~/.local)")])

    let prefix: String?
    let environment: [String: String]

    package init(_ parsed: ParsedCommand) throws {
        prefix = parsed.value("--prefix")
        environment = parsed.environment
    }

    package func run() -> Int32 { InstallCommand.run(prefix: prefix, environment: environment, uninstall: false) }
}

/// `viper uninstall [--prefix DIR]`'s declaration.
package struct UninstallRequest: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["uninstall"], abstract: "Remove the viper that 'viper install' put under a prefix",
        discussion: """
            Removes the files 'viper install' wrote in PREFIX/lib/viper (its manifest lists each with its
            SHA-256), the PREFIX/bin/viper link, and the folders the install created if they are empty. A
            file install did not write, or one changed since, is kept and named. A marker made for another
            prefix is refused. Data and plugin folders are left alone.
            """,
        options: [CommandOption("--prefix", value: "DIR", help: "The prefix given to 'viper install' (default: ~/.local)")])

    /// The same reading as install's: a prefix and the environment.
    let request: InstallRequest

    package init(_ parsed: ParsedCommand) throws {
        request = try InstallRequest(parsed)
    }

    package func run() -> Int32 { InstallCommand.run(prefix: request.prefix, environment: request.environment, uninstall: true) }
}
