import Foundation
import ViperCore

/// One scanner child (`viper __scan`) and the files it answers for, as the parent
/// reads it: which file is loading and since when, and the results so far.
package final class ScanWorker {
    package let process: ChildProcess
    /// The files this worker answers for, in order. When a file takes long, the files
    /// after it are handed to a new worker and dropped from here.
    package private(set) var files: [PluginFile]
    private var paths: Set<String>
    /// The file loading now, and when it began.
    package private(set) var current: (path: String, since: Date)?
    package private(set) var results: [String: ScanResult] = [:]
    /// Seconds from each file's beginning in the scanner (its clock, in the begin line) to its
    /// result read here, by path: at least its scan, and at most a read interval
    /// (``PluginScanner/readInterval``) more when the parent was not waiting.
    package private(set) var seconds: [String: Double] = [:]
    /// When the file loading now began, on the scanner's monotonic clock (0: not said).
    private var began: UInt64 = 0
    /// How long the scanner had waited for a CPU when its begin line was read (nil: not known).
    private var beganWaiting: UInt64?
    /// ``seconds`` less the time the scanner waited for a CPU meanwhile (the machine's other work),
    /// by path: the plugin's own load time in the scanner, for the slow-load warning. Kept for a
    /// worker of a few files only (``ownTimeLimit``): two reads of /proc a plugin, 7 µs each here,
    /// would add about 3% to a cold start of a thousand plugins' parent.
    package private(set) var ownSeconds: [String: Double] = [:]
    /// The most files a worker may have for it to keep ``ownSeconds``.
    package static let ownTimeLimit = 32
    private let keepsOwnTime: Bool
    /// A line about the current file that could not be read, and why.
    package private(set) var unreadable: String?
    /// Whether the pipe reached its end.
    package private(set) var atEnd = false
    /// Whether every file it answers for has a result, or it moved on past them.
    package private(set) var isDone = false
    private var lines = LineBuffer()
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// Where the child's standard error goes, so a crash can be shown with the child's last words.
    package let errorFile: String?

    /// The seal every line must carry (``ScanSeal``); nil only for a worker reading plain lines.
    private let seal: ScanSeal?
    /// Where in ``files`` the next file to begin is: files are scanned in order.
    private var nextIndex = 0
    /// The files handed to another worker: a `begin` of one means this worker is past its own.
    private var handedOff: Set<String> = []
    /// Why the child's lines cannot be trusted any more (a line without the seal, or a file begun
    /// or reported out of turn), once one came; nothing it reports after that is taken.
    package private(set) var tampered: String?

    package init(process: ChildProcess, files: [PluginFile], errorFile: String? = nil, seal: ScanSeal? = nil) {
        self.process = process
        self.files = files
        self.paths = Set(files.map(\.path))
        self.errorFile = errorFile
        self.seal = seal
        keepsOwnTime = files.count <= Self.ownTimeLimit
        results.reserveCapacity(files.count)  // no rehashing of every result as the table grows
    }

    deinit {
        if let errorFile { unlink(errorFile) }
    }

    /// The last non-blank line the child wrote to standard error (a `fatalError` message,
    /// say), made safe for one line, or nil. Reads only the file's last 16 KiB.
    package func lastErrorLine() -> String? {
        guard let errorFile, let handle = FileHandle(forReadingAtPath: errorFile) else { return nil }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 16384 ? size - 16384 : 0)
        return Self.lastWords(String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self))
    }

    /// The last non-blank line of a crashed child's standard error, before the stack
    /// trace the Swift runtime prints after a `fatalError` message, safe for one line.
    package static func lastWords(_ text: String) -> String? {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if let trace = lines.lastIndex(of: "Current stack trace:") { lines = Array(lines[..<trace]) }
        return lines.last { !$0.isEmpty }.map { PrintableText.fileText($0, limit: 200) }
    }

    /// The files without a result, in order.
    package var unscanned: [PluginFile] { files.filter { results[$0.path] == nil } }

    /// Reads what the pipe has now (one read) and takes in the complete lines.
    package func read() {
        let count = Glibc.read(process.output, &chunk, chunk.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            atEnd = true
            return
        }
        lines.append(chunk[0..<count])
        while !isDone, tampered == nil, let line = lines.nextLine() {
            take(line)
        }
        // What is left is one line without its end: bounded, so a plugin cannot grow it without end.
        if !isDone, tampered == nil, lines.pendingCount > Self.longestLine { tampered = Self.overlong }
    }

    private func take(_ sealed: ArraySlice<UInt8>) {
        guard let bytes = seal.map({ $0.open(sealed) }) ?? sealed else {
            tampered = Self.unsealed
            return
        }
        let line: ScanMode.Line
        do {
            line = try ScanMode.Line(parsing: bytes)
        } catch {
            if current != nil { unreadable = "\(error)" }
            return
        }
        switch line {
        case .begin(let path, let at):
            if nextIndex < files.count, files[nextIndex].path == path, current == nil || seal == nil {
                nextIndex += 1
                current = (path, Date())
                began = at
                beganWaiting = keepsOwnTime ? ThreadSchedule.waited(pid: process.pid) : nil
            } else if seal == nil, let index = files.firstIndex(where: { $0.path == path }) {
                nextIndex = index + 1  // a plain worker (a test's script) may start anywhere
                current = (path, Date())
            } else if handedOff.contains(path) || (seal == nil && !paths.contains(path)) {
                isDone = true  // past the files it answers for: they were handed on
            } else {
                tampered = Self.outOfTurn("began \(path)")
            }
        case .result(let result):
            guard current?.path == result.stamp.path || (seal == nil && paths.contains(result.stamp.path)) else {
                if seal != nil { tampered = Self.outOfTurn("gave a result for \(result.stamp.path)") }
                return
            }
            results[result.stamp.path] = result
            if let current {
                let now = PluginClock.now()
                let took = began > 0 && began <= now ? Double(now - began) / 1e9 : -current.since.timeIntervalSinceNow
                seconds[current.path] = took
                if let before = beganWaiting, let after = ThreadSchedule.waited(pid: process.pid), after >= before {
                    ownSeconds[current.path] = max(0, took - Double(after - before) / 1e9)
                }
            }
            current = nil
            unreadable = nil
            if results.count == files.count { isDone = true }
        }
    }

    /// Why a line without the seal makes the plugin loading then broken.
    static let unsealed =
        "wrote to the scanner's result channel while loading (a line without this scan's secret); "
        + "a plugin must not write to descriptors it did not open, and no result of that scanner is trusted after it; it is skipped until the file changes"

    /// The longest line the parent takes from a scanner, in bytes (16 MiB): a scan record of a
    /// plugin with 10,000 registrations (``RecordCodec/maximumCount``) of long names is about 2 MB.
    /// The scanner fails a plugin whose record is longer rather than send it (``ScanMode``); a
    /// longer line can only come from code in the scanner writing to the channel.
    package static let longestLine = 16 << 20

    /// Why a line longer than ``longestLine`` makes the plugin loading then broken.
    static let overlong =
        "wrote more than \(longestLine >> 20) MiB to the scanner's result channel without a line end while loading; "
        + "a plugin must not write to descriptors it did not open, and no result of that scanner is trusted after it; it is skipped until the file changes"

    /// Why a sealed line out of turn makes the plugin loading then broken.
    static func outOfTurn(_ what: String) -> String {
        "made the scanner report out of turn while loading (it \(PrintableText.fileText(what, limit: 200)), which it was not asked to do next); "
            + "code in the scanner's process wrote to its result channel; it is skipped until the file changes"
    }

    /// The file begun last, loading or done.
    package var lastBegun: String? { nextIndex > 0 && nextIndex <= files.count ? files[nextIndex - 1].path : nil }

    /// How many of its files have no result yet.
    package var remainingCount: Int { files.count - results.count }

    /// Gives up the later half of the files it has not begun, for another worker to scan; returns them.
    /// Files are scanned in order, so they all come after the one loading now.
    package func handOffHalf() -> [PluginFile] {
        let begun = current.flatMap { current in files.firstIndex { $0.path == current.path } } ?? (files.lastIndex { results[$0.path] != nil } ?? -1)
        let notBegun = files.count - (begun + 1)
        guard notBegun >= 2 else { return [] }
        let split = files.count - notBegun / 2
        let rest = Array(files[split...])
        files.removeSubrange(split...)
        paths.subtract(rest.map(\.path))
        handedOff.formUnion(rest.map(\.path))
        if results.count == files.count { isDone = true }
        return rest
    }

    /// Gives up the files after the one loading now, for another worker to scan; returns them.
    package func handOffRest() -> [PluginFile] {
        guard let current, let index = files.firstIndex(where: { $0.path == current.path }) else { return [] }
        let rest = Array(files[(index + 1)...])
        files.removeSubrange((index + 1)...)
        paths.subtract(rest.map(\.path))
        handedOff.formUnion(rest.map(\.path))
        return rest
    }
}
