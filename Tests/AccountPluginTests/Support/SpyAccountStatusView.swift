import ViperTestSupport
@testable import AccountPlugin

/// Records the lines the status line Presenter sends.
final class SpyAccountStatusView: ViewSpy<String>, AccountStatusViewing {}
