import Contracts
import Testing
@testable import ViperCore

/// A route error observer gets the host's kind of failure typed (`RouteFailure.Code`), with the same
/// names the host's `NavigationError.Code` has: the two lists cannot drift apart.
@Suite struct RouteFailureCodeTests {
    static let published: [RouteFailure.Code] = [
        .noRoute, .badParameter, .notRegistered, .buildFailed, .typeMismatch, .prepareFailed, .refused, .nothingToDo,
    ]

    @Test func everyKindTheHostReportsIsAPublishedCode() {
        for kind in NavigationError.Code.allCases {
            let failure = NavigationError(kind, "m").routeFailure
            #expect(Self.published.contains(failure.code), "NavigationError.Code.\(kind) has no RouteFailure.Code")
            #expect(failure.kind == kind.rawValue && failure.message == "m")
        }
        #expect(Self.published.count == NavigationError.Code.allCases.count)
    }

    @Test func aFailureMadeWithTextReadsAsItsTypedCode() {
        #expect(RouteFailure(kind: "refused", message: "sign in first").code == .refused)
        #expect(RouteFailure(code: .noRoute, message: "m").kind == "noRoute")
        #expect(RouteFailure(kind: "somethingNew", message: "m").code.rawValue == "somethingNew")
    }
}
