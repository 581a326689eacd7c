import Foundation
import Testing
import ViperTestSupport

/// The folders inside each layer, read from the sources: `Package.swift` names each layer's
/// folders lowest first, and a file may use the types of its own folder and of the folders
/// before it, never of one after it. So `Registry` cannot start using `Navigation`, and a reader
/// knows from a file's folder what it may touch. The core also promises to read no file and
/// start no process.
@Suite struct FolderLayeringTests {
    /// A layer target: its folder in `Host/` and its folders lowest first, from `Package.swift`.
    struct Layer {
        let target: String
        let folders: [String]
    }

    /// The layers whose `Package.swift` entry says "Folders, lowest first: A, B, C."
    static func layers() throws -> [Layer] {
        let manifest = try String(contentsOfFile: BuildProducts.repository + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"/// Folders, lowest first[^\n]*\n/// ([A-Za-z, ]+)\.\nlet \w+: Target = \.target\(\n\s+name: "(\w+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return pattern.matches(in: manifest, range: range).compactMap { match in
            guard let folders = Range(match.range(at: 1), in: manifest), let target = Range(match.range(at: 2), in: manifest) else {
                return nil
            }
            return Layer(target: String(manifest[target]),
                         folders: manifest[folders].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    /// The Swift files of `folder` in `target`, by name, with their text less comments and string literals.
    static func sources(_ target: String, _ folder: String) throws -> [String: String] {
        let path = "\(BuildProducts.repository)/Host/\(target)/\(folder)"
        var sources: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasSuffix(".swift") {
            sources[name] = code(of: try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8))
        }
        return sources
    }

    /// `text` without its comments and the contents of its one-line string literals.
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            return code.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        }.joined(separator: "\n")
    }

    /// The names of the types `text` declares at file level (nested names such as `Kind` repeat across folders).
    static func declaredTypes(_ text: String) -> Set<String> {
        let pattern = #"^(?:@\w+\s+)*(?:(?:package|public|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: .anchorsMatchLines) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    /// The capitalised words `text` uses.
    static func usedNames(_ text: String) -> Set<String> {
        guard let regex = try? NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
    }

    @Test func packageSwiftNamesTheFoldersOfTheRuntimeLayersAndTheCommandLine() throws {
        let layers = try Self.layers()
        #expect(layers.map(\.target) == ["ViperCore", "ViperLoading", "ViperRuntime", "ViperCommandLine"])
        for layer in layers {
            let onDisk = try FileManager.default.contentsOfDirectory(atPath: "\(BuildProducts.repository)/Host/\(layer.target)")
                .filter { !$0.hasPrefix(".") }
            #expect(Set(onDisk) == Set(layer.folders), "\(layer.target) has folders \(onDisk.sorted()), Package.swift names \(layer.folders)")
        }
    }

    @Test func noFolderUsesATypeOfAFolderAboveIt() throws {
        for layer in try Self.layers() {
            let sources = try layer.folders.map { try Self.sources(layer.target, $0) }
            let declared = sources.map { $0.values.reduce(into: Set<String>()) { $0.formUnion(Self.declaredTypes($1)) } }
            for (index, folder) in layer.folders.enumerated() {
                let below = declared[...index].reduce(into: Set<String>()) { $0.formUnion($1) }
                for (file, text) in sources[index] {
                    for upper in (index + 1)..<layer.folders.count {
                        let reached = Self.usedNames(text).intersection(declared[upper].subtracting(below))
                        #expect(reached.isEmpty,
                                "\(layer.target)/\(folder)/\(file) uses \(reached.sorted()) of \(layer.folders[upper]), a folder above it")
                    }
                }
            }
        }
    }

    @Test func theCoreReadsNoFileAndStartsNoProcess() throws {
        let forbidden = ["FileManager", "FileHandle", "fopen(", "opendir(", "posix_spawn", "fork(", "Process(", "O_RDONLY", "O_WRONLY", "O_CREAT"]
        let core = try #require(try Self.layers().first { $0.target == "ViperCore" })
        for folder in core.folders {
            for (file, text) in try Self.sources("ViperCore", folder) {
                for call in forbidden {
                    #expect(!text.contains(call), "ViperCore/\(folder)/\(file) uses \(call): file and process work belongs to ViperLoading or ViperRuntime")
                }
            }
        }
    }

    @Test func aTypeOfAnUpperFolderIsFound() {
        // The check itself: a file naming a type declared only above it is reported.
        let upper = Self.declaredTypes("package struct NavigationStack {\n    enum Kind {}\n}\nenum Transition {}")
        let used = Self.usedNames(Self.code(of: "let stack: NavigationStack // Transition in a comment\nlet s = \"Transition\""))
        #expect(upper == ["NavigationStack", "Transition"])
        #expect(used.intersection(upper) == ["NavigationStack"])
    }
}
