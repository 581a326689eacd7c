import Contracts
import Testing
@testable import ViperCore

@Suite struct RouteMatcherTests {
    private func makeMatcher(_ specs: [RouteSpec] = [
        RouteSpec("notes", summary: "Notes"),
        RouteSpec("notes/:id", summary: "One note"),
        RouteSpec("notes/new", summary: "New note"),
        RouteSpec("articles", summary: "Articles", query: ["source", "limit"]),
    ]) -> RouteMatcher<String> {
        RouteMatcher(specs.map { RouteMatcher.Route(spec: $0, target: $0.pattern) })
    }

    @Test func aLiteralPathMatchesItsRoute() throws {
        let match = try makeMatcher().match("notes")
        #expect(match.route.target == "notes")
        #expect(match.parameters.isEmpty)
    }

    @Test func aParameterSegmentBecomesAParameter() throws {
        let match = try makeMatcher().match("notes/42")
        #expect(match.route.target == "notes/:id")
        #expect(match.parameters["id"] == "42")
    }

    @Test func aLiteralSegmentWinsOverAParameter() throws {
        #expect(try makeMatcher().match("notes/new").route.target == "notes/new")
    }

    @Test func slashesAtEitherEndAreIgnored() throws {
        #expect(try makeMatcher().match("/notes/").route.target == "notes")
    }

    @Test func queryValuesAreDecodedAndMayHoldSlashesAndColons() throws {
        let match = try makeMatcher().match("articles?source=http://127.0.0.1:8000/feed.json&limit=5%20items")
        #expect(match.parameters.values == ["source": "http://127.0.0.1:8000/feed.json", "limit": "5 items"])
    }

    @Test func anUnknownQueryNameIsRejectedWithTheNearestName() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("articles?sourse=x") }
        #expect(error?.code == .badParameter)
        #expect(error?.message == "'articles' has no parameter 'sourse'; did you mean 'source'? it takes: source, limit")
    }

    @Test func aQueryOnARouteWithoutParametersIsRejected() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("notes?x=1") }
        #expect(error?.message == "'notes' takes no parameters; remove '?x=…'")
    }

    @Test func aQueryNameWithoutValueIsRejected() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("articles?source") }
        #expect(error?.message == "parameter 'source' in 'articles?source' needs a value, e.g. 'articles?source=VALUE'")
    }

    @Test func aParameterGivenTwiceIsRejected() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("articles?limit=1&limit=2") }
        #expect(error?.message == "parameter 'limit' is given twice in 'articles?limit=1&limit=2'; give it once")
    }

    @Test func anUnknownPathSuggestsTheNearestRoute() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("artcles") }
        #expect(error?.code == .noRoute)
        #expect(error?.message == "no route matches 'artcles'; did you mean 'articles'? ('routes' lists them all)")
    }

    @Test func aPathWithTooManySegmentsListsTheRoutesThatStartTheSame() {
        let error = #expect(throws: NavigationError.self) { try makeMatcher().match("notes/1/2") }
        #expect(error?.message == "no route matches 'notes/1/2'; routes starting with 'notes': notes, notes/:id, notes/new")
    }

    @Test func aLongListOfRoutesThatStartTheSameIsCutAtFiveWithACount() {
        let specs = (0..<1_000).map { RouteSpec("feature/f\($0)", summary: "Feature \($0)") }
        let error = #expect(throws: NavigationError.self) { try makeMatcher(specs).match("feature/x/y") }
        #expect(error?.message == "no route matches 'feature/x/y'; routes starting with 'feature': "
            + "feature/f0, feature/f1, feature/f2, feature/f3, feature/f4 and 995 more ('routes' lists them all)")
    }

    @Test func listingsShowTheQueryAndCompletionOffersTheLiteralPart() {
        let articles = RouteSpec("articles", summary: "Articles", query: ["source"])
        #expect(RouteMatcher<Void>.display(articles) == "articles [?source=…]")
        #expect(RouteMatcher<Void>.completions(articles) == ["articles", "articles?source="])
        #expect(RouteMatcher<Void>.completions(RouteSpec("notes/:id/edit", summary: "")) == ["notes/"])
    }
}
