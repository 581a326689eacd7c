import Contracts
import Foundation

/// What the bundled suites share: services they put data in place with, and the
/// output spies they hand to modules.
enum SuiteSupport {
    /// The service `contract` from the harness's services, or a failure saying the suite needs it.
    static func required<Service>(_ contract: Service.Type, _ harness: ModuleHarness) throws -> Service {
        do {
            return try harness.services.resolve(contract)
        } catch {
            throw CheckFailure("this suite needs a \(ContractID(contract).shortName) among the services to put data in place: \(error)")
        }
    }

    /// What a screen shows, on one line for a check's reason: `it drew [heading: X; 1. Y]`.
    static func drew(_ screen: SpyScreen) -> String {
        screen.lines.isEmpty ? "it drew nothing" : "it drew [\(screen.lines.joined(separator: "; "))]"
    }

    /// Today in the clock's time zone.
    static func today(_ clock: any Clock) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: clock.timeZoneIdentifier) ?? TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: clock.secondsSince1970))
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Fails unless the module closed itself exactly once and then reported exactly once.
    static func closedThenReportedOnce(_ module: ModuleUnderTest, reports: [String], closesBeforeReport: [Int],
                                       expected report: String) throws {
        try CheckFailure.unless(reports == [report],
            expected: "exactly one report through output, \(report)", happened: reports.isEmpty ? "it reported nothing" : "it reported \(reports)",
            fix: "tell the output once, after closing")
        let closes = module.router.calls.filter { $0 == .close }.count
        try CheckFailure.unless(closes == 1,
            expected: "the module to close itself once (router.close())", happened: "it closed \(closes) time(s)")
        try CheckFailure.unless(closesBeforeReport == [1],
            expected: "the module to close before telling its output", happened: "it told its output before closing",
            fix: "call router.close() first, then the output")
    }
}

/// Hears a module's output: what it reported, and how often its router had closed by then.
final class OutputSpy: LoginOutput, TodoAddingOutput {
    private let router: SpyRouter
    private(set) var reports: [String] = []
    private(set) var closesBeforeReport: [Int] = []
    private(set) var users: [User] = []
    private(set) var items: [TodoItem] = []

    init(router: SpyRouter) {
        self.router = router
    }

    private func note(_ report: String) {
        reports.append(report)
        closesBeforeReport.append(router.calls.filter { $0 == .close }.count)
    }

    func loginDidSucceed(_ user: User) {
        users.append(user)
        note("loginDidSucceed")
    }

    func loginDidCancel() { note("loginDidCancel") }

    func todoAdderDidAdd(_ item: TodoItem) {
        items.append(item)
        note("todoAdderDidAdd")
    }

    func todoAdderDidCancel() { note("todoAdderDidCancel") }
}
