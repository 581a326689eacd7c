import Contracts

/// `import FILE` and `export FILE` in todo.txt (Interactor logic the lists share): every line
/// that reads is added as one undo step; a line that does not is named with its number and
/// why, and the rest still come in.
struct TodoTransfer {
    let data: TodoDataManager
    let clock: any Clock

    /// Imports `path`, tells `report` what came in, and returns the error to fail the command
    /// with when a line was skipped (nil when every line was read).
    func importItems(from path: String, report: (TodoChange) -> Void) throws -> CommandError? {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        var records: [TodoRecord] = []
        var skipped: [String] = []
        for (index, line) in try TodoTxtFile.lines(at: path).enumerated() {
            do {
                if let record = try TodoTxtLine.record(line, calendar: calendar) {
                    records.append(record)
                }
            } catch let error as CommandError {
                skipped.append("line \(index + 1) (\(error.message))")
            }
        }
        let stored = try data.importItems(records)
        if !stored.isEmpty || skipped.isEmpty {
            report(.imported(count: stored.count, file: path))
        }
        guard !skipped.isEmpty else { return nil }
        return CommandError("\(path): imported \(stored.count) item\(stored.count == 1 ? "" : "s") and skipped "
            + skipped.joined(separator: "; ") + "; fix those lines and import them again")
    }

    /// Writes every item (those to do first, then the finished ones) to the new file `path`.
    func export(to path: String) throws -> TodoChange {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        let open = try data.openItems()
        let done = try data.doneItems()
        let lines = open.map { TodoTxtLine.line($0, doneDay: nil) }
            + done.map { TodoTxtLine.line($0, doneDay: calendar.day(at: $0.doneAt ?? 0)) }
        try TodoTxtFile.write(lines, to: path)
        return .exported(count: lines.count, file: path)
    }
}
