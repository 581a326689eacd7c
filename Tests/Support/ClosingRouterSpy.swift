import ConformanceKit

/// The spy for a module router that can only close its module: it records "close" into
/// an ``EventLog`` shared with the module's output spy, so a test can check that the
/// module closes before it tells its output. A plugin's tests conform it to the module's
/// own routing protocol:
///
///     final class SpyLoginRouter: ClosingRouterSpy, LoginRouting {}
open class ClosingRouterSpy {
    public let log: EventLog

    public init(log: EventLog = EventLog()) {
        self.log = log
    }

    public func close() {
        log.record("close")
    }
}
