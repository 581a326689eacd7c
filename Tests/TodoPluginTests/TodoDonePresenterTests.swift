import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The finished-items list (route `todo/done`): its real Interactor over a store in memory, a
/// clock pinned to Thursday 2026-12-03 and a spy view.
@Suite struct TodoDonePresenterTests {
    private final class SpyView: ViewSpy<TodoDoneViewModel>, TodoDoneViewing {}

    private func makePresenter(_ rows: [TodoRecord]) throws -> (TodoDonePresenter, SpyView, FakeTodoRecords) {
        let store = FakeTodoRecords(rows)
        let interactor = TodoDoneInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-03T09:00:00Z"))
        let presenter = TodoDonePresenter(interactor: interactor)
        interactor.output = presenter
        let view = SpyView()
        presenter.view = view
        return (presenter, view, store)
    }

    /// 2026-12-01T09:00:00Z and 2026-12-02T09:00:00Z.
    private let tuesday = 1_796_115_600.0
    private var wednesday: Double { tuesday + 86_400 }

    @Test func listsFinishedItemsLatestFirstWithTheDayEachWasDone() throws {
        let (presenter, view, _) = try makePresenter([
            TodoRecord(id: 1, name: "Pay rent", due: day("2026-12-01"), doneAt: tuesday),
            TodoRecord(id: 2, name: "Read", due: nil, doneAt: wednesday),
            TodoRecord(id: 3, name: "Taxes", due: day("2027-03-01")),
        ])
        presenter.didAppear()
        #expect(view.last?.rows == [
            TodoDisplayRow(id: 2, text: "Read (done Wednesday 2026-12-02)"),
            TodoDisplayRow(id: 1, text: "Pay rent (done Tuesday 2026-12-01, was due 2026-12-01)"),
        ])
    }

    @Test func reopenTakesAnItemOffThisList() throws {
        let (presenter, view, store) = try makePresenter([TodoRecord(id: 1, name: "Pay rent", due: nil, doneAt: tuesday)])
        presenter.didAppear()
        try presenter.didAskToReopen(ids: [1])
        #expect(view.last?.rows == [])
        #expect(view.last?.notice == "Back on the list: Pay rent (id 1), no due date.")
        #expect(try store.openRecords().map(\.id) == [1])
    }
}
