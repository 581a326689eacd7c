// A navigation fixture compiled by the tests (ShellSessionTests): an inbox that
// pushes a message, presents a composer that reports back through an output,
// embeds a counter, and routes to a contract nobody provides. Compact on purpose:
// a fixture, not an example (see Plugins/Greeter for one file per role).
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: InboxPlugin.self)
}

public protocol InboxInput: AnyObject {}
public protocol MessageInput: AnyObject { func show(_ text: String) }
public protocol ComposerInput: AnyObject { var output: (any ComposerOutput)? { get set } }
public protocol ComposerOutput: AnyObject { func composerDidSend(_ text: String) }
public protocol CounterInput: AnyObject { func count(_ messages: Int) }
/// Nobody provides it: `archive` shows the missing-contract error.
public protocol Archiving: AnyObject {}

enum InboxPlugin: Plugin {
    static let manifest = PluginManifest(name: "inbox", version: "1.0.0", summary: "Navigation fixture: inbox, message, composer")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(InboxInput.self, route: RouteSpec("inbox", summary: "Your messages", query: ["filter"]),
                                 requires: [.module(MessageInput.self), .module(ComposerInput.self), .module(CounterInput.self)],
                                 builder: InboxBuilder())
        registrar.registerModule(MessageInput.self, route: RouteSpec("message/:id", summary: "One message"), builder: MessageBuilder())
        registrar.registerModule(ComposerInput.self, builder: ComposerBuilder())
        registrar.registerModule(CounterInput.self, builder: CounterBuilder())
    }
}

/// Shared by the modules of one process, like a store service would be.
final class Mailbox {
    nonisolated(unsafe) static var messages = ["Welcome to viper", "Lunch at noon?"]
}

// MARK: Inbox: list, push, present, embed, missing contract

final class InboxBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = InboxPresenter(router: context.router, filter: context.parameters["filter"])
        var counter: (any CounterInput)?
        let counterView = try context.router.embed(CounterInput.self) { counter = $0 }
        presenter.counter = counter
        let view = InboxView(presenter: presenter, counter: counterView)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}

final class InboxPresenter: InboxInput, ComposerOutput {
    weak var view: InboxView?
    var counter: (any CounterInput)?
    let router: any Router
    let filter: String?

    init(router: any Router, filter: String?) {
        self.router = router
        self.filter = filter
    }

    var shown: [String] {
        Mailbox.messages.filter { message in filter.map { message.lowercased().contains($0.lowercased()) } ?? true }
    }

    func didAppear() {
        counter?.count(Mailbox.messages.count)
    }

    func read(_ command: CommandInvocation) throws {
        let number = try command.itemNumber(count: shown.count)
        let text = shown[number - 1]
        try router.push(MessageInput.self) { $0.show(text) }
    }

    func compose() throws {
        try router.present(ComposerInput.self) { $0.output = self }
    }

    func archive() throws {
        try router.push(Archiving.self)
    }

    func composerDidSend(_ text: String) {
        Mailbox.messages.append(text)
        counter?.count(Mailbox.messages.count)
    }
}

final class InboxView: ModuleView {
    let presenter: InboxPresenter
    let counter: any ModuleView

    init(presenter: InboxPresenter, counter: any ModuleView) {
        self.presenter = presenter
        self.counter = counter
    }

    var title: String { "Inbox" }

    var commands: [CommandSpec] {
        [CommandSpec("read", arguments: ["N"], help: "Read message N"),
         CommandSpec("compose", help: "Write a message"),
         CommandSpec("archive", help: "Archive the inbox")]
    }

    func render(on screen: any Screen) {
        if let filter = presenter.filter { screen.heading("Messages matching '\(filter)'") } else { screen.heading("Messages") }
        let shown = presenter.shown
        if shown.isEmpty { screen.empty("No messages. Type 'compose' to write one.") } else { screen.list(shown) }
        screen.embed(counter)
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "read": try presenter.read(command)
        case "compose": try presenter.compose()
        case "archive": try presenter.archive()
        default: throw CommandError("'\(command.name)' is not a command of Inbox")
        }
    }

    func moduleDidAppear() { presenter.didAppear() }
}

// MARK: Message: by contract (prepare) or by path (parameter)

final class MessageBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = MessageView()
        if context.parameters["id"] != nil {
            let id = try context.parameters.integer("id")
            guard Mailbox.messages.indices.contains(id - 1) else {
                throw CommandError("no message \(id); there are \(Mailbox.messages.count)")
            }
            view.show(Mailbox.messages[id - 1])
        }
        return BuiltModule(view: view)
    }
}

final class MessageView: ModuleView, MessageInput {
    private var text = ""
    var title: String { "Message" }
    func show(_ text: String) { self.text = text }
    func render(on screen: any Screen) { screen.fields([Field("Text", text)]) }
}

// MARK: Composer: presented, reports through its output, closes itself

final class ComposerBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = ComposerView(router: context.router)
        return BuiltModule(view: view)
    }
}

final class ComposerView: ModuleView, ComposerInput {
    weak var output: (any ComposerOutput)?
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    var title: String { "Compose" }
    var commands: [CommandSpec] { [CommandSpec("send", arguments: ["TEXT..."], help: "Send TEXT")] }

    func render(on screen: any Screen) {
        screen.text("Type 'send TEXT', or 'close' to drop it.")
    }

    func perform(_ command: CommandInvocation) throws {
        guard !command.rest.isEmpty else { throw CommandError("send needs the text of the message") }
        router.close()
        output?.composerDidSend(command.rest)
    }
}

// MARK: Counter: embedded in the inbox

final class CounterBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: CounterView())
    }
}

final class CounterView: ModuleView, CounterInput {
    private var messages = 0
    var title: String { "Counter" }
    func count(_ messages: Int) { self.messages = messages }
    func render(on screen: any Screen) { screen.text(messages == 1 ? "1 message" : "\(messages) messages") }
}
