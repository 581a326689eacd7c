import Contracts

/// Makes instances of one registered service for checks. ``make(_:)`` calls the
/// plugin's factory again with the same services (so the same data folder and
/// database service): what one instance acknowledged, a new one must find.
public final class ServiceHarness {
    /// The service under test.
    public let service: RecordedService
    /// The services its factory resolves from, for suites that need others (a ``Clock``).
    public let services: any Resolver

    /// - Parameters:
    ///   - service: what to make.
    ///   - services: where its factory resolves what it needs.
    public init(service: RecordedService, services: any Resolver) {
        self.service = service
        self.services = services
    }

    /// A new instance, from the plugin's factory, as `contract`. Throws a
    /// ``CheckFailure`` when the factory throws or returns something else.
    public func make<Service>(_ contract: Service.Type) throws -> Service {
        let value: Any
        do {
            value = try service.factory(services)
        } catch {
            throw CheckFailure("its factory threw: \(error)")
        }
        guard let typed = value as? Service else {
            throw CheckFailure("its factory returned \(type(of: value)), which does not conform to \(ContractID(contract).shortName)")
        }
        return typed
    }
}
