import ViperRuntime

/// Contract libraries in the graph: each with its version, status and the plugins built against it.
extension ContractGraph {
    struct Library: Encodable, Equatable {
        package let name: String
        let version: String
        /// `ready`, `loaded` or `refused`.
        let status: String
        let reason: String?
        /// The plugins built against it.
        let usedBy: [String]
    }

    static func libraries(of runtime: HostRuntime) -> [Library] {
        let records = runtime.records
        return runtime.contractLibraries.map { library in
            Library(
                name: printable(library.name.isEmpty ? library.displayName : library.name), version: library.version.description,
                status: library.status.rawValue, reason: library.reason.map(printable),
                usedBy: PluginReport.users(of: library, in: records).map(printable))
        }
    }
}

extension GraphText {
    /// `contract library Greetings 1.0  [ready]  used by a, b`.
    static func libraryLines(_ graph: ContractGraph) -> [String] {
        graph.libraries.map { library in
            let status = library.status == "refused" ? "refused: \(library.reason ?? "no reason recorded")" : library.status
            let users = library.usedBy.isEmpty ? "used by no plugin" : "used by \(library.usedBy.joined(separator: ", "))"
            return "contract library \(library.name) \(library.version)  [\(status)]  \(users)"
        }
    }
}

extension GraphDOT {
    /// A folder-shaped node per library (red when refused), and a "links" edge from each plugin built against it.
    static func libraryLines(_ graph: ContractGraph) -> [String] {
        var lines: [String] = []
        for library in graph.libraries {
            let id = quote("library:" + library.name)
            let label = quote("contract library\n\(library.name) \(library.version)" + (library.reason.map { "\nREFUSED: \($0)" } ?? ""))
            lines.append("  \(id) [shape=folder, label=\(label)\(library.status == "refused" ? ", color=red, fontcolor=red" : "")];")
            lines += library.usedBy.map { "  \(quote("plugin:" + $0)) -> \(id) [style=dashed, label=\"links\"];" }
        }
        return lines
    }
}
