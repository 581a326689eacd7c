import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// What `viper graph [PLUGIN...] [--format text|dot|json|svg|png] [--output FILE]` prints or
/// writes, from a started runtime (`GraphCommand` declares the command).
package enum GraphOutput {
    package static let formats = ["text", "dot", "json", "svg", "png"]

    /// Draws the graph of `runtime` (only `plugins` and their neighbours, when named) in `format`
    /// to `output` (nil: standard output); returns the exit code.
    package static func run(runtime: HostRuntime, plugins: [String], format: String?, output: String?) -> Int32 {
        var graph = ContractGraph(runtime: runtime)
        if !plugins.isEmpty {
            let known = graph.plugins.map(\.name)
            for name in plugins where !known.contains(name) {
                let hint = Suggestion.nearest(to: name, in: known).map { "did you mean '\($0)'? " } ?? ""
                ViperTool.printError(
                    "viper graph: no plugin named '\(ContractGraph.printable(name))'; \(hint)the plugins are: \(known.joined(separator: ", "))")
                return ViperTool.usageExitCode
            }
            graph = graph.focused(on: Set(plugins))
        }
        switch format ?? "text" {
        case "svg", "png": return picture(graph, format: format ?? "svg", output: output)
        case "dot": return emit(GraphDOT.render(graph), to: output)
        case "json": return emit(json(graph), to: output)
        default: return emit(GraphText.render(graph), to: output)
        }
    }

    static func json(_ graph: ContractGraph) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(graph)).map { PrintableText.escapingFormatInJSON(String(decoding: $0, as: UTF8.self)) } ?? "{}"
    }

    private static func emit(_ text: String, to output: String?) -> Int32 {
        guard let output else {
            print(text)
            return 0
        }
        do {
            try (text + "\n").write(toFile: output, atomically: true, encoding: .utf8)
            print("Wrote the contract graph to \(absolute(output))")
            return 0
        } catch {
            ViperTool.printError("viper graph: cannot write \(output) (\(error.localizedDescription)); choose a writable path with --output")
            return 73
        }
    }

    /// Renders through Graphviz's `dot`, which viper does not ship.
    private static func picture(_ graph: ContractGraph, format: String, output: String?) -> Int32 {
        guard let dot = findOnPath("dot") else {
            ViperTool.printError(
                "viper graph: --format \(format) needs Graphviz's 'dot', which is not on PATH; install it (apt-get install graphviz), or use --format dot and render that anywhere"
            )
            return 69
        }
        let path = absolute(output ?? "viper-graph.\(format)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(format)", "-o", path]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
            input.fileHandleForWriting.write(Data(GraphDOT.render(graph).utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        } catch {
            ViperTool.printError("viper graph: cannot run \(dot) (\(error.localizedDescription))")
            return 69
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            ViperTool.printError("viper graph: dot could not write \(path): \(ContractGraph.printable(message).trimmingCharacters(in: .whitespaces))")
            return 1
        }
        print("Wrote the contract graph to \(path)")
        return 0
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : Paths.join(FileManager.default.currentDirectoryPath, path)
    }

    private static func findOnPath(_ tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
