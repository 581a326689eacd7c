import Contracts

/// Services whose factories need each other are disabled.
extension GraphValidator {
    // MARK: Cycles

    /// Services whose factories need each other can never be built; modules may
    /// route to each other freely (a list pushes an editor that pushes the list).
    package func findCycles(_ outcome: inout Outcome) {
        var edges: [String: [String]] = [:]  // service label -> labels of the services its factory resolves
        var ownerOf: [String: Node] = [:]
        buildIndex()
        for position in nodes.indices where isEnabled(nodes[position], outcome) {
            let node = nodes[position]
            for (offset, provision) in node.descriptor.provides.enumerated() where provision.kind == .service {
                let label = provisionLabel(position, offset)
                if isOverridden(node, label, outcome) || ownerOf[label] != nil { continue }
                ownerOf[label] = node
                edges[label] = provision.requires.indices.filter { provision.requires[$0].kind == .service }.map { number in
                    let requirement = provision.requires[number]
                    let found = provider(of: requirement, slot: requirementSlot(position, offset, number), outcome)
                    return Self.label(found.adaptedFrom ?? requirement.contract, requirement.name)
                }
            }
        }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var stack: [String] = []
        var reported = Set<Set<String>>()
        func visit(_ label: String) {
            state[label] = 1
            stack.append(label)
            for next in edges[label] ?? [] {
                if state[next] == 1, let start = stack.firstIndex(of: next) {
                    let cycle = Array(stack[start...]) + [next]
                    guard reported.insert(Set(cycle)).inserted else { continue }
                    let chain = cycle.joined(separator: " → ")
                    var owners: [Node] = []
                    for member in cycle {
                        if let owner = ownerOf[member], !owners.contains(where: { $0.name == owner.name }) { owners.append(owner) }
                    }
                    for owner in owners {
                        let reason =
                            "dependency cycle \(chain): these services' factories need each other; break it by resolving one of them lazily, outside its factory"
                        disable(owner, kind: .cycle, contract: next, reason: reason, &outcome)
                    }
                } else if state[next] == nil, edges[next] != nil {
                    visit(next)
                }
            }
            stack.removeLast()
            state[label] = 2
        }
        for label in edges.keys.sorted() where state[label] == nil {
            visit(label)
        }
    }
}
