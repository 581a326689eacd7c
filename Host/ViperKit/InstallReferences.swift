import Foundation
import ViperLoading

/// The reference documentation `viper install` puts beside the SDK: Contracts' and
/// ConformanceKit's public API, built with the toolchain's `swift-symbolgraph-extract` and `docc`
/// from the modules of the build being installed, as `Contracts/API/reference` builds them. They
/// go in `docs/NAME.doccarchive`, transformed for static hosting, and `viper sdk` names them.
/// A missing tool or a failed conversion never fails the install: the install says which
/// reference it left out and why.
enum InstallReferences {
    /// The modules documented, in the order `viper sdk` lists them.
    static let modules = ["Contracts", "ConformanceKit"]

    /// Where `module`'s reference is in an installed (or built) viper's folder.
    static func archive(_ module: String, in folder: String) -> String {
        Paths.join(folder, "docs/\(module).doccarchive")
    }

    /// The page to open once the folder is served, e.g. `/documentation/contracts`.
    static func page(_ module: String) -> String {
        "/documentation/\(module.lowercased())"
    }

    /// Builds every reference into `folder/docs` from the build's `modules` folder; one line per
    /// reference left out (empty when both were built).
    static func build(into folder: String, modules: String, contracts: String) -> [String] {
        let work = Paths.join(NSTemporaryDirectory(), "viper-reference-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: work) }
        var skipped: [String] = []
        // docc writes the archive but not the folders above it.
        try? FileManager.default.createDirectory(atPath: Paths.join(folder, "docs"), withIntermediateDirectories: true)
        for module in Self.modules {
            if let problem = build(module, into: folder, modules: modules, contracts: contracts, work: Paths.join(work, module)) {
                skipped.append("The \(module) reference was not installed: \(problem).")
            }
        }
        return skipped
    }

    /// Builds one reference; why not, or nil when it was built.
    private static func build(_ module: String, into folder: String, modules: String, contracts: String, work: String) -> String? {
        guard
            FileManager.default.fileExists(atPath: Paths.join(modules, "\(module).swiftmodule"))
                || FileManager.default.fileExists(atPath: Paths.join(modules, "\(module).swiftinterface"))
        else {
            return "no \(module) module in \(modules); build it ('swift build') and install again"
        }
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        // The kit imports its SQLite module internally; the extractor still loads it, from its module
        // map (as Contracts/API/gate passes it to the digester).
        let cModule = Paths.join(contracts, "ConformanceKit/Sources/CConformanceSQLite")
        let extract = DevPackage.run(
            [
                "swift-symbolgraph-extract", "-module-name", module, "-I", modules, "-I", cModule,
                "-target", "\(machine())-unknown-linux-gnu", "-minimum-access-level", "public",
                "-output-dir", work,
            ], in: work)
        guard extract.status == 0 else {
            return "swift-symbolgraph-extract (from the Swift toolchain) failed with status \(extract.status): \(firstLine(extract.output))"
        }
        var convert = ["docc", "convert"]
        let catalog = Paths.join(contracts, "Sources/\(module)/\(module).docc")
        if FileManager.default.fileExists(atPath: catalog) { convert.append(catalog) }
        convert += [
            "--additional-symbol-graph-dir", work, "--fallback-display-name", module,
            "--fallback-bundle-identifier", "viper.\(module)", "--output-path", archive(module, in: folder),
            "--transform-for-static-hosting",
        ]
        let converted = DevPackage.run(convert, in: work)
        guard converted.status == 0 else {
            return "docc (from the Swift toolchain) failed with status \(converted.status): \(firstLine(converted.output))"
        }
        return nil
    }

    private static func machine() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? "it printed nothing"
    }
}
