import Foundation
import Testing
@testable import ViperBench
import ViperTestSupport

/// The cold start's baselines (``MinimalHostSource``), compiled and run as viper-bench runs them:
/// `FOLDER BATCHES [AT_ONCE]`, each batch in a process of its own. The plugins are small C
/// libraries whose constructor writes the process and the file that loaded it to a log.
@Suite(.tags(.slow)) struct MinimalHostTests {
    private static let pluginSource = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        int viper_plugin_entry(void) { return 0; }
        __attribute__((constructor)) static void loaded(void) {
            Dl_info info;
            const char *log = getenv("MINIMAL_HOST_LOG");
            if (!log || !dladdr((void *)viper_plugin_entry, &info)) return;
            char line[4200];
            int length = snprintf(line, sizeof line, "%d %s\\n", getpid(), strrchr(info.dli_fname, '/') + 1);
            int file = open(log, O_WRONLY | O_APPEND | O_CREAT, 0600);
            if (file >= 0) { write(file, line, length); close(file); }
        }
        """

    /// A folder of `count` copies of the logging plugin, `libp-01.so` on, and the compiled host.
    private func makeHost(_ kind: StartupLab.MinimalHost, plugins count: Int) throws -> (host: String, folder: String) {
        let work = try TemporaryFolder.make("minimal-host")
        let folder = work + "/plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.pluginSource.write(toFile: work + "/plugin.c", atomically: true, encoding: .utf8)
        let plugin = try Subprocess.tool(["cc", "-shared", "-fPIC", work + "/plugin.c", "-o", work + "/plugin.so", "-ldl"])
        try #require(plugin.status == 0, "\(plugin.output)")
        for number in 1...count {
            try FileManager.default.copyItem(atPath: work + "/plugin.so", toPath: folder + String(format: "/libp-%02d.so", number))
        }
        let host = work + "/host", source = host + (kind == .c ? ".c" : ".swift")
        try (kind == .c ? MinimalHostSource.c : MinimalHostSource.swift).write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try Subprocess.tool(kind == .c ? ["cc", "-O2", source, "-o", host, "-ldl"] : ["swiftc", "-O", source, "-o", host])
        try #require(compile.status == 0, "\(compile.output)")
        return (host, folder)
    }

    /// The files each process loaded, by process, in the order the processes first logged.
    private func loads(_ log: String) throws -> [[String]] {
        var byProcess: [(String, [String])] = []
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if let index = byProcess.firstIndex(where: { $0.0 == fields[0] }) {
                byProcess[index].1.append(fields[1])
            } else {
                byProcess.append((fields[0], [fields[1]]))
            }
        }
        return byProcess.map(\.1).sorted { $0[0] < $1[0] }
    }

    @Test(arguments: StartupLab.MinimalHost.allCases)
    func eachBatchOfSortedNamesLoadsInAProcessOfItsOwn(kind: StartupLab.MinimalHost) throws {
        let (host, folder) = try makeHost(kind, plugins: 10)
        let log = folder + "/../loads.log"
        var environment = ProcessInfo.processInfo.environment
        environment["MINIMAL_HOST_LOG"] = log
        let run = try Subprocess.run(host, [folder, "5", "2"], input: "quit\n", environment: environment)
        #expect(run.status == 0, "\(run.output)")
        let names = (1...10).map { String(format: "libp-%02d.so", $0) }
        #expect(try loads(log) == stride(from: 0, to: 10, by: 2).map { Array(names[$0..<$0 + 2]) })
    }

    @Test(arguments: StartupLab.MinimalHost.allCases)
    func withoutAtOnceEveryBatchStartsAndAllPluginsLoad(kind: StartupLab.MinimalHost) throws {
        let (host, folder) = try makeHost(kind, plugins: 7)
        let log = folder + "/../loads.log"
        var environment = ProcessInfo.processInfo.environment
        environment["MINIMAL_HOST_LOG"] = log
        let run = try Subprocess.run(host, [folder, "3"], input: "quit\n", environment: environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(try loads(log).map(\.count) == [3, 3, 1])
    }

    @Test(arguments: StartupLab.MinimalHost.allCases)
    func aPluginWithoutTheEntryFailsTheRunAndBadArgumentsAreAUsageError(kind: StartupLab.MinimalHost) throws {
        let (host, folder) = try makeHost(kind, plugins: 2)
        try Data("not an ELF file".utf8).write(to: URL(fileURLWithPath: folder + "/libz-broken.so"))
        #expect(try Subprocess.run(host, [folder, "2", "1"], input: "quit\n").status == 1)
        let usage = try Subprocess.run(host, [folder])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("FOLDER BATCHES [AT_ONCE]"))
    }
}
