import Foundation
import ViperLoading
import ViperRuntime

/// Live plugins (docs/ARCHITECTURE.md, "Live plugins"): what each reload costs in memory.
/// Every version that served stays mapped until viper exits (images are never closed), so
/// a reload costs about what one more plugin costs a bare `dlopen` loop; this row measures it.
extension StartupLab {
    /// `reloads` reloads in one piped session, alternating two builds of one generated plugin
    /// (each moved into place, as a build writes it); the resident memory each adds from reload 10
    /// on, against one more plugin in a `dlopen` loop over the largest generated folder.
    func reloadMemoryRow(reloads: Int) throws -> BenchmarkSuite.Row {
        guard let most = counts.max(), most > 0, let many = folders[most], let none = folders[0] else {
            throw Failure(description: "the reload row needs the 0 and a larger plugin count")
        }
        let versions = [root + "/libbench-template.so", try compileVariant()]
        let folder = root + "/plugins-live"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let live = folder + "/libbench-live.so"
        try install(versions[0], at: live)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: viper)
        process.arguments = ["--plugins", folder]
        process.environment = environment(data: freshData())
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("quit!\n".utf8))
            try? input.fileHandleForWriting.close()
            _ = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        var printed = ""
        try send("open bench/bench-live", until: "generated module bench-live", input: input, output: output, printed: &printed)
        var resident: [Int: Int] = [:]
        for reload in 1...reloads {
            try install(versions[reload % 2], at: live)
            try send("reload", until: "reloaded bench-live (version \(reload + 1);", input: input, output: output, printed: &printed)
            if reload == 10 || reload == reloads { resident[reload] = Self.sessionResidentKilobytes(pid: process.processIdentifier) }
        }
        let perReload = Double((resident[reloads] ?? 0) - (resident[10] ?? 0)) / Double(reloads - 10)
        let loopPerPlugin = Double(try residentOfLoop(folder: many) - residentOfLoop(folder: none)) / Double(most)
        return BenchmarkSuite.Row(
            name: "resident memory per reload, \(reloads) reloads in one session, vs one more plugin in a dlopen loop",
            measured: String(format: "%.0f KiB", perReload), baseline: String(format: "%.0f KiB", loopPerPlugin),
            ratio: perReload / max(loopPerPlugin, 1), target: nil)
    }

    /// The generated plugin built again with one more symbol: other bytes, the same plugin.
    private func compileVariant() throws -> String {
        let install = root + "/install", source = root + "/BenchPluginVariant.swift", library = root + "/libbench-variant.so"
        try (BenchPluginSource.text + "\npublic let benchVariant = 2\n").write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try Self.run([
            "swiftc", "-emit-library", "-O", "-module-name", BenchPluginSource.moduleName, "-parse-as-library",
            "-Xcc", "-D_GNU_SOURCE", "-I", Paths.executableDirectory() + "/Modules", "-L", install, "-lContracts",
            "-Xlinker", "-rpath", "-Xlinker", install, source, "-o", library,
        ])
        guard compile.status == 0 else { throw Failure(description: "compiling the second build of the bench plugin failed:\n\(compile.output)") }
        return library
    }

    /// Copies `library` beside `path` and renames it into place, as a build does.
    private func install(_ library: String, at path: String) throws {
        let staging = path + ".part"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.copyItem(atPath: library, toPath: staging)
        guard rename(staging, path) == 0 else { throw Failure(description: "cannot move \(staging) to \(path): errno \(errno)") }
    }

    /// Writes `line` and reads the output until `marker` appears after what was printed so far.
    private func send(_ line: String, until marker: String, input: Pipe, output: Pipe, printed: inout String) throws {
        var fresh = ""
        defer { printed += fresh }
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        while !fresh.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw Failure(description: "viper ended before '\(marker)' after '\(line)': \((printed + fresh).suffix(400))")
            }
            fresh += String(decoding: chunk, as: UTF8.self)
            if fresh.contains("not reloaded") || fresh.contains("no plugin changed") {
                throw Failure(description: "'\(line)' did not reload the bench plugin: \(fresh.suffix(400))")
            }
        }
    }
}
