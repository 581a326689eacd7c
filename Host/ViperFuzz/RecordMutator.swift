import ViperRuntime

/// Structure-aware mutation of ``RecordCodec`` text (the plugin cache): keeps the
/// tab-separated shape so most mutants still parse, and changes what the fields say:
/// a field swapped for another line's, a number at a limit, a nil, an escape, a
/// field dropped or doubled, a line duplicated or dropped. What parses is believed,
/// so the mutants reach validation and routing, not only the parser.
enum RecordMutator {
    static func mutate(_ text: String, using random: inout FuzzRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard !lines.isEmpty else { return text }
        let pool = lines.flatMap { $0 }
        for _ in 0..<random.int(1...3) {
            let row = random.below(lines.count)
            if lines[row].isEmpty || random.chance(10) {
                // Whole lines: duplicate one, drop one, or swap two.
                switch random.below(3) {
                case 0: lines.insert(lines[row], at: random.below(lines.count + 1))
                case 1: if lines.count > 1 { lines.remove(at: row) }
                default: lines.swapAt(row, random.below(lines.count))
                }
                continue
            }
            let column = random.below(lines[row].count)
            switch random.below(8) {
            case 0: lines[row][column] = pool.isEmpty ? "" : random.pick(pool)
            case 1: lines[row][column] = random.pick(["0", "-1", "10000", "10001", "9223372036854775807", "99999999999999999999"])
            case 2: lines[row][column] = "\\N"
            case 3: lines[row][column] = random.pick(["", "\\", "\\x", "\\t\\n", "ok", "failed", "broken", "module", "service", "adapter", ":id", "a/b"])
            case 4: lines[row].remove(at: column)
            case 5: lines[row].insert(lines[row][column], at: column)
            case 6: lines[row][column] += random.pick(["x", "/", "?q=1", "[name]", "\u{0}"])
            default: lines[row][column] = String(lines[row][column].reversed())
            }
        }
        return lines.map { $0.joined(separator: "\t") }.joined(separator: "\n")
    }
}
