import Contracts

/// What serves a contract: a provider directly, or a chain of adapters that ends at a
/// provider (ZIKRouter's adapters, chained). The one definition that `viper doctor`
/// (``GraphValidator``, on descriptors) and resolving (``Registry``, for services and
/// modules, on live registrations) share, so what `doctor` accepts resolves, and what
/// cannot resolve is what `doctor` reports.
///
/// Invariants:
/// - At every step a provider wins over an adapter: `A` adapted from `B` is followed only
///   when nothing provides `A` itself (of the kind asked).
/// - Kind and name stay the same along a chain: an adapter has no name and serves
///   services and modules alike, so `module A[x]` through `A` ← `B` looks for `module B[x]`.
/// - A chain has at most ``maxAdapters`` adapters and visits no contract twice; a longer
///   chain is ``Unserved/Reason/tooLong`` and a chain that comes back to a contract is
///   ``Unserved/Reason/cycle``, so a walk always ends, after at most `maxAdapters + 1` steps.
/// - A walk only asks: ``find(_:provider:adapter:)`` calls `provider` for each contract on
///   the way, in order, before `adapter` for that contract, and calls each at most once per
///   contract. The registry's `provider` loads the plugins that serve the contract first
///   (lazy loading), so every plugin along a chain is loaded, and only those.
/// - The sentences (``Unserved/note``) are written here only: `doctor` and a failed
///   resolve say the same thing about the same chain.
package struct ServingPath: Hashable, Sendable {
    /// The longest chain of adapters followed. A chain needs one adapter per contract on
    /// the way; longer chains are refused (adapt from a provided contract directly).
    package static let maxAdapters = 4

    /// One adapter on the way: it serves `contract` from `source`.
    package struct Hop: Hashable, Sendable {
        /// The contract the adapter serves.
        package let contract: ContractID
        /// The contract it adapts from.
        package let source: ContractID
        /// The plugin that registered the adapter.
        package let plugin: String

        package init(contract: ContractID, source: ContractID, plugin: String) {
            self.contract = contract
            self.source = source
            self.plugin = plugin
        }
    }

    /// What was asked for.
    package let asked: ProvisionKey
    /// The adapters followed, from the asked contract to the provided one; empty when served directly.
    package let hops: [Hop]
    /// Who provides ``served``: a plugin name, or `host`.
    package let provider: String

    /// What the provider registered: the asked key, with the contract the last adapter adapts from.
    package var served: ProvisionKey { ProvisionKey(asked.kind, hops.last?.source ?? asked.contract, name: asked.name) }

    /// Why nothing serves a contract, with the adapters followed until the walk stopped.
    package struct Unserved: Error, Hashable, Sendable {
        package enum Reason: Hashable, Sendable {
            /// Nothing provides or adapts the contract the walk stopped at.
            case missing
            /// The last adapter adapts from a contract already on the way.
            case cycle
            /// More than ``ServingPath/maxAdapters`` adapters would be needed.
            case tooLong
        }

        package let asked: ProvisionKey
        package let reason: Reason
        /// The adapters followed; for a cycle the last one closes it, for a chain too long it is
        /// the first adapter past the limit.
        package let hops: [Hop]

        /// The contract the walk stopped at (for ``Reason/missing``: the one nothing provides).
        package var stoppedAt: ProvisionKey {
            ProvisionKey(asked.kind, hops.last?.source ?? asked.contract, name: asked.name)
        }

        /// Why, as a clause for messages (empty when no adapter was followed: then nothing
        /// provides or adapts the contract, which the message around it says already):
        /// `'glue' adapts it from B, 'more' adapts B from C, which no enabled plugin provides either`.
        package var note: String {
            guard !hops.isEmpty else { return "" }
            let name = asked.name
            let steps = hops.enumerated().map { position, hop in
                let what = position == 0 ? "it" : ProvisionKey.label(hop.contract, name)
                return "'\(hop.plugin)' adapts \(what) from \(ProvisionKey.label(hop.source, name))"
            }.joined(separator: ", ")
            switch reason {
            case .missing:
                return "\(steps), which no enabled plugin provides either"
            case .cycle:
                let start = hops.firstIndex { $0.contract == hops[hops.count - 1].source } ?? 0
                let loop = (hops[start...].map(\.contract) + [hops[start].contract]).map { ProvisionKey.label($0, name) }
                return
                    "\(steps): these adapters form a cycle (\(loop.joined(separator: " → "))) and no enabled plugin provides any of them; provide one of them, or remove an adapter"
            case .tooLong:
                return
                    "\(steps): more than \(ServingPath.maxAdapters) adapters in a chain; adapt \(ProvisionKey.label(asked.contract, name)) from a contract a plugin provides"
            }
        }
    }

    /// What serves `asked`. `provider` answers who provides a key directly (nil: nobody),
    /// `adapter` which adapter serves a contract (nil: none); see the invariants above.
    package static func find(
        _ asked: ProvisionKey, provider: (ProvisionKey) -> String?,
        adapter: (ContractID) -> Hop?
    ) -> Result<ServingPath, Unserved> {
        var hops: [Hop] = []
        var visited: Set<ContractID> = [asked.contract]
        var current = asked
        while true {
            if let found = provider(current) {
                return .success(ServingPath(asked: asked, hops: hops, provider: found))
            }
            guard let hop = adapter(current.contract) else {
                return .failure(Unserved(asked: asked, reason: .missing, hops: hops))
            }
            hops.append(hop)
            if !visited.insert(hop.source).inserted {
                return .failure(Unserved(asked: asked, reason: .cycle, hops: hops))
            }
            if hops.count > maxAdapters {
                return .failure(Unserved(asked: asked, reason: .tooLong, hops: hops))
            }
            current = ProvisionKey(asked.kind, hop.source, name: asked.name)
        }
    }
}
