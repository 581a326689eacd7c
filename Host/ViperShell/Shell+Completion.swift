import Contracts
import ViperCore
import ViperRuntime

/// What Tab offers.
extension Shell {
    /// Candidates for `word` (the word under the cursor) after `before` (the line up
    /// to that word): command names first; route paths after `open`, `present` and `root`; command names after `help`.
    func completions(before: String, word: String) -> [String] {
        let words = (try? CommandSplitter.words(before)) ?? before.split(separator: " ").map(String.init)
        let candidates: [String]
        switch (words.first, words.count) {
        case (nil, _):
            candidates = availableCommands.map(\.name)
        case ("open"?, 1), ("present"?, 1), ("root"?, 1):
            candidates = stack.routes.map(\.spec).flatMap(RouteMatcher<Void>.completions)
        case ("help"?, 1):
            candidates = availableCommands.map(\.name)
        default:
            candidates = []
        }
        return Set(candidates.filter { $0.hasPrefix(word) && !$0.isEmpty }).sorted()
    }
}
