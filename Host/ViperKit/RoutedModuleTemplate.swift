import ViperCommandLine
import ViperCore

/// The blank module with a typed route, for `viper new NAME --routes-to CONTRACT` and `viper new
/// module NAME --in PATH --routes-to CONTRACT`: its Builder is a `RoutingModuleBuilder` whose
/// `routes` lists CONTRACT, its Router keeps the `ModuleRoute` the Builder receives and pushes it,
/// and a command of its View opens it. The tests check the presenter asks its router, and that
/// the router pushes CONTRACT through the typed route (with the kit's `SpyRouter`).
///
/// Edits ``BlankModuleTemplate``'s text (and its tests') line by line, so the blank module and this
/// one stay one template: each edit names a line the blank module has, and a line that is not
/// there is a template mistake the generated-package tests catch.
struct RoutedModuleTemplate {
    /// The protocol routed to, as the module's source names it (`ContactPicking`, `NoteEditing`).
    let contract: String
    /// `import LIBRARY` for a contract library's protocol; nil for Contracts' or the plugin's own.
    let library: String?
    /// The contract's output protocol (its `output` property's), read from the library's source:
    /// the presenter adopts it, with a member per requirement, and the router hands it over.
    var output: (name: String, members: String)?

    /// Reads `--routes-to`: `LIBRARY.PROTOCOL` (a contract library), `Contracts.PROTOCOL`, or a
    /// bare `PROTOCOL` (Contracts' or one of the plugin's own module contracts).
    init(_ given: String) throws {
        let parts = given.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let isName = { (word: String) in word.first?.isLetter == true && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        guard (1...2).contains(parts.count), parts.allSatisfy(isName) else {
            throw UsageError(
                "--routes-to takes a module contract: PROTOCOL (Contracts' or the plugin's own, e.g. NoteEditing) or LIBRARY.PROTOCOL (a contract library's, e.g. ContactsKit.ContactPicking); got '\(given)'"
            )
        }
        contract = parts[parts.count - 1]
        library = parts.count == 2 && parts[0] != "Contracts" ? parts[0] : nil
    }

    /// lowerCamelCase of the contract, for the route's variable: `contactPicking`.
    var member: String { (contract.first?.lowercased() ?? "") + contract.dropFirst() }

    /// The command that opens it: the contract's first word in lower case (`contact` for
    /// `ContactPicking`), `open-` before it where that word is the shell's or the module's own.
    var command: String {
        let first = contract.prefix(1) + contract.dropFirst().prefix { !$0.isUppercase }
        let word = first.lowercased()
        return BuiltinCommand(rawValue: word) != nil || word == "done" ? "open-\(word)" : word
    }

    /// The blank module's files with the typed route in them.
    var moduleFiles: [(path: String, text: String)] {
        BlankModuleTemplate.moduleFiles.map { ($0.path, edit($0.path, $0.text)) }
    }

    /// The blank module's tests with the routing test beside them.
    var testFiles: [(path: String, text: String)] {
        BlankModuleTestTemplate.files.map { ($0.path, edit($0.path, $0.text)) } + [("__Name__RouteTests.swift", routeTests)]
    }

    /// What the library's source imports besides Contracts (``LibraryPackage/imports``): the
    /// output's signatures may name their types.
    var libraryImports: [String] = []

    private var importingLibrary: String {
        library.map { LibraryPackage.importLines(of: $0, imports: libraryImports, contractsImported: true).map { $0 + "\n" }.joined() } ?? ""
    }

    private var imports: String { "import Contracts\n" + importingLibrary }

    private func edit(_ path: String, _ text: String) -> String {
        var text = text
        let replace = { (old: String, new: String) in text = text.replacingOccurrences(of: old, with: new) }
        let name = contract
        let opening = output.map { "open\(name)(output: any \($0.name))" } ?? "open\(name)()"
        switch path {
        case "__Name__/__Name__Contract.swift":
            if output != nil { replace("import Contracts\n", imports) }
            replace("    func close()\n}", "    func close()\n    /// Opens \(name), declared in `__Name__Builder.routes`.\n    func \(opening) throws\n}")
            replace("    func didFinish()\n}", "    func didFinish()\n    func didAskToOpen\(name)() throws\n}")
        case "__Name__/__Name__Builder.swift":
            replace("import Contracts\n", imports)
            replace(
                "/// Wires the __Name__ module. List what it needs in `dependencies` (services in order, e.g.\n/// `Dependencies(Clock.self, routesTo: [SomeInput.self])`): viper checks them before the shell\n/// opens and `build` receives them resolved. A new module every call.\nfinal class __Name__Builder: DependentModuleBuilder {\n    static let dependencies = Dependencies()\n",
                "/// Wires the __Name__ module. `dependencies` lists the services it needs (in order, e.g.\n/// `Dependencies(Clock.self)`), `routes` the module contracts it opens: viper checks both before the\n/// shell opens, and `build` receives the services resolved and one typed route per contract, in\n/// the order listed. A new module every call.\nfinal class __Name__Builder: RoutingModuleBuilder {\n    static let dependencies = Dependencies()\n    static let routes = ModuleRoutes(\(name).self)\n"
            )
            replace(
                "with _: ()) throws -> BuiltModule {",
                "with _: (), routes \(member): ModuleRoute<any \(name)>) throws -> BuiltModule {")
            replace("__Name__Router(router: context.router)", "__Name__Router(router: context.router, \(member): \(member))")
        case "__Name__/__Name__Router.swift":
            replace("import Contracts\n", imports)
            replace(
                "    private let router: any Router\n\n    init(router: any Router) {\n        self.router = router\n    }\n",
                "    private let router: any Router\n    /// The typed route to \(name) the builder received (`__Name__Builder.routes`).\n    private let \(member): ModuleRoute<any \(name)>\n\n    init(router: any Router, \(member): ModuleRoute<any \(name)>) {\n        self.router = router\n        self.\(member) = \(member)\n    }\n"
            )
            replace(
                "        router.close()\n    }\n}",
                "        router.close()\n    }\n\n    func \(opening) throws {\n        try \(member).push\(output == nil ? "()" : " { $0.output = output }")\n    }\n}"
            )
        case "__Name__/__Name__Presenter.swift":
            if let output {
                replace("import Contracts\n", imports)
                replace("__Name__InteractorOutput {", "__Name__InteractorOutput, \(output.name) {")
            }
            replace(
                "    func handleLoaded(",
                "    func didAskToOpen\(name)() throws {\n        try router.open\(name)(\(output == nil ? "" : "output: self"))\n    }\n\n"
                    + (output.map { $0.members + "\n" } ?? "") + "    func handleLoaded(")
        case "__Name__/__Name__View.swift":
            replace(
                "            CommandSpec(\"done\", help: \"Finish and close\"),\n",
                "            CommandSpec(\"\(command)\", help: \"Open \(name)\"),\n            CommandSpec(\"done\", help: \"Finish and close\"),\n")
            replace(
                "        case \"done\": presenter.didFinish()\n",
                "        case \"\(command)\": try presenter.didAskToOpen\(name)()\n        case \"done\": presenter.didFinish()\n")
        case "Spies/__Name__RouterSpy.swift":
            replace("    private(set) var closes = 0\n", "    private(set) var closes = 0\n    private(set) var opened\(name) = 0\n")
            if output != nil, library != nil { replace("@testable import", importingLibrary + "@testable import") }
            replace("    func close() { closes += 1 }\n", "    func close() { closes += 1 }\n\n    func \(opening) throws { opened\(name) += 1 }\n")
        case "__Name__PresenterTests.swift":
            replace(
                "    @Test func finishingClosesTheModuleThenTellsTheOutput() {",
                "    @Test func \(command.replacingOccurrences(of: "-", with: ""))AsksTheRouterToOpen\(name)() throws {\n        let subject = makeSubject()\n        try subject.presenter.didAskToOpen\(name)()\n        #expect(subject.router.opened\(name) == 1)\n    }\n\n    @Test func finishingClosesTheModuleThenTellsTheOutput() {"
            )
        default: break
        }
        return text
    }

    private var routeTests: String {
        """
        \(imports)import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The router pushes \(contract) through the typed route the builder receives.
        @Suite struct __Name__RouteTests {
            @Test func theRouterPushes\(contract)ByItsTypedRoute() throws {
                let spy = SpyRouter()
                let router = __Name__Router(router: spy, \(member): ModuleRoute((any \(contract)).self, router: spy))
                try router.open\(contract)(\(output == nil ? "" : "output: __Name__Presenter(interactor: make__Name__Interactor(), router: __Name__RouterSpy())"))
                #expect(spy.calls == [.route(ContractID((any \(contract)).self), name: nil, .push)])
            }
        }

        """
    }
}
