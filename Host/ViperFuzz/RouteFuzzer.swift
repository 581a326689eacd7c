import Contracts
import Foundation
import ViperCore
import ViperRuntime

/// Fuzzes route paths and parameters: the route matcher over the bundled plugins'
/// routes and random ones. Paths built from a route must open it (or a route with
/// more literal segments) with exactly the values put in; any other text must match
/// consistently or fail with a one-line error; parameters convert or say why not.
struct RouteFuzzer {
    let seeds: [String]
    let realRoutes: [RouteSpec]
    let watchdog: FuzzWatchdog

    package func run(count: Int, random: inout FuzzRandom, report: FuzzReport) {
        let mutator = FuzzMutator(dictionary: ["/", "?", "&", "=", ":", "%2F", "%3F", "%25", "notes", "todo", "add", "hello", "name", "source"])
        var specs = realRoutes
        for index in 0..<count {
            if index % 500 == 0 {
                specs = realRoutes
                for _ in 0..<random.int(0...12) {
                    // Two routes with one pattern are refused at start-up; do not make them here.
                    let spec = randomSpec(random: &random)
                    if !specs.contains(where: { Self.shape($0) == Self.shape(spec) }) { specs.append(spec) }
                }
            }
            let matcher = RouteMatcher(specs.enumerated().map { RouteMatcher.Route(spec: $0.element, target: $0.offset) })
            switch random.below(10) {
            case 0..<4:
                roundTrip(matcher, specs: specs, random: &random, report: report)
            case 4..<9:
                let text =
                    random.chance(60)
                    ? mutator.mutate(random.pick(seeds), using: &random, others: seeds)
                    : String(String.UnicodeScalarView((0..<random.int(0...40)).map { _ in FuzzMutator.randomScalar(using: &random) }))
                anyText(text, matcher, report: report)
            default:
                parameters(random: &random, mutator: mutator, report: report)
            }
        }
    }

    /// A path made from a route with random values: it must match, with those values.
    private func roundTrip(_ matcher: RouteMatcher<Int>, specs: [RouteSpec], random: inout FuzzRandom, report: FuzzReport) {
        guard !specs.isEmpty else { return }
        let spec = random.pick(specs)
        var expected: [String: String] = [:]
        var segments: [String] = []
        var values: [String] = []
        for segment in spec.pattern.split(separator: "/") {
            if segment.hasPrefix(":") {
                let value = randomValue(random: &random)
                expected[String(segment.dropFirst())] = value
                segments.append(Self.encode(value))
                values.append(value)
            } else {
                segments.append(String(segment))
                values.append(String(segment))
            }
        }
        var text = segments.joined(separator: "/")
        if random.chance(20) { text = "/" + text + "/" }
        // A query name that is also a path parameter would be "given twice": leave it out.
        let names = spec.query.filter { !expected.keys.contains($0) && random.chance(50) }
        if !names.isEmpty {
            text +=
                "?"
                + names.map { name in
                    let value = randomValue(random: &random)
                    expected[name] = value
                    return "\(name)=\(Self.encode(value))"
                }.joined(separator: "&")
        }
        watchdog.begin("route path \(FuzzReport.escape(text)) built from '\(spec.pattern)'")
        defer { watchdog.end() }
        do {
            let match = try matcher.match(text)
            report.tried("built path matched")
            if match.route.spec == spec {
                if match.parameters.values != expected {
                    report.fail("'\(spec.pattern)' gave parameters \(match.parameters.values), not \(expected)", input: text)
                }
            } else if Self.literals(match.route.spec) < Self.literals(spec) {
                report.fail("matched '\(match.route.spec.pattern)', which has fewer literal segments than '\(spec.pattern)'", input: text)
            } else {
                check(match, text: text, report: report)
            }
        } catch {
            // Another route may take the path (and refuse its query): one with more literal
            // segments wherever it is, or one with as many that comes first. Overlapping routes
            // are the plugins' choice, not a bug here.
            let earlier = specs.prefix { $0 != spec }
            let shadowed = specs.contains { other in
                guard other != spec, Self.binds(other, values) else { return false }
                return Self.literals(other) > Self.literals(spec)
                    || (Self.literals(other) == Self.literals(spec) && earlier.contains(other))
            }
            report.tried(shadowed ? "built path shadowed" : "built path refused")
            if !shadowed {
                report.fail("a path built from '\(spec.pattern)' was refused: \(NavigationStack.oneLine(error))", input: text)
            }
        }
    }

    /// Any text: a match must be consistent with its route; a refusal must be one line.
    private func anyText(_ text: String, _ matcher: RouteMatcher<Int>, report: FuzzReport) {
        watchdog.begin("route text \(FuzzReport.escape(text))")
        defer { watchdog.end() }
        do {
            let match = try matcher.match(text)
            report.tried("text matched")
            check(match, text: text, report: report)
        } catch let error as NavigationError {
            report.tried("text refused")
            // It echoes the text; the shell prints it through NavigationStack.oneLine.
            if NavigationStack.oneLine(error).trimmingCharacters(in: .whitespaces).isEmpty {
                report.fail("the refusal says nothing: \(FuzzReport.escape(error.message))", input: text)
            }
        } catch {
            report.tried("text refused")
            report.fail("refused with \(type(of: error)), not a NavigationError", input: text)
        }
    }

    private func check(_ match: RouteMatcher<Int>.Match, text: String, report: FuzzReport) {
        let pattern = match.route.spec.pattern.split(separator: "/")
        let query = Set(match.route.spec.query)
        let names = Set(pattern.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) })
        for (name, value) in match.parameters.values {
            if !names.contains(name) && !query.contains(name) {
                report.fail("'\(match.route.spec.pattern)' got parameter '\(name)' it does not declare", input: text)
            }
            if names.contains(name), value.isEmpty {
                report.fail("'\(match.route.spec.pattern)' got an empty ':\(name)'", input: text)
            }
        }
        if !names.isSubset(of: Set(match.parameters.values.keys)) {
            report.fail("'\(match.route.spec.pattern)' matched without all of its path parameters", input: text)
        }
    }

    /// Parameter values as modules read them: integers convert or say why, in one line.
    private func parameters(random: inout FuzzRandom, mutator: FuzzMutator, report: FuzzReport) {
        let value = random.chance(50) ? random.pick(FuzzMutator.interestingNumbers) : mutator.mutate(String(random.int(-99...99)), using: &random)
        let parameters = RouteParameters(random.chance(90) ? ["id": value] : [:])
        watchdog.begin("route parameter id=\(FuzzReport.escape(value))")
        defer { watchdog.end() }
        do {
            let number = try parameters.integer("id")
            report.tried("integer parameter")
            if Int(value) != number {
                report.fail("integer(\"id\") gave \(number)", input: value)
            }
        } catch {
            report.tried("integer parameter refused")
            let message = NavigationStack.oneLine(error)
            if message.isEmpty || !message.contains("'id'") {
                report.fail("the refusal does not name the parameter: \(FuzzReport.escape(message))", input: value)
            }
        }
    }

    private func randomSpec(random: inout FuzzRandom) -> RouteSpec {
        let words = ["a", "b", "notes", "todo", "x", "add", "new", "é", "1"]
        var unused = ["id", "name", "n", "x"]
        let segments = (0..<random.int(1...4)).map { _ -> String in
            guard random.chance(35), !unused.isEmpty else { return random.pick(words) }
            return ":" + unused.remove(at: random.below(unused.count))
        }
        let query = random.chance(40) ? Array(Set((0..<random.int(1...3)).map { _ in random.pick(["name", "source", "q", "x"]) })).sorted() : []
        return RouteSpec(segments.joined(separator: "/"), summary: "fuzz", query: query)
    }

    private func randomValue(random: inout FuzzRandom) -> String {
        let value: String
        switch random.below(4) {
        case 0: value = String(random.int(0...99_999))
        case 1: value = random.pick(FuzzMutator.interestingText)
        default: value = String(String.UnicodeScalarView((0..<random.int(1...10)).map { _ in FuzzMutator.randomScalar(using: &random) }))
        }
        // A path segment is not empty and not only spaces after trimming the whole path.
        return value.trimmingCharacters(in: .whitespaces).isEmpty ? "v" + value + "v" : value
    }

    /// Percent-encodes everything but unreserved characters, so the value survives as one segment or value.
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"))
            ?? value
    }

    /// Whether `spec`'s pattern takes the decoded segments `values`.
    private static func binds(_ spec: RouteSpec, _ values: [String]) -> Bool {
        let parts = spec.pattern.split(separator: "/")
        return parts.count == values.count && zip(parts, values).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : String($0) == $1 }
    }

    /// The pattern with every parameter alike: `notes/:id` and `notes/:n` have one shape.
    private static func shape(_ spec: RouteSpec) -> String {
        spec.pattern.split(separator: "/").map { $0.hasPrefix(":") ? ":" : String($0) }.joined(separator: "/")
    }

    private static func literals(_ spec: RouteSpec) -> Int {
        spec.pattern.split(separator: "/").filter { !$0.hasPrefix(":") }.count
    }
}
