import Foundation
import Testing
import ViperTestSupport

/// docs/COOKBOOK.md read as the tests need it: one ``Recipe`` per `##` section, with its
/// ```` ```swift ```` blocks (the plugin), ```` ```swift test ```` blocks (its tests), and the
/// `viper` lines of its ```` ```sh ```` blocks with the ```` ```text ```` lines each must print.
/// The convention is stated at the top of the cookbook itself.
struct Recipe: CustomTestStringConvertible, Sendable {
    /// A `viper` command line the recipe shows, and lines its output must contain.
    struct ShellStep: Sendable {
        let line: Int
        let command: String
        var expected: [String] = []
    }

    /// One code block with the line of the cookbook its first line is on.
    struct Block: Sendable {
        let line: Int
        let text: String
    }

    let number: Int
    let title: String
    var sources: [Block] = []
    var tests: [Block] = []
    var steps: [ShellStep] = []
    /// ```` ```swift library NAME ````: a contract library the plugin links (``CookbookLibrary``), its name,
    /// ```` ```swift suites ````: its suites, ```` ```swift consumer ````: a second plugin built against it.
    var library: [Block] = []
    var libraryName: String?
    var suites: [Block] = []
    var consumer: [Block] = []

    var testDescription: String { "\(number). \(title)" }
    /// The Swift module the recipe's plugin is compiled as.
    var moduleName: String { "Cookbook\(number)" }

    /// The one type the recipe declares as a `Plugin`.
    var pluginType: String? {
        let all = sources.map(\.text).joined(separator: "\n")
        guard let match = all.firstMatch(of: #/(?:enum|struct|class)\s+(\w+)\s*:\s*Plugin\b/#) else { return nil }
        return String(match.1)
    }

    /// The plugin's source: each block behind a `#sourceLocation` pointing at the cookbook, so a
    /// compiler message names the cookbook's line; then the entry points, unless the recipe has them.
    func pluginSource(cookbook: String) -> String {
        var text = "import Contracts\n"
        text += Self.located(sources, file: cookbook)
        if let type = pluginType, !text.contains("viper_plugin_entry") {
            text += """

                @_cdecl("viper_plugin_abi")
                public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

                @_cdecl("viper_plugin_entry")
                public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
                    PluginEntry.run(host, plugin: \(type).self)
                }

                """
        }
        return text
    }

    /// The test blocks, located the same way.
    func testSource(cookbook: String) -> String {
        Self.located(tests, file: cookbook)
    }

    private static func located(_ blocks: [Block], file: String) -> String {
        blocks.map { "#sourceLocation(file: \"\(file)\", line: \($0.line))\n\($0.text)\n#sourceLocation()\n" }.joined()
    }
}

enum Cookbook {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var path: String { BuildProducts.repository + "/docs/COOKBOOK.md" }

    /// The recipes of the cookbook, in order.
    static func recipes() throws -> [Recipe] {
        try parse(String(contentsOfFile: path, encoding: .utf8))
    }

    /// Splits markdown into recipes. A fenced block whose info string starts with `swift` but is
    /// neither `swift` nor `swift test` is an error: every Swift block must be compiled.
    static func parse(_ markdown: String) throws -> [Recipe] {
        var recipes: [Recipe] = []
        var fence: (info: String, line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            if var open = fence {
                if line == "```" {
                    try add(open.info, line: open.line + 1, text: open.lines, to: &recipes)
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
            } else if line.hasPrefix("```") {
                fence = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), number, [])
            } else if line.hasPrefix("## ") {
                recipes.append(Recipe(number: recipes.count + 1, title: String(line.dropFirst(3))))
            }
        }
        if let fence { throw Failure(description: "COOKBOOK.md:\(fence.line): a ``` block is never closed") }
        return recipes
    }

    private static func add(_ info: String, line: Int, text lines: [String], to recipes: inout [Recipe]) throws {
        let text = lines.joined(separator: "\n")
        guard let last = recipes.indices.last else {
            if info.hasPrefix("swift") { throw Failure(description: "COOKBOOK.md:\(line): a Swift block before the first recipe (## heading)") }
            return
        }
        switch info {
        case "swift": recipes[last].sources.append(Recipe.Block(line: line, text: text))
        case "swift test": recipes[last].tests.append(Recipe.Block(line: line, text: text))
        case "swift suites": recipes[last].suites.append(Recipe.Block(line: line, text: text))
        case "swift consumer": recipes[last].consumer.append(Recipe.Block(line: line, text: text))
        case _ where info.hasPrefix("swift library "):
            recipes[last].library.append(Recipe.Block(line: line, text: text))
            recipes[last].libraryName = String(info.dropFirst("swift library ".count))
        case "sh":
            for (offset, command) in lines.enumerated() where command.hasPrefix("viper ") {
                recipes[last].steps.append(Recipe.ShellStep(line: line + offset, command: command))
            }
        case "text":
            guard let step = recipes[last].steps.indices.last else { return }
            recipes[last].steps[step].expected += lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default:
            if info.hasPrefix("swift") {
                throw Failure(description: "COOKBOOK.md:\(line): unknown block kind '\(info)'; use 'swift' (plugin source), 'swift test' (its tests), "
                    + "'swift library NAME', 'swift suites' or 'swift consumer' (a contract library recipe)")
            }
        }
    }

    /// The words of a shell line, with double quotes removed (`-c "open a; b"` is one word).
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in command {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}
