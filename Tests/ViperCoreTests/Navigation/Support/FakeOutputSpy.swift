import Contracts
import ViperCoreTestSupport
/// Receives what a fake module reports back.
final class FakeOutputSpy: FakeOutput {
    private(set) var values: [String] = []

    func moduleDidFinish(with value: String) {
        values.append(value)
    }
}
