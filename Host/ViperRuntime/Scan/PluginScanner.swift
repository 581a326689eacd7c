import Contracts
import Foundation

/// The parent side of crash-isolated scanning (GStreamer's plugin scanner): runs
/// `viper __scan` in a child process over the files to scan. A plugin that
/// crashes, traps or hangs is recorded as broken with the signal or the time-out,
/// and the scan goes on with the rest in a new child.
struct PluginScanner {
    /// The `viper` executable that has the scan mode.
    let executable: String
    /// Seconds one plugin may take to load before it is called hung.
    let timeout: Double
    /// `--allow-insecure-plugins`, passed on to the scanner.
    var allowInsecure = false
    /// The data folder whose plugins.lock the scanner must obey, if any.
    var lockFolder: String?
    /// The installed contract libraries, passed on to the scanner.
    var libraries: [PluginFile] = []

    /// Scans files given by path alone (each checked up to its own folder).
    func scan(_ paths: [String]) -> [String: ScanResult] {
        scan(paths.map { PluginFile(path: $0, folder: PluginFolder(path: Paths.parent($0), origin: .flag)) })
    }

    func scan(_ files: [PluginFile]) -> [String: ScanResult] {
        var results: [String: ScanResult] = [:]
        var remaining = files
        while !remaining.isEmpty {
            let round = scanRound(remaining)
            results.merge(round.results) { _, new in new }
            if let culprit = round.culprit {
                results[culprit] = ScanResult(stamp: FileStamp.read(culprit) ?? .missing(culprit), outcome: .broken(round.reason))
            } else if round.results.isEmpty {
                // The scanner itself failed before any plugin: record every file so the host still opens.
                for file in remaining where results[file.path] == nil {
                    results[file.path] = ScanResult(stamp: FileStamp.read(file.path) ?? .missing(file.path),
                                                    outcome: .failed("could not be scanned: \(round.reason); run 'viper plugins --rescan'"))
                }
            }
            remaining = remaining.filter { results[$0.path] == nil }
        }
        return results
    }

    private struct Round {
        var results: [String: ScanResult] = [:]
        var culprit: String?
        var reason = ""
    }

    private func scanRound(_ files: [PluginFile]) -> Round {
        var round = Round()
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crashing plugin should not cost a backtrace
        let process: ChildProcess
        do {
            process = try ChildProcess.start(executable: executable,
                                             arguments: ScanMode.arguments(for: files, allowInsecure: allowInsecure, lockFolder: lockFolder, libraries: libraries),
                                             environment: environment)
        } catch {
            round.reason = "cannot start the scanner: \(error)"
            return round
        }
        let fd = process.output
        var buffer = [UInt8]()
        var current: String?
        var deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        reading: while true {
            let wait = max(0, deadline.timeIntervalSinceNow)
            var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, Int32(min(wait * 1000, Double(Int32.max))))
            if ready == 0 {
                if let current {
                    process.stop()
                    process.wait()
                    round.culprit = current
                    round.reason = "did not finish loading within \(Self.format(timeout)) s and was stopped (it hangs in its entry point); it is skipped until the file changes"
                    return round
                }
                deadline = Date().addingTimeInterval(timeout)
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            var start = 0
            var finished = false
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                switch try? ScanMode.Line(parsing: line[...]) {
                case .begin(let path):
                    current = path
                    deadline = Date().addingTimeInterval(timeout)
                case .result(let result):
                    round.results[result.stamp.path] = result
                    current = nil
                case nil:
                    continue
                }
                if round.results.count == files.count {
                    finished = true
                    break
                }
            }
            buffer.removeSubrange(..<start)
            if finished { break reading }
        }
        let termination = process.wait()
        if let current {
            round.culprit = current
            switch termination {
            case .signaled(let signal):
                round.reason = "crashed the scanner with \(Self.signalName(signal)) while loading; it is skipped until the file changes"
            case .exited(let status):
                round.reason = "ended the scanner (exit status \(status)) while loading; it is skipped until the file changes"
            }
        } else if round.results.count < files.count {
            switch termination {
            case .signaled(let signal): round.reason = "the scanner ended early (\(Self.signalName(signal)))"
            case .exited(let status): round.reason = "the scanner ended early (status \(status))"
            }
        }
        return round
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
                                      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        let description = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "\(names[signal] ?? "signal \(signal)") (\(description.lowercased()))"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
