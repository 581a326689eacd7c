import Contracts
import Foundation

/// Works out the greeting from the injected clock (tests pin the time).
final class HelloInteractor: HelloInteracting {
    private let clock: any Clock
    private let logger: any Logger

    init(clock: any Clock, logger: any Logger) {
        self.clock = clock
        self.logger = logger
    }

    func doGreet(_ name: String) -> Greeting {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: clock.timeZoneIdentifier) ?? TimeZone(identifier: "UTC") ?? calendar.timeZone
        let hour = calendar.component(.hour, from: Date(timeIntervalSince1970: clock.secondsSince1970))
        let part: PartOfDay
        switch hour {
        case 5..<12: part = .morning
        case 12..<17: part = .afternoon
        case 17..<22: part = .evening
        default: part = .night
        }
        logger.log(.debug, "greeting \(name) at hour \(hour)", source: "greeter")
        return Greeting(name: name, partOfDay: part)
    }
}
