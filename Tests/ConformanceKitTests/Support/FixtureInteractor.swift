import Contracts

final class FixtureInteractor {
    let clock: any Clock
    var items: [String] = []

    init(clock: any Clock) {
        self.clock = clock
    }
}
