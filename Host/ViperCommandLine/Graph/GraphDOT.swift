/// The Graphviz form of a ``ContractGraph``: plugins are boxes, contracts ellipses (services) or
/// components (modules, with their route); a solid edge says "provides", a dashed one "requires",
/// a dotted one "adapted from". What is missing or disabled is drawn red, with the reason.
/// `dot -Tsvg` renders it unchanged.
enum GraphDOT {
    package static func render(_ graph: ContractGraph) -> String {
        var nodes: [String] = []
        var edges: [String] = []
        var contracts: [String: String] = [:]  // node id → attributes
        var gaps: [String: String] = [:]  // contract node id → why nothing serves it
        for required in graph.plugins.flatMap(\.requires) {
            if let gap = graph.gap(required) { gaps[contractID(required.kind, required.label)] = gap }
        }
        for plugin in graph.plugins {
            nodes.append("  \(quote("plugin:" + plugin.name)) [\(pluginAttributes(plugin))];")
            for item in plugin.provides {
                let kind = item.kind == "adapter" ? "service" : item.kind
                let id = contractID(kind, item.label)
                contracts[id] = contractAttributes(kind: kind, label: item.label, route: item.route, gap: gaps[id])
                edges.append("  \(quote("plugin:" + plugin.name)) -> \(quote(id)) [label=\(quote(item.kind == "adapter" ? "adapts" : "provides"))];")
                if let source = item.adaptedFrom {
                    let sourceID = contractID(kind, source)
                    if contracts[sourceID] == nil { contracts[sourceID] = contractAttributes(kind: kind, label: source, route: nil, gap: gaps[sourceID]) }
                    edges.append("  \(quote(id)) -> \(quote(sourceID)) [style=dotted, label=\"adapted from\"];")
                }
            }
            for item in plugin.requires {
                let id = contractID(item.kind, item.label)
                if contracts[id] == nil {
                    contracts[id] = contractAttributes(kind: item.kind, label: item.label, route: nil, gap: gaps[id])
                }
                let color = item.providedBy == nil ? ", color=red, fontcolor=red" : ""
                edges.append("  \(quote("plugin:" + plugin.name)) -> \(quote(id)) [style=dashed, label=\"requires\"\(color)];")
            }
        }
        nodes += contracts.keys.sorted().map { "  \(quote($0)) [\(contracts[$0] ?? "")];" }
        edges += libraryLines(graph)
        return
            ([
                "digraph viper {",
                "  graph [rankdir=LR, fontname=\"Helvetica\"];",
                "  node [fontname=\"Helvetica\", fontsize=10];",
                "  edge [fontname=\"Helvetica\", fontsize=9];",
            ] + nodes + edges + ["}"]).joined(separator: "\n")
    }

    private static func contractID(_ kind: String, _ label: String) -> String { "\(kind):\(label)" }

    private static func pluginAttributes(_ plugin: ContractGraph.Plugin) -> String {
        switch plugin.status {
        case "host":
            return "shape=box, style=\"rounded,bold\", label=\(quote("\(plugin.name) \(plugin.version)\nhost services"))"
        case "loaded", "ready":
            return "shape=box, style=rounded, label=\(quote("\(plugin.name) \(plugin.version)\n\(plugin.status)"))"
        default:
            let reason = wrap(plugin.reason ?? "no reason recorded", width: 48)
            return "shape=box, style=\"rounded,filled\", fillcolor=\"#f2f2f2\", color=red, fontcolor=red, "
                + "label=\(quote("\(plugin.name) \(plugin.version)\n\(plugin.status.uppercased())\n\(reason)"))"
        }
    }

    private static func contractAttributes(kind: String, label: String, route: String?, gap: String?) -> String {
        let shape = kind == "module" ? "component" : "ellipse"
        var text = "\(kind)\n\(label)" + (route.map { "\n/\($0)" } ?? "")
        if let gap {
            text += "\n" + wrap(gap.prefix(1).uppercased() + gap.dropFirst(), width: 40)
            return "shape=\(shape), style=\"dashed,bold\", color=red, fontcolor=red, label=\(quote(text))"
        }
        return "shape=\(shape), label=\(quote(text))"
    }

    /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`.
    static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    private static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
