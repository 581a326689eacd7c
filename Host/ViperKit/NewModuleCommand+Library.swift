import Foundation
import ViperCommandLine
import ViperLoading

/// `viper new module NAME --in PATH --contract LIBRARY.PROTOCOL [--library-path DIR]`: the
/// module implements a protocol of a contract library instead of a contract of its own. What
/// it adds beside the module: the library's package and product in the plugin's Package.swift,
/// and `import LIBRARY` and the library's version in `contractLibraries` of the Plugin type.
/// Everything is read and checked before anything is written.
struct LibraryAddition {
    let package: LibraryPackage
    let template: LibraryModuleTemplate
    /// `LIBRARYLibrary.compiled`.
    let version: String
    /// The plugin's Package.swift, with the library added.
    let manifest: (path: String, text: String)

    /// Reads `--contract LIBRARY.PROTOCOL` against the library's source and plans the edits of
    /// `manifest` (default: the package's Package.swift as it is on disk).
    init(_ contract: String, libraryPath: String?, root: String, target: String, manifest given: String? = nil) throws {
        let parts = contract.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw UsageError(
                "--contract takes LIBRARY.PROTOCOL, a contract library and one of its protocols, e.g. --contract ContactsKit.ContactPicking; got '\(contract)'")
        }
        let manifestPath = Paths.join(root, "Package.swift")
        let manifest = given ?? (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        let found = try LibraryPackage.find(parts[0], given: libraryPath, plugin: root, manifest: manifest)
        let read = try found.contract(parts[1])
        let output = read.outputProtocol.flatMap { LibraryProtocolReader.read($0, in: found.source) }
        package = found
        var template = LibraryModuleTemplate(library: found.name, contract: read, output: output)
        template.libraryImports = found.imports
        self.template = template
        version = try found.versionExpression()
        self.manifest = (manifestPath, try Self.depending(on: found, manifest: manifest, path: manifestPath, target: target))
    }

    /// The manifest with the library's package (by path) and its product in the feature target.
    static func depending(on package: LibraryPackage, manifest: String, path: String, target: String) throws -> String {
        if manifest.contains(".product(name: \"\(package.name)\"") { return manifest }
        var lines = manifest.components(separatedBy: "\n")
        let byHand =
            "\(path): cannot find where to add the contract library; add .package(path: \"\(package.folder)\") to the package's dependencies and .product(name: \"\(package.name)\", package: \"\(Paths.lastComponent(package.folder))\") to the target \(target)'s, then run this again"
        guard let name = lines.firstIndex(where: { $0.contains("name: \"\(target)\"") && !$0.contains(".library(") }),
            let list = lines[name...].prefix(4).firstIndex(where: { $0.contains("dependencies: [") }),
            let range = lines[list].range(of: "dependencies: [")
        else { throw UsageError(byHand) }
        lines[list].replaceSubrange(
            range, with: "dependencies: [.product(name: \"\(package.name)\", package: \"\(Paths.lastComponent(package.folder))\"), ")
        let folders = LibraryPackage.dependencyFolders(manifest, root: Paths.parent(path))
        if !folders.contains(package.folder) {
            guard let first = lines.firstIndex(where: { $0.contains(".package(path: \"") }) else { throw UsageError(byHand) }
            let indent = String(lines[first].prefix { $0 == " " })
            lines.insert("\(indent).package(path: \"\(package.folder)\"),", at: first)
        }
        return lines.joined(separator: "\n")
    }

    /// The Plugin type's source with `import LIBRARY` and the library in `contractLibraries`.
    func plugin(_ source: String) throws -> String {
        var lines = source.components(separatedBy: "\n")
        if !lines.contains("import \(package.name)") {
            let after = lines.firstIndex(of: "import Contracts").map { $0 + 1 } ?? 0
            lines.insert("import \(package.name)", at: after)
        }
        if source.contains(version) { return lines.joined(separator: "\n") }
        if let listed = lines.firstIndex(where: { $0.contains("contractLibraries") && $0.contains("= [") }),
            let open = lines[listed].range(of: "= [")
        {
            lines[listed].replaceSubrange(open, with: "= [\(version), ")
        } else if let manifestLine = lines.firstIndex(where: { $0.contains("static let manifest") }) {
            let indent = String(lines[manifestLine].prefix { $0 == " " })
            let access = lines[manifestLine].contains("package static") ? "package " : ""
            lines.insert("\(indent)\(access)static let contractLibraries = [\(version)]", at: Self.end(ofStatementAt: manifestLine, in: lines) + 1)
        } else {
            throw UsageError(
                "the Plugin type has no 'static let manifest' line to list the library after; add 'static let contractLibraries = [\(version)]' to it by hand, then run this again"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The last line of the declaration that starts at `start`: where its parentheses and
    /// brackets, outside string literals, close again (`manifest` is often written over two
    /// lines, and a line inserted inside it does not compile).
    static func end(ofStatementAt start: Int, in lines: [String]) -> Int {
        var depth = 0
        for index in start..<lines.count {
            var inString = false
            var escaped = false
            for character in lines[index] {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default: break
                }
            }
            if depth <= 0 { return index }
        }
        return start
    }

    /// The library protocol's output protocol and a member of a conforming class per requirement,
    /// for a module that routes to the protocol and hears its output (``RoutedModuleTemplate``).
    var outputMembers: (name: String, members: String)? {
        template.output.map { output in
            (output.name, output.requirements.map { template.member($0, of: output, weakOutput: false) }.joined(separator: "\n"))
        }
    }

    /// What the command says it did beyond the module.
    var summary: String {
        let base =
            "It implements \(template.qualified) (\(package.folder)); Package.swift depends on \(package.name) and the Plugin type lists \(version)."
        return template.unreadNote.map { base + "\n" + $0 } ?? base
    }
}
