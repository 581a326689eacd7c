// A navigation fixture compiled by the tests (RouteConfigurationShellTests): a shelf of
// books whose editor's builder reads a ModuleConfiguration and builds accordingly
// (edit book N, or a new book), and a picker the shelf presents and removes itself
// when the picker reports a choice (RoutedModule). Compact on purpose: a fixture.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ShelfPlugin.self)
}

public protocol ShelfInput: AnyObject {}
public protocol BookEditing: AnyObject {}
public protocol PickerInput: AnyObject { var output: (any PickerOutput)? { get set } }
public protocol PickerOutput: AnyObject { func pickerDidChoose(_ number: Int) }

/// What the book editor's builder is asked to build: book N, or a new book.
public struct BookEditorConfiguration: ModuleConfiguration {
    public typealias Contract = any BookEditing
    public let bookNumber: Int?
    public init(bookNumber: Int?) { self.bookNumber = bookNumber }
}

enum ShelfPlugin: Plugin {
    static let manifest = PluginManifest(name: "shelf", version: "1.0.0", summary: "Navigation fixture: configuration and routed-module handles")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ShelfInput.self, route: RouteSpec("shelf", summary: "Your books"),
                                 requires: [.module(BookEditing.self), .module(PickerInput.self)], builder: ShelfBuilder())
        registrar.registerModule(BookEditing.self, route: RouteSpec("book", summary: "A book (needs a configuration)"),
                                 builder: BookEditorBuilder())
        registrar.registerModule(PickerInput.self, builder: PickerBuilder())
    }
}

let books = ["Dune", "Emma", "Ulysses"]

// MARK: Shelf: routes with a configuration, and removes the picker it presented

final class ShelfBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = ShelfView(router: context.router)
        return BuiltModule(view: view)
    }
}

final class ShelfView: ModuleView, ShelfInput, PickerOutput {
    private let router: any Router
    private var picker: (any RoutedModule)?
    private var picked: String?

    init(router: any Router) { self.router = router }

    var title: String { "Shelf" }
    var commands: [CommandSpec] {
        [CommandSpec("edit", arguments: ["N"], help: "Edit book N"), CommandSpec("new", help: "Write a new book"),
         CommandSpec("pick", help: "Pick a book in a picker")]
    }

    func render(on screen: any Screen) {
        screen.list(books)
        screen.fields([Field("Picked", picked ?? "nothing"), Field("Picker", picker?.isOnScreen == true ? "on screen" : "closed")])
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "edit":
            let number = try command.itemNumber(count: books.count)
            try router.push(BookEditorConfiguration(bookNumber: number))
        case "new":
            try router.push(BookEditorConfiguration(bookNumber: nil))
        case "pick":
            picker = try router.perform(RouteRequest(PickerInput.self, transition: .present, prepare: { $0.output = self }))
        default:
            throw CommandError("'\(command.name)' is not a command of Shelf")
        }
    }

    /// The caller removes the module it routed, then a second removal fails.
    func pickerDidChoose(_ number: Int) {
        picked = books[number - 1]
        do {
            try picker?.remove()
            try picker?.remove()
        } catch {
            picked = (picked ?? "") + " (second removal: \(error))"
        }
    }
}

// MARK: Book editor: the builder reads the configuration and chooses what to build

final class BookEditorBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        guard let configuration = context.configuration(BookEditorConfiguration.self) else {
            throw CommandError("the book editor needs to know which book; open 'shelf' and type 'edit N' or 'new'")
        }
        guard let number = configuration.bookNumber else {
            return BuiltModule(view: NewBookView())
        }
        guard books.indices.contains(number - 1) else {
            throw CommandError("no book \(number); there are \(books.count)")
        }
        return BuiltModule(view: BookView(number: number))
    }
}

final class BookView: ModuleView, BookEditing {
    let number: Int
    init(number: Int) { self.number = number }
    var title: String { "Book \(number)" }
    func render(on screen: any Screen) { screen.fields([Field("Editing", books[number - 1])]) }
}

final class NewBookView: ModuleView, BookEditing {
    var title: String { "New book" }
    func render(on screen: any Screen) { screen.text("An empty page.") }
}

// MARK: Picker: presented by the shelf, which removes it

final class PickerBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: PickerView())
    }
}

final class PickerView: ModuleView, PickerInput {
    weak var output: (any PickerOutput)?
    var title: String { "Picker" }
    var commands: [CommandSpec] { [CommandSpec("choose", arguments: ["N"], help: "Choose book N")] }
    func render(on screen: any Screen) { screen.list(books) }
    func perform(_ command: CommandInvocation) throws {
        output?.pickerDidChoose(try command.itemNumber(count: books.count))
    }
}
