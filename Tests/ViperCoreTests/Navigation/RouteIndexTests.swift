import Contracts
import Testing
@testable import ViperCore

/// The matcher finds routes through ``RouteIndex`` instead of a loop over every route: it must
/// open the same route with the same parameters, and fail on the same paths with the same kind
/// of error, as the plain loop (``PlainRouteMatcher``) on thousands of generated route tables.
@Suite struct RouteIndexTests {
    /// A small deterministic generator (SplitMix64): the same tables on every run.
    private struct Generator {
        var state: UInt64
        mutating func below(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// Literals that collide on purpose: equal after Unicode normalisation (é two ways), a
    /// literal that looks like a parameter, and the empty segment a path may have.
    private static let literals = ["notes", "new", "a", "b", "caf\u{E9}", "cafe\u{301}", "x:y"]
    private static let parameters = [":id", ":x", ":id"]

    private func makeSpecs(_ generator: inout Generator) -> [RouteSpec] {
        (0..<generator.below(12)).map { _ in
            let segments = (0..<(1 + generator.below(4))).map { _ in
                generator.below(3) == 0 ? generator.pick(Self.parameters) : generator.pick(Self.literals)
            }
            let query = generator.below(3) == 0 ? ["source", "id"] : []
            return RouteSpec(segments.joined(separator: "/"), summary: "", query: query)
        }
    }

    private func makePath(_ generator: inout Generator) -> String {
        let pieces = Self.literals + ["42", "", ":id", "%41", "new%2Fx"]
        var path = (0..<(1 + generator.below(4))).map { _ in generator.pick(pieces) }.joined(separator: "/")
        switch generator.below(5) {
        case 0: path += "?source=s"
        case 1: path += "?id=7"
        case 2: path = "/" + path + "/"
        default: break
        }
        return path
    }

    private enum Answer: Equatable {
        case route(Int, [String: String])
        case failed(NavigationError.Code)
    }

    private func indexed(_ matcher: RouteMatcher<Int>, _ path: String) -> Answer {
        do {
            let match = try matcher.match(path)
            return .route(match.route.target, match.parameters.values)
        } catch {
            return .failed((error as? NavigationError)?.code ?? .buildFailed)
        }
    }

    private func plain(_ matcher: PlainRouteMatcher, _ path: String) -> Answer {
        do {
            let match = try matcher.match(path)
            return .route(match.route, match.values)
        } catch {
            return .failed((error as? NavigationError)?.code ?? .buildFailed)
        }
    }

    @Test func theIndexedMatcherGivesThePlainLoopsAnswerOnGeneratedTables() {
        var generator = Generator(state: 27)
        var compared = 0, matched = 0
        for _ in 0..<1_000 {
            let specs = makeSpecs(&generator)
            let matcher = RouteMatcher(specs.enumerated().map { RouteMatcher.Route(spec: $0.element, target: $0.offset) })
            let reference = PlainRouteMatcher(specs: specs)
            var paths = (0..<8).map { _ in makePath(&generator) }
            paths += specs.map(\.pattern)  // each pattern as typed: its own route, or one with more literals
            for path in paths {
                let answer = indexed(matcher, path)
                let expected = plain(reference, path)
                #expect(answer == expected, "'\(path)' in \(specs.map(\.pattern))")
                compared += 1
                if case .route = expected { matched += 1 }
            }
        }
        // The tables are not so sparse that nearly every path fails.
        #expect(compared > 10_000)
        #expect(matched > compared / 5, "\(matched) of \(compared) matched")
    }

    @Test func ofTwoRoutesWithOnePatternTheFirstOpens() throws {
        let matcher = RouteMatcher([RouteSpec("notes/:id", summary: ""), RouteSpec("notes/:x", summary: "")]
            .enumerated().map { RouteMatcher.Route(spec: $0.element, target: $0.offset) })
        let match = try matcher.match("notes/4")
        #expect(match.route.target == 0)
        #expect(match.parameters.values == ["id": "4"])
    }

    @Test func theRouteWithMoreLiteralsWinsWhereverItsLiteralsAre() throws {
        let matcher = RouteMatcher(["a/:x/:y", ":x/b/c", "a/b/:z"].enumerated().map {
            RouteMatcher.Route(spec: RouteSpec($0.element, summary: ""), target: $0.offset)
        })
        #expect(try matcher.match("a/b/c").route.target == 1)
        #expect(try matcher.match("a/b/d").route.target == 2)
        #expect(try matcher.match("a/q/d").route.target == 0)
    }

    @Test func anEmptySegmentIsNoParameter() {
        let matcher = RouteMatcher([RouteMatcher.Route(spec: RouteSpec("a/:x/b", summary: ""), target: 0)])
        let error = #expect(throws: NavigationError.self) { try matcher.match("a//b") }
        #expect(error?.code == .noRoute)
    }

    @Test func theIndexSplitsEachPatternOnceIntoLiteralsAndParameters() {
        let index = RouteIndex(["notes/:id/edit", "/notes//new/"])
        #expect(index.patterns == [[.literal("notes"), .parameter("id"), .literal("edit")], [.literal("notes"), .literal("new")]])
    }
}
