import Contracts
import Foundation
import ViperTestSupport

/// A copy of Contracts' sources with one edit, compiled as the package compiles it (library
/// evolution, an interface) into a Modules folder of its own: what a careless change to
/// Contracts would ship, for the API gate and the reference check to judge.
enum ModifiedContracts {
    struct Edit {
        let file: String
        let replace: String
        let with: String
    }

    /// Renames `ContractsVersion.canLoad(_:)`: a plugin that calls it no longer links.
    static let renameCanLoad = Edit(file: "Plugin/ContractsVersion.swift",
                                    replace: "public func canLoad(", with: "public func canLoadPlugin(")

    /// Adds an undocumented public function, in a file of its own (an empty `replace` creates the file).
    static let addProbe = Edit(file: "Services/GateProbe.swift", replace: "", with: "public func gateProbe() {}\n")

    /// Makes the build report `version` (`ContractsVersion.compiledPacked`, which `current` reads).
    static func claim(_ version: ContractsVersion) -> [Edit] {
        let now = ContractsVersion.current
        return [
            Edit(file: "Plugin/ContractsVersion.swift", replace: "{ \(now.major) << 16 | \(now.minor) }",
                 with: "{ \(version.major) << 16 | \(version.minor) }"),
        ]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Compiles the edited copy and returns its Modules folder.
    static func build(_ edits: [Edit]) throws -> String {
        let folder = try TemporaryFolder.make("contracts")
        let sources = folder + "/Contracts"
        try FileManager.default.copyItem(atPath: BuildProducts.repository + "/Contracts/Sources/Contracts", toPath: sources)
        for edit in edits {
            let path = sources + "/" + edit.file
            if edit.replace.isEmpty {
                try edit.with.write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard text.contains(edit.replace) else {
                throw Failure(description: "\(edit.file) no longer contains '\(edit.replace)'; update ModifiedContracts")
            }
            try text.replacingOccurrences(of: edit.replace, with: edit.with).write(toFile: path, atomically: true, encoding: .utf8)
        }
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { sources + "/" + $0 }
        let modules = folder + "/Modules"
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        let result = try FixtureCompiler.run(["swiftc", "-emit-module", "-module-name", "Contracts", "-parse-as-library",
                                              "-enable-library-evolution", "-swift-version", "5",
                                              "-emit-module-path", modules + "/Contracts.swiftmodule",
                                              "-emit-module-interface-path", modules + "/Contracts.swiftinterface"] + files)
        guard result.status == 0 else { throw Failure(description: "compiling the edited Contracts failed:\n\(result.output)") }
        return modules
    }
}
