/// The module `viper new module NAME --in PATH --contract LIBRARY.PROTOCOL` writes: the blank
/// module's roles, but the presenter conforms to the library's protocol (read from its source,
/// ``LibraryProtocol``) instead of a contract of the module's own, and the registration names
/// that protocol. A requirement the reader could not read gets a `// TODO` naming it and no
/// implementation, so the compiler names it too; a property of a type without an obvious first
/// value gets an editor placeholder the compiler refuses. Placeholders as in ``ModuleName/fill(_:)``.
struct LibraryModuleTemplate {
    let library: String
    let contract: LibraryProtocol
    /// The protocol of the contract's `output` property, when the library declares it.
    let output: LibraryProtocol?
    /// What the library's source imports besides Contracts (``LibraryPackage/imports``): the
    /// files that copy its signatures import it too.
    var libraryImports: [String] = []

    /// The import lines of a file that names the library's types: what the library imports, then the library.
    var importingLibrary: String {
        LibraryPackage.importLines(of: library, imports: libraryImports, contractsImported: true).joined(separator: "\n")
    }

    /// `LIBRARY.PROTOCOL`, as the author gave it.
    var qualified: String { "\(library).\(contract.name)" }

    /// The module's files, by path under the plugin's feature target.
    var moduleFiles: [(path: String, text: String)] {
        [
            ("__Name__/__Name__Contract.swift", roles),
            ("__Name__/__Name__Builder.swift", BlankModuleTemplate.builder),
            ("__Name__/__Name__View.swift", BlankModuleTemplate.view),
            ("__Name__/__Name__Presenter.swift", presenter),
            ("__Name__/__Name__Interactor.swift", BlankModuleTemplate.interactor),
            ("__Name__/__Name__Entity.swift", BlankModuleTemplate.entity),
            ("__Name__/__Name__Router.swift", BlankModuleTemplate.router),
        ]
    }

    /// The registration under the library's protocol.
    func registration(indent: String) -> String {
        [
            "registrar.registerModule(\(contract.name).self, route: RouteSpec(\"__path__\", summary: \"__Name__\"),",
            "                         builder: __Name__Builder())",
        ].map { indent + $0 }.joined(separator: "\n")
    }

    /// What the command's output says about requirements the reader could not read.
    var unreadNote: String? {
        let unread = contract.unread.map { "\(contract.name): \($0)" } + (output?.unread.map { "\(output?.name ?? ""): \($0)" } ?? [])
        let unset = Self.properties(of: contract).filter { Self.firstValue(of: $0.type) == nil }.map { "\(contract.name).\($0.name)" }
        let results = contract.requirements.compactMap { requirement -> String? in
            guard case .method(let name, _, let result?) = requirement, Self.firstValue(of: result) == nil else { return nil }
            return "  a result for \(contract.name).\(name) (a \(result))"
        }
        guard !unread.isEmpty || !unset.isEmpty || !results.isEmpty else { return nil }
        var lines = ["Not generated; 'swift build' names each until you write it (search for TODO):"]
        lines += unread.map { "  a requirement viper new could not read: \($0)" }
        lines += unset.map { "  a first value for \($0)" } + results
        return lines.joined(separator: "\n")
    }

    var roles: String {
        let marker = "/// Presenter → View"
        let between = BlankModuleTemplate.contract.components(separatedBy: marker).dropFirst().joined(separator: marker)
        return """
            import Contracts

            // The __Name__ module's input is \(qualified) (the presenter implements it); these are
            // the protocols between its roles.

            \(marker)
            """ + between
    }

    var presenter: String {
        let members = contract.requirements.map { member($0, of: contract, weakOutput: true) }.joined(separator: "\n")
        let tells: [String] = (output?.requirements ?? []).compactMap { requirement in
            if case .method(let name, _, _) = requirement { return "output?.\(name)(…)" }
            return nil
        }
        let tell = tells.isEmpty ? "" : "\n        // Tell the output what the user chose where your feature decides: \(tells.joined(separator: ", "))."
        return """
            import Contracts
            \(importingLibrary)

            /// Implements \(qualified), the module's input, and turns the interactor's results into
            /// view models and the user's events into use cases.
            final class __Name__Presenter: \(contract.name), __Name__EventHandling, __Name__InteractorOutput {
                weak var view: (any __Name__Viewing)?
                private let interactor: any __Name__Interacting
                private let router: any __Name__Routing

            \(members)
                init(interactor: any __Name__Interacting, router: any __Name__Routing) {
                    self.interactor = interactor
                    self.router = router
                }

                func didAppear() {
                    interactor.doLoad()
                }

                func didFinish() {\(tell)
                    router.close()
                }

                func handleLoaded(_ entity: __Name__Entity) {
                    var model = __Name__ViewModel()
                    model.heading = entity.title
                    view?.didUpdate(model)
                }
            }

            """
    }

    /// One requirement of `owner` as a member of a conforming class, indented by four.
    func member(_ requirement: LibraryProtocol.Requirement, of owner: LibraryProtocol, weakOutput: Bool) -> String {
        let origin = "\(library).\(owner.name)"
        let documented = { (name: String) -> String in
            let lines = owner.documentation[name].map { $0 + ["/// (\(origin).\(name))"] } ?? ["/// \(origin).\(name)."]
            return lines.map { "    " + $0 }.joined(separator: "\n")
        }
        switch requirement {
        case .property(let name, let type, _):
            if weakOutput, name == "output", type.hasSuffix("?") {
                let lines = owner.documentation[name] == nil ? "    /// \(origin).output: who hears what the module reports (held weakly)." : documented(name)
                return "\(lines)\n    weak var output: \(type)\n"
            }
            guard let value = Self.firstValue(of: type) else {
                return "    // TODO: \(origin).\(name): give it its first value.\n    var \(name): \(type) = <#\(type)#>\n"
            }
            return "\(documented(name))\n    var \(name): \(type) = \(value)\n"
        case .method(let name, let signature, let result):
            let body: String
            if let result {
                body =
                    Self.firstValue(of: result).map { "        return \($0)" }
                    ?? "        // TODO: \(origin).\(name): return what it promises.\n        return <#\(result)#>"
            } else {
                body = "        // What \(origin).\(name) does: ask the interactor (do…) or the router."
            }
            return "\(documented(name))\n    func \(signature) {\n\(body)\n    }\n"
        case .unread(let text):
            return
                "    // TODO: \(origin) requires `\(text)`, which viper new could not read: write it here\n    // (until you do, the compiler says the class does not conform).\n"
        }
    }

    static func properties(of contract: LibraryProtocol) -> [(name: String, type: String, settable: Bool)] {
        contract.requirements.compactMap {
            if case .property(let name, let type, let settable) = $0, !(name == "output" && type.hasSuffix("?")) { return (name, type, settable) }
            return nil
        }
    }

    /// The value a property or result of `type` starts with, when the type makes one obvious.
    static func firstValue(of type: String) -> String? {
        let numbers: Set = ["Int", "Int64", "Int32", "UInt", "UInt64", "UInt32", "Double", "Float"]
        if type == "String" { return "\"\"" }
        if type == "Bool" { return "false" }
        if numbers.contains(type) { return "0" }
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("["), type.hasSuffix("]") { return type.contains(":") ? "[:]" : "[]" }
        return nil
    }

    /// A value other than the first, for a check that setting the property keeps it.
    static func sample(of type: String) -> String? {
        switch type {
        case "String": return "\"a sample\""
        case "Bool": return "true"
        case "Int", "Int64", "Int32", "UInt", "UInt64", "UInt32": return "7"
        case "Double", "Float": return "1.5"
        default: return nil
        }
    }
}
