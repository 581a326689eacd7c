import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// The bundled suites of Session, Login and AccountStatus, in process: how a
/// provider of a bundled contract runs them in its own `swift test`.
@Suite struct AccountConformanceTests {
    @Test func theAccountPluginKeepsEveryPromiseOfItsThreeContracts() throws {
        let report = try Conformance.check(AccountPlugin.self)
        #expect(report.conforms, "\(report)")
        #expect(report.notApplicable.isEmpty, "\(report)")
        #expect(ContractSuite.session.serviceChecks.allSatisfy { report.result($0.name, subject: "Session")?.passed == true },
                "\(report)")
        for (subject, suite) in [("Login", ContractSuite.login), ("AccountStatus", ContractSuite.accountStatus)] {
            #expect(suite.checks.allSatisfy { report.result($0.name, subject: subject)?.passed == true }, "\(report)")
        }
    }
}
