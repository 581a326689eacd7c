import Contracts
import Foundation

/// Turns the session into one line. The parent module reaches it only through
/// ``AccountStatus`` and calls ``refresh()`` when the user may have changed.
final class AccountStatusPresenter: AccountStatus, AccountStatusEventHandling {
    weak var view: (any AccountStatusViewing)?
    private let interactor: any AccountStatusInteracting
    private let untilFormat: DateFormatter
    private let zoneName: String

    init(interactor: any AccountStatusInteracting, timeZoneIdentifier: String = "UTC") {
        self.interactor = interactor
        // The system's names for UTC (`Etc/UTC`, `Etc/Universal`, `Zulu`) are all shown as UTC.
        let utc: Set<String> = ["Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "Etc/UCT", "UCT"]
        zoneName = utc.contains(timeZoneIdentifier) ? "UTC" : timeZoneIdentifier
        untilFormat = DateFormatter()
        untilFormat.locale = Locale(identifier: "en_US_POSIX")
        untilFormat.timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0)
        untilFormat.dateFormat = "yyyy-MM-dd HH:mm"
    }

    func didAppear() {
        refresh()
    }

    func refresh() {
        guard let name = interactor.doFindUserName() else {
            view?.didUpdate("Not signed in")
            return
        }
        guard let until = interactor.doFindStayingUntil() else {
            view?.didUpdate("Signed in as \(name)")
            return
        }
        let when = untilFormat.string(from: Date(timeIntervalSince1970: until))
        view?.didUpdate("Signed in as \(name) (stays signed in on this machine until \(when) \(zoneName); 'signout' ends it)")
    }
}
