/// Finds the nearest valid word for "did you mean" hints.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance, if close enough to be a likely typo.
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let word = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate.lowercased())
            let prefixMatch = candidate.lowercased().hasPrefix(word) && !word.isEmpty
            let score = prefixMatch ? min(distance, 1) : distance
            if score < (best?.1 ?? Int.max) { best = (candidate, score) }
        }
        guard let (candidate, score) = best else { return nil }
        let limit = max(1, min(3, word.count / 2))
        return score <= limit ? candidate : nil
    }

    /// Levenshtein distance.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
