import ViperTestSupport
@testable import AccountPlugin

/// Records when the sign-in module closes itself.
final class SpyLoginRouter: ClosingRouterSpy, LoginRouting {}
