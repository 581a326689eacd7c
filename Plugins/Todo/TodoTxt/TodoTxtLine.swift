import Contracts

/// One item as a line of todo.txt (todotxt.org), the rule `import` and `export` share:
///
///     (A) Pay rent +home due:2026-12-01 time:09:00 rec:1m
///     x 2026-11-28 Buy milk +shop due:2026-11-27
///
/// Priority H, M and L are `(A)`, `(B)` and `(C)` (on import `(D)` to `(Z)` read as L); a
/// finished item starts `x DATE`; a creation date after the priority is read and skipped;
/// `due:`, `time:` (HH:MM) and `rec:` (`2d`, `1w`, `1m`, `1y`, `+1m`) are this plugin's
/// fields; `+project` and `@context` stay in the name, as do other `key:value` words.
/// Notes are not written (todo.txt has no place for them).
enum TodoTxtLine {
    /// The line for `record`; `doneDay` is the day it was finished (nil while it is to do).
    static func line(_ record: TodoRecord, doneDay: CalendarDay?) -> String {
        var words: [String] = []
        if let doneDay { words += ["x", doneDay.description] }
        if let priority = record.priority {
            words.append(["H": "(A)", "M": "(B)", "L": "(C)"][priority.rawValue] ?? "")
        }
        words.append(record.name)
        if let due = record.due { words.append("due:\(due)") }
        if let time = record.time { words.append("time:\(TodoFormat.time(time))") }
        if let recurrence = record.recurrence {
            // todo.txt has no anchor: the due day carries it.
            words.append("rec:\(recurrence.count)\(recurrence.unit.rawValue)")
        }
        return words.joined(separator: " ")
    }

    /// The item `line` holds (id 0; `doneAt` at noon UTC of its `x` day), nil for a blank line;
    /// a ``CommandError`` naming what cannot be read.
    static func record(_ line: String, calendar: DayCalendar) throws -> TodoRecord? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var record = TodoRecord(id: 0, name: "", due: nil)
        if words[0] == "x" {
            words.removeFirst()
            if let first = words.first, let day = isoDay(first, calendar: calendar) {
                words.removeFirst()
                record.doneAt = Double(daysSince1970(day)) * 86_400 + 43_200
            } else {
                record.doneAt = 0
            }
        }
        if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
           let letter = first.dropFirst().first, letter.isASCII, letter.isUppercase {
            words.removeFirst()
            record.priority = letter == "A" ? .high : letter == "B" ? .medium : .low
        }
        if let first = words.first, isoDay(first, calendar: calendar) != nil {
            words.removeFirst()  // the creation date
        }
        var name: [String] = []
        for word in words {
            if word.hasPrefix("due:") {
                let value = String(word.dropFirst(4))
                guard let day = isoDay(value, calendar: calendar) else {
                    throw CommandError("'\(word)' is not a due date; write due:YYYY-MM-DD")
                }
                record.due = day
            } else if word.hasPrefix("time:") {
                var rest = [String(word.dropFirst(5))]
                guard let minutes = try? DueDateReader.takeTime(from: &rest, typed: word), rest.isEmpty else {
                    throw CommandError("'\(word)' is not a time of day; write time:HH:MM, e.g. time:09:00")
                }
                record.time = minutes
            } else if word.hasPrefix("rec:") {
                guard let rule = TodoRecurrence(code: String(word.dropFirst(4))) else {
                    throw CommandError("'\(word)' is not a repeat; write rec: and a count and d, w, m or y, e.g. rec:1w or rec:2d")
                }
                record.recurrence = rule
            } else {
                name.append(word)
            }
        }
        guard !name.isEmpty else { throw CommandError("the line has no text for the item's name") }
        record.name = name.joined(separator: " ")
        return record
    }

    private static func isoDay(_ text: String, calendar: DayCalendar) -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return calendar.validDay(year: year, month: month, day: day)
    }

    /// Days from 1970-01-01 to `day` (civil-from-days, proleptic Gregorian).
    static func daysSince1970(_ day: CalendarDay) -> Int {
        let year = day.month <= 2 ? day.year - 1 : day.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
