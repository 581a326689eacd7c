/// The words people bring from the tools they know (taskwarrior, todo.txt, nb, newsboat, the
/// shell): a word that is not a command here, mapped to the commands that do what it does
/// there, in the order to offer them. Only commands on screen are offered, so `rm` means
/// `delete` in a list that has it and `unsubscribe` on a feeds screen without `delete`.
extension Suggestion {
    static let synonyms: [String: [String]] = [
        "ls": ["all", "feeds"], "list": ["all", "feeds"], "la": ["all"],
        "search": ["find"], "grep": ["find"], "filter": ["find"], "query": ["find"],
        "rm": ["delete", "unsubscribe"], "del": ["delete", "unsubscribe"], "remove": ["delete", "unsubscribe"],
        "view": ["show", "read"], "print": ["show", "read"], "cat": ["show", "read"], "info": ["show", "read"],
        "modify": ["edit"], "mod": ["modify", "edit"], "change": ["modify", "edit"],
        "complete": ["done"], "finish": ["done"], "check": ["done"], "do": ["done"],
        "annotate": ["note"], "annotation": ["note"], "comment": ["note"],
        "priority": ["pri"], "prio": ["pri"],
        "add": ["new", "subscribe"], "create": ["new", "add"], "new": ["add"], "a": ["add", "new"],
        "sub": ["subscribe"], "unsub": ["unsubscribe"],
        "reload": ["refresh"], "update": ["refresh"], "fetch": ["refresh"], "sync": ["refresh"],
        "mark": ["markread"], "unmark": ["markunread"],
        "undelete": ["undo", "restore"], "untrash": ["restore"],
        "logout": ["signout"], "signin": ["login"], "signup": ["login"],
        "open-in-browser": ["browse"], "o": ["browse"],
        "completed": ["finished"], "history": ["finished"],
    ]

    /// The command on screen that does what `word` does in another tool, if one is on screen.
    package static func synonym(of word: String, in available: [String]) -> String? {
        synonyms[word.lowercased()]?.first { available.contains($0) }
    }
}
