import Contracts

/// The rule behind `undo`, shared by every to-do view: the last item taken off the
/// list (by `done` or `delete`) can be put back once. One history per plugin, so an
/// item marked done in `todo/all` can be brought back from `todo`.
final class UndoHistory {
    /// How an item left the list.
    enum Verb: Equatable {
        case done, deleted
    }

    /// The last removal, until it is undone or another replaces it.
    private(set) var last: (item: TodoItem, verb: Verb)?

    /// Removes `item` from `store` and remembers it.
    func remove(_ item: TodoItem, as verb: Verb, from store: any TodoStore) throws {
        try store.remove(id: item.id)
        last = (item, verb)
    }

    /// Stores the last removed item again (with a new id) and forgets it; nil when
    /// there is nothing to undo.
    func undo(in store: any TodoStore) throws -> (item: TodoItem, verb: Verb)? {
        guard let last else { return nil }
        let restored = try store.add(name: last.item.name, due: last.item.due)
        self.last = nil
        return (restored, last.verb)
    }
}
