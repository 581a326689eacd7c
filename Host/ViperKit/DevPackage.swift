import Foundation
import ViperLoading
import ViperRuntime

/// What `viper dev` reads from a plugin package: its plugin product, and a build's errors made short.
enum DevPackage {
    /// A folder that is not a plugin package, or a build that failed, with what to do.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The package's plugin product: its dynamic library product (`.library(name: "CounterPlugin",
    /// type: .dynamic, ...)`, as `viper new` writes it), read with `swift package dump-package`.
    static func pluginProduct(in folder: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure("\(folder): no such folder; run 'viper dev' in a plugin package (one 'viper new NAME' made) or give its path")
        }
        guard FileManager.default.fileExists(atPath: Paths.join(folder, "Package.swift")) else {
            throw Failure(
                "\(folder) is not a SwiftPM package (it has no Package.swift); run 'viper dev' in the folder "
                    + "'viper new NAME' made, or give its path: 'viper dev ~/src/Counter'")
        }
        let dump = run(["swift", "package", "dump-package"], in: folder, outputOnly: true)
        if dump.status == 127, dump.errors.hasPrefix("error: ") { throw Failure(String(dump.errors.dropFirst("error: ".count))) }
        guard dump.status == 0, let manifest = try? JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any] else {
            let errors = buildErrors(dump.errors + dump.output, package: folder)
            throw Failure("cannot read \(Paths.join(folder, "Package.swift")):\n  " + errors.joined(separator: "\n  "))
        }
        let products = (manifest["products"] as? [[String: Any]]) ?? []
        let dynamic = products.filter { (($0["type"] as? [String: Any])?["library"] as? [String]) == ["dynamic"] }
            .compactMap { $0["name"] as? String }
        guard let product = dynamic.first(where: { $0.hasSuffix("Plugin") }) ?? dynamic.first else {
            throw Failure(
                "the package in \(folder) has no plugin product: a plugin is a dynamic library product, as "
                    + "'viper new' writes it: .library(name: \"NamePlugin\", type: .dynamic, targets: [\"NameEntry\"]); "
                    + "add one to its Package.swift, or make a plugin package with 'viper new NAME'")
        }
        return product
    }

    /// The errors in `output` of `swift build`, short: `Sources/X/XView.swift:12: message`, at
    /// most ``errorLimit``, then how many more; the last lines when none has a file and line.
    static func buildErrors(_ output: String, package: String) -> [String] {
        var seen = Set<String>()
        var errors: [String] = []
        for line in output.split(separator: "\n").map(String.init) {
            guard let range = line.range(of: ": error: ") else { continue }
            let place = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            let message = String(line[range.upperBound...])
            let short =
                place.count >= 2 && Int(place[1]) != nil
                ? "\(relative(String(place[0]), to: package)):\(place[1]): \(message)"
                : message
            if seen.insert(short).inserted { errors.append(short) }
        }
        if errors.isEmpty {
            errors = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst(7)) }
        }
        if errors.isEmpty {
            errors = output.split(separator: "\n").suffix(2).map(String.init)
        }
        guard errors.count > errorLimit else { return errors }
        let more = errors.count - errorLimit
        return Array(errors.prefix(errorLimit)) + ["and \(more) more error\(more == 1 ? "" : "s"): run 'swift build' in \(package) to see them all"]
    }

    /// How many build errors a notice shows.
    static let errorLimit = 3

    /// Whether a file under Sources counts as a change (not an editor's swap, backup or test file).
    static func isSource(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp") && Int(name) == nil
    }

    static func relative(_ path: String, to package: String) -> String {
        path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
    }

    static func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }

    /// Runs `arguments` in `folder`; its status and what it printed (standard output, then
    /// standard error; only standard output with `outputOnly`, whose error is kept apart in `errors`).
    /// `started` hears the process once it runs (so it can be ended).
    static func run(
        _ arguments: [String], in folder: String, outputOnly: Bool = false,
        started: (Process) -> Void = { _ in }
    ) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = outputOnly ? errors : output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (127, "", "error: cannot run '\(arguments.joined(separator: " "))' (\(error)); is the Swift toolchain on PATH?")
        }
        started(process)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: outputOnly ? errors.fileHandleForReading.readDataToEndOfFile() : Data(), as: UTF8.self)
        process.waitUntilExit()
        // env's own failure (status 127): the program is not on PATH, which env says without a fix.
        if process.terminationStatus == 127, let program = arguments.first, (printed + errorText).contains("No such file or directory") {
            return (
                127, "",
                "error: cannot run '\(program)': it is not on PATH; put the Swift toolchain's bin folder on PATH "
                    + "(export PATH=/path/to/swift/usr/bin:$PATH), then run it again"
            )
        }
        return (process.terminationStatus, printed, errorText)
    }
}
