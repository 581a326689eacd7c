import Contracts

/// Form rules the add and edit Interactors share: priorities and repeats as typed.
enum TodoFormRules {
    /// `modify ID FIELDS` changes an item at once, so it needs something to change.
    static func checkModification(id: Int64, fields: String) throws {
        guard !fields.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandError("modify needs what to change after the id, e.g. 'modify \(id) due:friday pri:H' or 'modify \(id) New name'")
        }
    }

    static func priority(_ text: String) throws -> TodoPriority? {
        let word = text.trimmingCharacters(in: .whitespaces)
        guard let priority = TodoPriority.read(word) else {
            throw CommandError("'\(word)' is not a priority; \(TodoPriority.accepted), e.g. 'pri H'")
        }
        return priority
    }

    /// The repeat `text` asks for, and the due day it needs: an anchored rule (`every friday`,
    /// `every month on the 1st`) moves the day to the first one it allows, on or after the day
    /// set (today when none is).
    static func recurrence(_ text: String, due: DueDay?, reader: DueDateReader) throws -> (TodoRecurrence?, DueDay?) {
        guard let rule = try TodoRecurrence.read(text) else {
            throw CommandError("'\(text)' is not a repeat; \(TodoRecurrence.accepted)")
        }
        guard let rule else { return (nil, due) }
        let start = due?.day ?? reader.today
        let first = rule.firstDay(onOrAfter: start, calendar: reader.calendar)
        return (rule, reader.dueDay(first, time: due?.time))
    }
}

/// What `add Buy milk due:tomorrow pri:H every:week` holds besides the name: taskwarrior's
/// `due:`, `pri:` and `every:`/`rec:`/`recur:` words (and todo.txt's `(A)` in front), read by
/// the add Interactor. A value that does not read is a refused field of the form.
struct TodoQuickEntry: Equatable {
    var name = ""
    /// Set when the text named a day: `.some(nil)` for `due:none`.
    var due: DueDay??
    var priority: TodoPriority??
    var recurrence: TodoRecurrence??
    /// Each word that did not read: the form command it stands for, the value, and why.
    var problems: [Problem] = []

    struct Problem: Equatable {
        let command: String
        let typed: String
        let message: String
    }
}

extension TodoFormRules {
    /// Reads the `key:value` words of a quick entry (a `due:` value may carry a time after
    /// `@`: `due:tomorrow@9am`; `-` stands for a space: `due:next-friday`, `every:2-weeks`).
    static func quickEntry(_ text: String, reader: DueDateReader) -> TodoQuickEntry {
        var entry = TodoQuickEntry()
        var words = text.split(separator: " ").map(String.init)
        if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
           let letter = first.dropFirst().first, letter.isASCII, letter.isUppercase {
            entry.priority = .some(letter == "A" ? .high : letter == "B" ? .medium : .low)
            words.removeFirst()
        }
        var name: [String] = []
        for word in words {
            guard let colon = word.firstIndex(of: ":") else {
                name.append(word)
                continue
            }
            let key = word[..<colon].lowercased()
            let raw = word[word.index(after: colon)...].replacingOccurrences(of: "@", with: " ")
            let spaced = raw.replacingOccurrences(of: "-", with: " ")
            let value = raw
            guard !value.isEmpty else {
                name.append(word)
                continue
            }
            do {
                switch key {
                case "due":
                    // `due:2026-12-01` as it is; `due:next-friday` with its dashes as spaces.
                    entry.due = .some(try (try? reader.read(value)) ?? reader.read(spaced))
                case "pri", "priority":
                    entry.priority = .some(try priority(value))
                case "every", "rec", "recur":
                    let rule = TodoRecurrence(code: value).map { "every \($0.description.dropFirst(6))" } ?? spaced
                    let current = entry.due ?? .some(reader.dueDay(reader.today))
                    let (recurrence, due) = try recurrence(rule, due: current, reader: reader)
                    entry.recurrence = .some(recurrence)
                    if current != due { entry.due = .some(due) }
                default:
                    name.append(word)
                }
            } catch {
                let command = key == "due" ? "due" : key.hasPrefix("pri") ? "pri" : "every"
                entry.problems.append(TodoQuickEntry.Problem(command: command, typed: spaced, message: "\(error)"))
            }
        }
        entry.name = name.joined(separator: " ")
        return entry
    }

    /// The name the editor's quick words give item `current`: words that are all tags (`+shop`,
    /// as taskwarrior's `modify 3 +shop`) are added to it (those it has not), `-shop` takes a
    /// tag off; any other words are the new name.
    static func name(_ typed: String, changing current: String) -> String {
        let words = typed.split(separator: " ").map(String.init)
        guard !words.isEmpty, words.allSatisfy({ ($0.hasPrefix("+") || $0.hasPrefix("-")) && $0.count > 1 }) else { return typed }
        var kept = current.split(separator: " ").map(String.init)
        for word in words {
            if word.hasPrefix("-") {
                kept.removeAll { $0 == "+" + word.dropFirst() }
            } else if !kept.contains(word) {
                kept.append(word)
            }
        }
        return kept.joined(separator: " ")
    }
}
