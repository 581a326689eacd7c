import Contracts

/// Who provides what, built once per validation (linear searches for every requirement would make
/// validation quadratic in the number of plugins, and hashing the same contract names again in
/// every step would cost as much again). Each distinct ``ProvisionKey`` is hashed once here and is an
/// integer (a slot) after that, each label is made once, and each requirement knows the slot
/// it asks for. Provisions and requirements are numbered in flat tables, node by node.
extension GraphValidator {
    package final class Index {
        package var isBuilt = false
        package var hostSlots = Set<ProvisionKey>()
        /// Every key plugins provide (interceptors aside), in the order first found in search order,
        /// then the keys only the host provides.
        package var slots: [ProvisionKey] = []
        /// The slots below this are the ones plugins provide.
        package var pluginSlotCount = 0
        package var slotIDs: [ProvisionKey: Int] = [:]
        /// By slot: its label, whether the host provides it, and the indices into `nodes` of the
        /// plugins that provide it, in search order.
        package var labels: [String] = []
        package var isHostSlot: [Bool] = []
        package var providers: [[Int]] = []
        /// Contract -> (node index, adapter provision) for adapters that serve it.
        package var adapters: [ContractID: [(Int, Provision)]] = [:]
        /// By node: the number of its first provision in the tables below.
        package var provisionStart: [Int] = []
        /// By provision number: its label, and the number of its first requirement.
        package var provisionLabels: [String] = []
        package var requirementStart: [Int] = []
        /// By requirement number: the slot of the key it asks for directly, or -1 when neither
        /// a plugin nor the host provides that key.
        package var requirementSlots: [Int] = []
    }

    package func buildIndex() {
        guard !index.isBuilt else { return }
        index.isBuilt = true
        index.hostSlots = Set(hostProvides.map(ProvisionKey.init))
        // Built in local tables (each surely unique, so appended to in place) and stored once.
        var table = Tables()
        let provisionCount = nodes.reduce(0) { $0 + $1.descriptor.provides.count }
        table.reserve(nodes: nodes.count, provisions: provisionCount + hostProvides.count)
        for position in nodes.indices {
            table.provisionStart.append(table.provisionLabels.count)
            for provision in nodes[position].descriptor.provides {
                // The label as ``ProvisionKey/label`` writes it, without an interpolation.
                let label = provision.name.map { provision.contract.name + "[" + $0 + "]" } ?? provision.contract.name
                table.provisionLabels.append(label)
                table.requirementStart.append(table.requirementSlots.count)
                // Filled in below, once every slot is known.
                table.requirementSlots.append(contentsOf: repeatElement(-1, count: provision.requires.count))
                guard provision.kind != .interceptor else { continue }
                let slot = table.slot(ProvisionKey(provision), label: label)
                if table.providers[slot].last != position {
                    table.providers[slot].append(position)
                }
                if provision.kind == .adapter {
                    index.adapters[provision.contract, default: []].append((position, provision))
                }
            }
        }
        index.pluginSlotCount = table.slots.count
        for key in hostProvides.map(ProvisionKey.init) {
            table.isHostSlot[table.slot(key, label: key.label)] = true
        }
        var number = 0
        for node in nodes {
            for provision in node.descriptor.provides {
                for requirement in provision.requires {
                    table.requirementSlots[number] = table.slotIDs[Self.askedKey(requirement)] ?? -1
                    number += 1
                }
            }
        }
        index.slots = table.slots
        index.slotIDs = table.slotIDs
        index.labels = table.labels
        index.isHostSlot = table.isHostSlot
        index.providers = table.providers
        index.provisionStart = table.provisionStart
        index.provisionLabels = table.provisionLabels
        index.requirementStart = table.requirementStart
        index.requirementSlots = table.requirementSlots
    }

    /// ``Index``'s tables while they are built.
    private struct Tables {
        var slots: [ProvisionKey] = []
        var slotIDs: [ProvisionKey: Int] = [:]
        var labels: [String] = []
        var isHostSlot: [Bool] = []
        var providers: [[Int]] = []
        var provisionStart: [Int] = []
        var provisionLabels: [String] = []
        var requirementStart: [Int] = []
        var requirementSlots: [Int] = []

        mutating func reserve(nodes: Int, provisions: Int) {
            slotIDs.reserveCapacity(provisions)
            slots.reserveCapacity(provisions)
            labels.reserveCapacity(provisions)
            isHostSlot.reserveCapacity(provisions)
            providers.reserveCapacity(provisions)
            provisionStart.reserveCapacity(nodes)
            provisionLabels.reserveCapacity(provisions)
            requirementStart.reserveCapacity(provisions)
        }

        /// The slot of `key`, made when it is new (one hash either way).
        mutating func slot(_ key: ProvisionKey, label: String) -> Int {
            let next = slots.count
            let slot = Self.value(&slotIDs[key, default: next])
            if slot == next {
                slots.append(key)
                labels.append(label)
                isHostSlot.append(false)
                providers.append([])
            }
            return slot
        }

        private static func value(_ slot: inout Int) -> Int { slot }
    }

    /// The key a requirement asks for directly.
    package static func askedKey(_ requirement: Requirement) -> ProvisionKey {
        ProvisionKey(requirement.kind == .module ? .module : .service, requirement.contract, name: requirement.name)
    }

    /// The label of provision `offset` of node `position`.
    package func provisionLabel(_ position: Int, _ offset: Int) -> String {
        index.provisionLabels[index.provisionStart[position] + offset]
    }

    /// The slot requirement `number` of provision `offset` of node `position` asks for directly, or nil.
    package func requirementSlot(_ position: Int, _ offset: Int, _ number: Int) -> Int? {
        let slot = index.requirementSlots[index.requirementStart[index.provisionStart[position] + offset] + number]
        return slot < 0 ? nil : slot
    }
}
