import Foundation
import Testing
import ViperCommandLine
@testable import ViperKit
import ViperTestSupport

/// `viper new module NAME --contract LIBRARY.PROTOCOL` reads the library's protocol from its
/// source: the shapes the contract-library template and docs/COOKBOOK.md write are
/// read; anything else is kept as written, so the module gets a `// TODO` for it. No process.
@Suite struct LibraryProtocolReaderTests {
    /// A library like the trial's ContactsKit: a module contract with an output, comments in the way.
    private let contactsKit = """
        import Contracts

        /// A contact. { not a brace that counts }
        public struct Contact: Equatable { public let name: String }

        /// The picker's input. A consumer routes to it by this contract.
        public protocol ContactPicking: AnyObject {
            /// Who hears the pick (held weakly).
            var output: (any ContactPickingOutput)? { get set }
            /// The heading shown above the list.
            var prompt: String { get set }
            var preselected: Contact? { get }
            // A line comment with a } in it.
            func reload(including archived: Bool,
                        limit: Int) -> Int
            subscript(index: Int) -> Contact { get }
        }

        public protocol ContactPickingOutput: AnyObject {
            func contactPicker(didPick contact: Contact)
            func contactPickerDidCancel()
        }

        """

    private func picking() throws -> LibraryProtocol {
        try #require(LibraryProtocolReader.read("ContactPicking", in: contactsKit))
    }

    /// A requirement marked `@discardableResult` (a method that returns what it changed) or
    /// `@available(...)` is read as the method it is; an attribute that asks something of an
    /// implementation is kept as written.
    @Test func attributesAnImplementationNeedNotRepeatAreReadPast() throws {
        let source = """
            public protocol CardStore: AnyObject {
                @discardableResult func record(_ id: Int64, right: Bool) throws -> Card
                @available(*, deprecated, message: "use record")
                func mark(_ id: Int64) throws
                @MainActor func refresh()
            }
            """
        let store = try #require(LibraryProtocolReader.read("CardStore", in: source))
        #expect(store.requirements == [
            .method(name: "record", signature: "record(_ id: Int64, right: Bool) throws -> Card", result: "Card"),
            .method(name: "mark", signature: "mark(_ id: Int64) throws", result: nil),
            .unread("@MainActor func refresh()"),
        ])
    }

    @Test func propertiesMethodsAndTheOutputAreReadAsDeclared() throws {
        let contract = try picking()
        #expect(contract.requirements == [
            .property(name: "output", type: "(any ContactPickingOutput)?", settable: true),
            .property(name: "prompt", type: "String", settable: true),
            .property(name: "preselected", type: "Contact?", settable: false),
            .method(name: "reload", signature: "reload(including archived: Bool, limit: Int) -> Int", result: "Int"),
            .unread("subscript(index: Int) -> Contact { get }"),
        ])
        #expect(contract.outputProtocol == "ContactPickingOutput")
    }

    @Test func theTemplatesScreenAndTheCookbooksServiceAreRead() throws {
        let source = ContractLibraryTemplate.source.replacingOccurrences(of: "__Name__", with: "Greetings")
        #expect(LibraryProtocolReader.read("GreetingsScreen", in: source)?.requirements == [.property(name: "subject", type: "String", settable: true)])
        let greeting = LibraryProtocolReader.read("Greeting", in: "public protocol Greeting: AnyObject {\n    func greet(_ name: String) -> String\n}\n")
        #expect(greeting?.requirements == [.method(name: "greet", signature: "greet(_ name: String) -> String", result: "String")])
    }

    @Test func whatTheReaderCannotReadIsKeptAsWritten() {
        let source = "public protocol Odd {\n    associatedtype Item\n    static func make() -> Self\n    func pick<T>(_ value: T)\n}\n"
        #expect(LibraryProtocolReader.read("Odd", in: source)?.unread == ["associatedtype Item", "static func make() -> Self", "func pick<T>(_ value: T)"])
    }

    @Test func aProtocolIsFoundByItsWholeNameOnly() {
        #expect(LibraryProtocolReader.read("ContactPick", in: contactsKit) == nil)
        #expect(LibraryProtocolReader.protocolNames(in: contactsKit) == ["ContactPicking", "ContactPickingOutput"])
    }

    @Test func thePresenterImplementsEachRequirementAndMarksWhatItCouldNot() throws {
        let output = LibraryProtocolReader.read("ContactPickingOutput", in: contactsKit)
        let template = LibraryModuleTemplate(library: "ContactsKit", contract: try picking(), output: output)
        let presenter = template.presenter
        #expect(presenter.contains("final class __Name__Presenter: ContactPicking, __Name__EventHandling, __Name__InteractorOutput {"))
        #expect(presenter.contains("    weak var output: (any ContactPickingOutput)?\n"))
        #expect(presenter.contains("    /// The heading shown above the list.\n    /// (ContactsKit.ContactPicking.prompt)\n    var prompt: String = \"\"\n"))
        #expect(presenter.contains("    /// Who hears the pick (held weakly).\n    /// (ContactsKit.ContactPicking.output)\n    weak var output"))
        #expect(presenter.contains("    /// ContactsKit.ContactPicking.preselected.\n    var preselected"))
        #expect(presenter.contains("    var preselected: Contact? = nil\n"))
        #expect(presenter.contains("    func reload(including archived: Bool, limit: Int) -> Int {\n        return 0\n    }\n"))
        #expect(presenter.contains("    // TODO: ContactsKit.ContactPicking requires `subscript(index: Int) -> Contact { get }`, which viper new could not read"))
        #expect(presenter.contains("output?.contactPicker(…), output?.contactPickerDidCancel(…)"))
        #expect(template.unreadNote == """
            Not generated; 'swift build' names each until you write it (search for TODO):
              a requirement viper new could not read: ContactPicking: subscript(index: Int) -> Contact { get }
            """)
    }

    @Test func aPropertyWithoutAnObviousFirstValueIsAPlaceholderTheCompilerRefuses() {
        let contract = LibraryProtocol(name: "Card", requirements: [.property(name: "contact", type: "Contact", settable: true)])
        let template = LibraryModuleTemplate(library: "ContactsKit", contract: contract, output: nil)
        #expect(template.presenter.contains("    // TODO: ContactsKit.Card.contact: give it its first value.\n    var contact: Contact = <#Contact#>\n"))
        #expect(template.unreadNote?.hasSuffix("\n  a first value for Card.contact") == true)
    }

    @Test func theSuiteChecksTheInputThePlainPropertiesAndTheOutputThroughTheProtocol() throws {
        let output = LibraryProtocolReader.read("ContactPickingOutput", in: contactsKit)
        let template = LibraryModuleTemplate(library: "ContactsKit", contract: try picking(), output: output)
        let checks = template.suite.components(separatedBy: "ModuleCheck(\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(checks == ["input-is-ContactPicking", "prompt-keeps-what-is-set", "output-is-the-one-set"])
        #expect(template.suite.contains("input.prompt = \"a sample\""))
        #expect(template.outputSpy?.contains("    func contactPicker(didPick contact: Contact) {\n        calls.append(\"contactPicker\")\n    }\n") == true)
    }

    @Test func thePluginsManifestDependsOnTheLibraryByPathInTheFeatureTarget() throws {
        let manifest = PackageTemplate.manifest(contracts: "/sdk/Contracts", kit: "/sdk/Contracts/ConformanceKit")
            .replacingOccurrences(of: "__Name__", with: "Contacts")
        let library = LibraryPackage(name: "ContactsKit", folder: "/src/ContactsKit", source: contactsKit)
        let edited = try LibraryAddition.depending(on: library, manifest: manifest, path: "/src/Contacts/Package.swift", target: "ContactsPlugin")
        #expect(edited.contains("""
                    .package(path: "/src/ContactsKit"),
                    .package(path: "/sdk/Contracts"),
            """))
        #expect(edited.contains("""
                        name: "ContactsPlugin",
                        dependencies: [.product(name: "ContactsKit", package: "ContactsKit"), .product(name: "Contracts", package: "Contracts")]
            """))
        #expect(try LibraryAddition.depending(on: library, manifest: edited, path: "/src/Contacts/Package.swift", target: "ContactsPlugin") == edited)
    }

    @Test func aLibraryThatIsNotThereIsRefusedNamingTheOnesThatAre() throws {
        let folder = try TemporaryFolder.make("library-lookup")
        try FileManager.default.createDirectory(atPath: folder + "/ContactsKit/Sources/ContactsKit", withIntermediateDirectories: true)
        try "@used @section(\"viper_contract_library\")\nlet viperContractLibrary: (UInt32, UInt32) = (0x5643_4C42, 0x0001_0000)\n".write(
            toFile: folder + "/ContactsKit/Sources/ContactsKit/Record.swift", atomically: true, encoding: .utf8)
        #expect(throws: UsageError.self) {
            try LibraryPackage.find("ContactKit", given: nil, plugin: folder + "/Contacts", manifest: "")
        }
        do {
            _ = try LibraryPackage.find("ContactKit", given: nil, plugin: folder + "/Contacts", manifest: "")
        } catch {
            #expect("\(error)" == "no contract library 'ContactKit' (a package with Sources/ContactKit) beside the plugin (\(folder)/ContactKit) or among the packages its Package.swift depends on; contract libraries found there: ContactsKit; give the library's package folder with --library-path DIR, or name one that exists")
        }
        let found = try LibraryPackage.find("ContactsKit", given: nil, plugin: folder + "/Contacts", manifest: "")
        #expect(found.folder == folder + "/ContactsKit")
        #expect(throws: UsageError.self) { try found.contract("ContactPicking") }
        do {
            _ = try found.contract("ContactPicking")
        } catch {
            #expect("\(error)" == "the contract library ContactsKit (\(folder)/ContactsKit) has no protocol 'ContactPicking': it declares no public protocol; add it to Sources/ContactsKit, or name another library")
        }
    }
}
