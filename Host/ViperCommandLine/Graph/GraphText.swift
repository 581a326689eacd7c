/// The text form of a ``ContractGraph``: one block per plugin, each requirement with who serves
/// it (`←`) or why nothing does (`✗`), then the problems and a count.
///
///     notes 1.0.0  [ready]
///       provides  module   Contracts.NoteListing  /notes
///       requires  service  Contracts.NoteStore  ← note-storage
package enum GraphText {
    package static func render(_ graph: ContractGraph) -> String {
        var lines: [String] = []
        for plugin in graph.plugins {
            lines.append(header(plugin))
            lines += plugin.provides.map(provided)
            lines += plugin.requires.map { required($0, gap: graph.gap($0)) }
        }
        lines += libraryLines(graph)
        if !graph.problems.isEmpty {
            lines.append("")
            lines += graph.problems.map { "problem: \($0.message)" }
        }
        let found = graph.plugins.filter { $0.status != "host" }
        let disabled = found.filter { !$0.isUsable }.count
        let unserved = found.flatMap(\.requires).filter { $0.providedBy == nil }.count
        lines.append("")
        lines.append("\(found.count) plugin(s), \(disabled) disabled, \(unserved) requirement(s) without a provider")
        return lines.joined(separator: "\n")
    }

    private static func header(_ plugin: ContractGraph.Plugin) -> String {
        switch plugin.status {
        case "host": return "\(plugin.name) \(plugin.version)  [host services]"
        case "loaded", "ready": return "\(plugin.name) \(plugin.version)  [\(plugin.status)]"
        default: return "\(plugin.name) \(plugin.version)  [\(plugin.status): \(plugin.reason ?? "no reason recorded")]"
        }
    }

    private static func provided(_ item: ContractGraph.Provided) -> String {
        if item.kind == "interceptor" {
            return "  intercepts routes to  \(item.label)"  // a guard, not something others can require
        }
        let kind = item.kind.padding(toLength: 7, withPad: " ", startingAt: 0)
        if let source = item.adaptedFrom {
            return "  provides  \(kind)  \(item.label)  (adapted from \(source))"
        }
        return "  provides  \(kind)  \(item.label)" + (item.route.map { "  /\($0)" } ?? "")
    }

    private static func required(_ item: ContractGraph.Required, gap: String?) -> String {
        let kind = item.kind.padding(toLength: 7, withPad: " ", startingAt: 0)
        guard let provider = item.providedBy else {
            return "  requires  \(kind)  \(item.label)  ✗ \(gap ?? "no provider")"
        }
        return "  requires  \(kind)  \(item.label)  ← \(provider)" + (item.adaptedFrom.map { " (adapted from \($0))" } ?? "")
    }
}
