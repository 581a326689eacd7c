/// What one fuzz target found: how many inputs it tried, counts by outcome, and each
/// failure with the input that caused it (the first few of each kind).
final class FuzzReport {
    let target: String
    private(set) var inputs = 0
    private(set) var counts: [String: Int] = [:]
    private(set) var failures: [String] = []

    init(target: String) {
        self.target = target
    }

    func tried(_ outcome: String) {
        inputs += 1
        counts[outcome, default: 0] += 1
    }

    /// Records a broken property: `what` went wrong for `input`. The first 20 are kept in full.
    func fail(_ what: String, input: String) {
        failures.append(failures.count < 20 ? "\(target): \(what) for input \(Self.escape(input))" : "")
    }

    var failureCount: Int { failures.count }

    /// `shell: 1000 inputs, 0 failures (succeeded 600, rejected 400)`
    var summary: String {
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(target): \(inputs) inputs, \(failureCount) failure(s)" + (parts.isEmpty ? "" : " (\(parts))")
    }

    /// The failures worth printing, one per line.
    var failureLines: [String] { failures.filter { !$0.isEmpty } }

    /// `input` as a Swift-like string literal, so control characters show.
    static func escape(_ input: String, limit: Int = 300) -> String {
        var text = ""
        for scalar in input.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        if input.unicodeScalars.count > limit { text += "…(\(input.unicodeScalars.count) scalars)" }
        return "\"" + text + "\""
    }
}
