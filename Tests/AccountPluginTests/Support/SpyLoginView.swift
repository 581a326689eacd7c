import ViperTestSupport
@testable import AccountPlugin

/// Records the display models the sign-in Presenter sends.
final class SpyLoginView: ViewSpy<LoginViewModel>, LoginViewing {}
