/// The search behind `viper doctor --bisect`: which plugin's presence makes a script fail, or
/// which two only together, found by running the script with sets of plugins on. It does no I/O:
/// a run is the caller's closure (`viper doctor` starts viper; the tests answer in memory).
///
/// The plugins are put in an order where each comes after every plugin it requires, directly or
/// not, so every prefix of it is a set a run may have on: a consumer is never on without its
/// providers (plugins that are not candidates, such as the bundled ones, stay on).
///
/// Runs, for n plugins and a script that fails with all of them on:
/// 1. all on: a script that passes has nothing to find (1 run);
/// 2. the shortest failing prefix, by halving (⌈log2 n⌉ runs): its last plugin, B, is the one whose
///    arrival makes the script fail;
/// 3. one run to tell B alone (with its providers) from B with a partner: none on when B is the
///    first plugin (a script that fails then is not any plugin's doing), else B with its providers;
///    a culprit alone is named in at most ⌈log2 n⌉ + 2 runs;
/// 4. for a pair, the shortest prefix that fails with B held on, by halving (⌈log2 n⌉ runs at
///    most), whose last plugin is the partner A; one more run checks A and B alone fail together.
/// The search assumes what it searches for: that more plugins never turn a failure into a pass.
/// A script may need some drop-in plugins itself (it opens their routes): a failed run whose
/// output names an off plugin the script asked for (``Outcome/needs``) is not a verdict on the
/// plugins on; that plugin is held on from then on, and the run is made again with it (one more
/// run per plugin the script needs). A run set that was asked already is not run again.
package struct PluginBisection {
    /// What the search found.
    package enum Verdict: Equatable, Sendable {
        /// The script passes with every plugin on: nothing to find.
        case passesWithAll
        /// The script fails with every candidate off: not a plugin's doing.
        case failsWithNone
        /// This plugin's presence (with what it requires) makes the script fail.
        case plugin(String)
        /// These two make it fail together, and neither does alone (first, then second in the order).
        case pair(String, String)
        /// These two are needed, but fail only with more of the plugins before them on.
        case more(String, String)
        /// The script fails even with only the plugins it needs on (named, in order).
        case failsWithNeeded([String])
    }

    /// What a run says: whether the script failed, and the plugins that were off which it asked
    /// for (a route or contract of theirs), if any.
    package struct Outcome: Equatable, Sendable {
        package let failed: Bool
        package let needs: [String]

        package init(failed: Bool, needs: [String] = []) {
            self.failed = failed
            self.needs = needs
        }
    }

    /// One run: the plugins on, and whether the script failed.
    package struct Run: Equatable, Sendable {
        package let on: [String]
        package let failed: Bool
    }

    /// The candidates, each after everything it requires.
    package let order: [String]
    /// By position in ``order``: the positions of everything it requires, directly or not.
    private let providers: [Set<Int>]

    /// `plugins` to search among, in the order to keep where `requires` allows (plugin name to
    /// the names it requires; names that are not candidates are ignored).
    package init(plugins: [String], requires: [String: [String]]) {
        var order: [String] = []
        var placed = Set<String>()
        var visiting = Set<String>()
        let candidates = Set(plugins)
        func place(_ name: String) {
            guard !placed.contains(name), !visiting.contains(name) else { return }  // a cycle is placed once, as met
            visiting.insert(name)
            for provider in requires[name] ?? [] where candidates.contains(provider) { place(provider) }
            visiting.remove(name)
            placed.insert(name)
            order.append(name)
        }
        plugins.forEach(place)
        self.order = order
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var providers: [Set<Int>] = []
        for name in order {
            var found = Set<Int>()
            var queue = (requires[name] ?? []).compactMap { position[$0] }
            while let next = queue.popLast() {
                guard found.insert(next).inserted else { continue }
                queue += (requires[order[next]] ?? []).compactMap { position[$0] }
            }
            found.remove(position[name] ?? -1)
            providers.append(found)
        }
        self.providers = providers
    }

    /// The most runs ``search(_:)`` makes for `count` plugins when one plugin is the culprit.
    package static func runLimit(plugins count: Int) -> Int {
        var bits = 0
        while (1 << bits) < count { bits += 1 }
        return bits + 2
    }

    /// Searches, asking `run` for the outcome of the script with the plugins given on (and every
    /// other candidate off; see ``Outcome``); returns the verdict and the runs made, in order.
    package func search(_ run: ([String]) throws -> Outcome) rethrows -> (verdict: Verdict, runs: [Run]) {
        var runs: [Run] = []
        var known: [[Int]: Bool] = [:]
        var needed = Set<Int>()
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func test(_ asked: Set<Int>) throws -> Bool {
            while true {
                let on = asked.union(needed)
                let key = on.sorted()
                if let result = known[key] { return result }
                let names = key.map { order[$0] }
                let outcome = try run(names)
                known[key] = outcome.failed
                runs.append(Run(on: names, failed: outcome.failed))
                let more = outcome.needs.compactMap { position[$0] }.filter { !on.contains($0) }
                guard outcome.failed, !more.isEmpty else { return outcome.failed }
                for plugin in more { needed.formUnion(providers[plugin].union([plugin])) }
            }
        }
        func prefix(_ count: Int) -> Set<Int> { Set(0..<count) }
        let count = order.count
        guard try test(prefix(count)) else { return (.passesWithAll, runs) }
        guard count > 0 else { return (.failsWithNone, runs) }
        // The shortest failing prefix, taking the empty one to pass (checked below when it matters).
        let last = try shortest(in: 1...count) { try test(prefix($0)) }
        let culprit = last - 1
        let alone = providers[culprit].union([culprit])
        if last == 1 || needed.contains(culprit) {
            guard try test([]) else { return (.plugin(order[culprit]), runs) }
            return (needed.isEmpty ? .failsWithNone : .failsWithNeeded(needed.sorted().map { order[$0] }), runs)
        }
        if try alone.union(needed) == prefix(last).union(needed) || test(alone) { return (.plugin(order[culprit]), runs) }
        // A partner before it: the shortest prefix that fails with the culprit held on.
        let partnerEnd = try shortest(in: 1...(last - 1)) { try test(prefix($0).union(alone)) }
        let partner = partnerEnd - 1
        let pair = providers[partner].union([partner]).union(alone)
        if try pair == prefix(partnerEnd).union(alone) || test(pair) { return (.pair(order[partner], order[culprit]), runs) }
        return (.more(order[partner], order[culprit]), runs)
    }

    /// The smallest `k` in `range` for which `fails(k)` holds, given that it holds for the upper
    /// bound (not asked) and that it holds for every `k` above one for which it holds.
    private func shortest(in range: ClosedRange<Int>, _ fails: (Int) throws -> Bool) rethrows -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if try fails(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
