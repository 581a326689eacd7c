import Contracts

/// Stands in for the embedded status line: counts refreshes.
final class SpyAccountStatus: AccountStatus {
    private(set) var refreshCount = 0

    func refresh() {
        refreshCount += 1
    }
}
