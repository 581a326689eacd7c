@testable import AccountPlugin

/// Records the lines the status line Presenter sends.
final class SpyAccountStatusView: AccountStatusViewing {
    private(set) var lines: [String] = []

    func didUpdate(_ line: String) {
        lines.append(line)
    }
}
