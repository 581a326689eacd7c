import ViperCommandLine

/// A command that runs nothing and keeps what it was given: `stub [NAME] [--json] [--level N]... [--version V]`.
struct EchoCommandStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        words: ["echo"], abstract: "Keep what it was given", discussion: "Says nothing.", arguments: "[NAME]", maximumArguments: 1,
        options: [
            CommandOption("--json", help: "Print JSON"),
            CommandOption("--level", "-l", value: "N", repeatable: true, help: "A level; repeatable"),
            CommandOption("--version", value: "V", help: "Its own --version, not viper's"),
        ])

    let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws {
        self.parsed = parsed
    }

    func validate() throws {
        if parsed.values("--level").contains("0") { throw UsageError("--level takes 1 or more") }
    }

    func run() -> Int32 { 0 }
}

/// A command of two words: `group leaf [--deep]`.
struct LeafCommandStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        words: ["group", "leaf"], abstract: "A command of two words", options: [CommandOption("--deep", help: "Go deep")], section: .supply)

    init(_ parsed: ParsedCommand) throws {}
    func run() -> Int32 { 0 }
}

/// The command a line without one runs: `home [--open ROUTE]`.
struct HomeCommandStub: ParsableCommand {
    static let configuration = CommandConfiguration(
        words: ["home"], abstract: "The default", options: [CommandOption("--open", value: "ROUTE", help: "Open ROUTE")])

    init(_ parsed: ParsedCommand) throws {}
    func run() -> Int32 { 0 }
}
