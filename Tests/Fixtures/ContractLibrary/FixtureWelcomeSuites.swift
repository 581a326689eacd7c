// The suites that travel with the FixtureWelcome contract library: built into
// libFixtureWelcomeSuites.so and installed beside libFixtureWelcome.so, where `viper check`
// finds them and runs them against every plugin that provides WelcomeText. The tests replace
// __EXPECTED__ with what a welcome to Ada must contain.
import ConformanceKit
import Contracts
import FixtureWelcome

/// What every WelcomeText promises: a welcome that names the guest.
let welcomeTextSuite = ContractSuite(for: WelcomeText.self, serviceChecks: [
    ServiceCheck("welcome-names-the-guest") { harness in
        let text = try harness.make(WelcomeText.self).welcome("Ada")
        try CheckFailure.unless(text.contains("__EXPECTED__"), expected: "a welcome that says '__EXPECTED__'", happened: "'\(text)'",
                                fix: "put the guest's name in the welcome")
    },
])

@_cdecl("viper_contract_suites")
public func viperContractSuites(_ request: UnsafeMutableRawPointer?) -> Int32 {
    ExportedSuites.run(request, suites: [welcomeTextSuite])
}
