import Foundation
import ViperLoading
import ViperRuntime

/// The seed corpus: `shell.txt` and `routes.txt` (one input a line; `#` lines and
/// blank lines are kept too, they are inputs like any other), and folders of whole
/// files (`config/`, `cache/`). A missing corpus gives a few built-in seeds.
struct FuzzCorpus {
    let folder: String

    func lines(_ name: String) -> [String] {
        guard let text = try? String(contentsOfFile: Paths.join(folder, name), encoding: .utf8) else { return ["help", "open hello"] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.isEmpty ? [""] : lines
    }

    func files(_ name: String) -> [String] {
        let directory = Paths.join(folder, name)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        let contents = names.compactMap { try? String(contentsOfFile: Paths.join(directory, $0), encoding: .utf8) }
        return contents.isEmpty ? ["{}"] : contents
    }
}
