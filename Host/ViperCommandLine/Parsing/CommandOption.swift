/// One option a command declares: its names, the value it takes (none for a switch) and its help
/// line. The parser reads only these declarations, and help prints them, so an option cannot be
/// accepted without being described or described without being accepted.
package struct CommandOption: Sendable {
    /// Its names, the one help lists first (`["-c", "--command"]`); values are kept under the first.
    package let names: [String]
    /// The placeholder of its value in help (`DIR`), or nil for a switch.
    package let value: String?
    package let help: String
    /// Whether it may be given more than once (every value is kept); help marks it with `...`.
    package let repeatable: Bool
    /// Whether the command needs it: usage shows it without brackets, and the command's `init`
    /// says on one line what to give when it is missing (`sign: give the secret key with --key ...`).
    package let required: Bool

    package init(_ names: String..., value: String? = nil, repeatable: Bool = false, required: Bool = false, help: String) {
        self.names = names
        self.value = value
        self.help = help
        self.repeatable = repeatable
        self.required = required
    }

    /// The name values are kept under.
    package var name: String { names.first ?? "" }

    /// The option as help's table shows it: `-c, --command COMMANDS`.
    package var label: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }

    /// Whether `word` (without any `=value`) names it.
    func named(_ word: String) -> Bool { names.contains(word) }
}
