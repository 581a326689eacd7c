/// A command a ``ModuleView`` understands, as shown by `help` and completed by Tab.
///
///     CommandSpec("edit", arguments: ["N"], help: "Edit note N")
///     CommandSpec("add", arguments: ["TITLE..."], help: "Add a note titled TITLE")
///     CommandSpec("list", arguments: ["FILTER?"], help: "List notes, optionally filtered")
public struct CommandSpec: Hashable, Sendable {
    /// The word that invokes it.
    public let name: String
    /// Argument names: `NAME` is required, `NAME?` optional, `NAME...` takes the rest of the line.
    public let arguments: [String]
    /// One line of help.
    public let help: String
    /// Whether a line invoking it is kept out of the shell's history file, because its
    /// arguments carry a password or another secret.
    public let keepsOutOfHistory: Bool

    /// Describes a command.
    public init(_ name: String, arguments: [String] = [], help: String) {
        self.init(name, arguments: arguments, help: help, keepsOutOfHistory: false)
    }

    /// Describes a command whose arguments carry a secret, so the shell does not
    /// record the line in its history:
    ///
    ///     CommandSpec("signin", arguments: ["NAME", "PASSWORD"], help: "Sign in", keepsOutOfHistory: true)
    public init(_ name: String, arguments: [String] = [], help: String, keepsOutOfHistory: Bool) {
        self.name = name
        self.arguments = arguments
        self.help = help
        self.keepsOutOfHistory = keepsOutOfHistory
    }

    /// How many arguments are required at least.
    public var minimumArguments: Int {
        arguments.filter { !$0.hasSuffix("?") && !$0.hasSuffix("...") }.count
    }

    /// How many arguments are allowed at most; nil when the last takes the rest.
    public var maximumArguments: Int? {
        arguments.contains { $0.hasSuffix("...") } ? nil : arguments.count
    }

    /// `name ARG ARG?` as shown in help.
    public var usage: String {
        ([name] + arguments).joined(separator: " ")
    }
}

/// One invocation of a ``CommandSpec`` typed by the user.
public struct CommandInvocation: Hashable, Sendable {
    /// The command name.
    public let name: String
    /// The words after the name (quotes removed).
    public let arguments: [String]
    /// Everything after the name, as typed (for free text such as a title).
    public let rest: String

    /// Makes an invocation.
    public init(name: String, arguments: [String], rest: String) {
        self.name = name
        self.arguments = arguments
        self.rest = rest
    }

    /// Argument `index` as an item number from a numbered list (1-based), checked against `count`.
    public func itemNumber(at index: Int = 0, count: Int) throws -> Int {
        guard index < arguments.count else {
            throw CommandError("\(name) needs an item number")
        }
        guard let number = Int(arguments[index]) else {
            throw CommandError("'\(arguments[index])' is not a number; give an item number from the list")
        }
        guard (1...max(count, 1)).contains(number), count > 0 else {
            throw CommandError(count == 0 ? "there are no items to choose from" : "no item \(number); choose 1 to \(count)")
        }
        return number
    }
}

/// A user-facing failure of a command: the shell prints the message as one line.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    /// What was wrong and what to do.
    public let message: String

    /// Makes an error with a message that says what was wrong and what to do.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
