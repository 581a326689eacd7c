import Contracts

/// `import FILE` and `export FILE` in todo.txt (Interactor logic the lists share): every line
/// that reads is added as one undo step; a line that does not is named with its number and
/// why, and the rest still come in. A line that says what an item already there says (its
/// todo.txt line is the same) is not added again, so importing a file twice adds nothing.
struct TodoTransfer {
    let data: TodoDataManager
    let clock: any Clock

    /// Imports `path`, tells `report` what came in, and returns the error to fail the command
    /// with when a line was skipped (nil when every line was read).
    func importItems(from path: String, report: (TodoChange) -> Void) throws -> CommandError? {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        var records: [TodoRecord] = []
        var skipped: [String] = []
        var there = Set(try lines(calendar))
        var already = 0
        for (index, line) in try TodoTxtFile.lines(at: path).enumerated() {
            do {
                guard let record = try TodoTxtLine.record(line, calendar: calendar) else { continue }
                guard there.insert(TodoTxtLine.line(record, doneDay: record.doneAt.map { calendar.day(at: $0) })).inserted else {
                    already += 1
                    continue
                }
                records.append(record)
            } catch let error as CommandError {
                skipped.append("line \(index + 1) (\(error.message))")
            }
        }
        let stored = try data.importItems(records)
        if !stored.isEmpty || skipped.isEmpty {
            report(.imported(count: stored.count, file: path, already: already))
        }
        guard !skipped.isEmpty else { return nil }
        let kept = already == 0 ? "" : " (\(already) already there)"
        return CommandError("\(path): imported \(stored.count) item\(stored.count == 1 ? "" : "s")\(kept) and skipped "
            + skipped.joined(separator: "; ") + "; fix those lines and import them again")
    }

    /// Writes every item (those to do first, then the finished ones) to the new file `path`.
    func export(to path: String) throws -> TodoChange {
        let lines = try lines(DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier))
        try TodoTxtFile.write(lines, to: path)
        return .exported(count: lines.count, file: path)
    }

    /// Every item as a todo.txt line: those to do first, then the finished ones.
    private func lines(_ calendar: DayCalendar) throws -> [String] {
        try data.openItems().map { TodoTxtLine.line($0, doneDay: nil) }
            + data.doneItems().map { TodoTxtLine.line($0, doneDay: calendar.day(at: $0.doneAt ?? 0)) }
    }
}
