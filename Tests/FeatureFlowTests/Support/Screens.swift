/// The screens a scripted session printed, split at the shell's header lines
/// (`── Home › Notes ───`), so a test can look at the screen after one command.
struct Screens {
    let screens: [[String]]

    init(_ output: String) {
        var screens: [[String]] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("── ") {
                screens.append([line])
            } else if !screens.isEmpty {
                screens[screens.count - 1].append(line)
            }
        }
        self.screens = screens.map { lines in
            var lines = lines
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
    }

    /// The last screen whose header is exactly `breadcrumb`, e.g. `Home › Notes`.
    func last(_ breadcrumb: String) -> [String] {
        screens.last { Self.breadcrumb(of: $0) == breadcrumb } ?? []
    }

    /// The first screen whose header is exactly `breadcrumb`.
    func first(_ breadcrumb: String) -> [String] {
        screens.first { Self.breadcrumb(of: $0) == breadcrumb } ?? []
    }

    /// The header lines in order: where the session went.
    var breadcrumbs: [String] {
        screens.map(Self.breadcrumb)
    }

    private static func breadcrumb(of screen: [String]) -> String {
        var text = (screen.first ?? "").dropFirst(3)
        while text.last == "─" || text.last == " " { text.removeLast() }
        return String(text)
    }
}
