import Contracts

/// One built module, held by a check: its view, input and parts, the spy router
/// it navigates through, and helpers to drive it as the shell would.
public final class ModuleUnderTest {
    /// The view the builder returned.
    public let view: any ModuleView
    /// The module's input (the view when the builder gave none).
    public let input: AnyObject
    /// The other parts the builder listed.
    public let parts: [AnyObject]
    /// Where the module asked to go.
    public let router: SpyRouter

    init(built: BuiltModule, router: SpyRouter) {
        view = built.view
        input = built.input ?? built.view
        parts = built.parts
        self.router = router
    }

    /// View, input and parts, each object once.
    public var objects: [AnyObject] {
        var seen = Set<ObjectIdentifier>()
        return ([view as AnyObject, input] + parts).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The input as `contract`, or a failure naming what it is instead.
    public func input<Input>(as contract: Input.Type) throws -> Input {
        guard let typed = input as? Input else {
            throw CheckFailure("the module's input is \(type(of: input)), which does not conform to \(ContractID(contract).shortName)")
        }
        return typed
    }

    /// Tells the view it appeared and returns what it draws.
    @discardableResult
    public func appear() -> SpyScreen {
        view.moduleDidAppear()
        return render()
    }

    /// Draws the view on a new ``SpyScreen`` and returns it.
    public func render() -> SpyScreen {
        let screen = SpyScreen()
        view.render(on: screen)
        return screen
    }

    /// Runs a command line as the shell would (`title Buy milk`): the first word
    /// names a command the view declares; the rest are its arguments.
    /// Throws a ``CheckFailure`` when the view does not declare the command.
    public func perform(_ line: String) throws {
        let trimmed = line.drop { $0 == " " }
        let name = String(trimmed.prefix { $0 != " " })
        let rest = String(trimmed.dropFirst(name.count).drop { $0 == " " })
        guard view.commands.contains(where: { $0.name == name }) else {
            throw CheckFailure("\(view.title) does not declare the command '\(name)'; declare it in commands")
        }
        let arguments = rest.split(separator: " ").map(String.init)
        try view.perform(CommandInvocation(name: name, arguments: arguments, rest: rest))
    }

    /// Tells the view it is leaving the stack.
    public func remove() {
        view.moduleWillBeRemoved()
    }
}
