import Foundation

/// Structure-aware JSON mutation: parses the text, changes one node (a value of
/// another type or at a limit, a key removed, an element duplicated, a container
/// emptied or nested deeply) and writes valid JSON again, so the input gets past
/// the parser and into the code that uses what it decoded.
enum JSONMutator {
    static func mutate(_ text: String, using random: inout FuzzRandom) -> String {
        guard let data = text.data(using: .utf8),
            let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return text }
        var mutated = root
        for _ in 0..<random.int(1...3) {
            mutated = mutate(mutated, depth: 0, using: &random)
        }
        guard let output = try? JSONSerialization.data(withJSONObject: mutated, options: [.fragmentsAllowed, .sortedKeys]) else { return text }
        return String(decoding: output, as: UTF8.self)
    }

    /// Walks down to a random node and replaces it.
    private static func mutate(_ value: Any, depth: Int, using random: inout FuzzRandom) -> Any {
        if var object = value as? [String: Any], !object.isEmpty, random.chance(75) {
            let key = random.pick(object.keys.sorted())
            switch random.below(10) {
            case 0: object.removeValue(forKey: key)
            case 1: object[random.pick(["", "extra", key + "x", "\u{0}"])] = randomScalar(using: &random)
            default: object[key] = mutate(object[key] as Any, depth: depth + 1, using: &random)
            }
            return object
        }
        if var array = value as? [Any], !array.isEmpty, random.chance(75) {
            let index = random.below(array.count)
            switch random.below(10) {
            case 0: array.remove(at: index)
            case 1: array.insert(array[index], at: index)
            case 2: array.swapAt(index, random.below(array.count))
            default: array[index] = mutate(array[index], depth: depth + 1, using: &random)
            }
            return array
        }
        return replacement(for: value, using: &random)
    }

    private static func replacement(for value: Any, using random: inout FuzzRandom) -> Any {
        switch random.below(8) {
        case 0: return [Any]()
        case 1: return [String: Any]()
        case 2:
            var nested: Any = value
            for _ in 0..<random.int(2...40) { nested = [nested] }
            return nested
        case 3 where value is String:
            return FuzzMutator().mutate(value as? String ?? "", using: &random)
        default: return randomScalar(using: &random)
        }
    }

    private static func randomScalar(using random: inout FuzzRandom) -> Any {
        switch random.below(7) {
        case 0: return NSNull()
        case 1: return random.chance(50)
        case 2: return random.pick([0, -1, 1, Int.max, Int.min, Int(Int32.max) + 1])
        case 3: return random.pick([0.5, -1e300, 1e300, 3.0])
        case 4: return random.pick(FuzzMutator.interestingText)
        case 5: return random.pick(FuzzMutator.interestingNumbers)
        default: return String(String.UnicodeScalarView((0..<random.int(0...16)).map { _ in FuzzMutator.randomScalar(using: &random) }))
        }
    }
}
