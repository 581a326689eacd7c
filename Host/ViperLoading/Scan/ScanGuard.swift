import Foundation

/// The scanner's watch over what a plugin's entry point does to the process besides
/// registering. The protocol goes to a private copy of the pipe to the parent, and
/// standard output to a pipe of the guard's own, so after each plugin the guard can
/// tell whether it printed, closed standard output, or started a process, and name that.
package final class ScanGuard {
    /// Something a plugin did while loading that the scanner refuses.
    package enum Finding: Equatable {
        case forked
        case closedOutput
        case wroteOutput(String)

        package var reason: String {
            let skipped = "; it is skipped until the file changes"
            switch self {
            case .forked:
                return "started a process while loading (it forked); a plugin must not start processes from its entry point, and the scanner ended them"
                    + skipped
            case .closedOutput:
                return "closed standard output while loading; a plugin must not close descriptors it did not open" + skipped
            case .wroteOutput(let sample):
                return "wrote to standard output while loading (\(sample)); the shell owns the terminal: log through the Logger service instead" + skipped
            }
        }
    }

    /// Where the protocol is written: the parent's pipe, out of the plugins' way.
    package let protocolDescriptor: Int32
    private let strayRead: Int32
    private let strayWrite: Int32
    private let scannerPID = getpid()
    /// The device and inode of the guard's pipe, read once (what standard output must still be).
    private let strayIdentity: (device: UInt64, inode: UInt64)?

    private init(protocolDescriptor: Int32, strayRead: Int32, strayWrite: Int32) {
        self.protocolDescriptor = protocolDescriptor
        self.strayRead = strayRead
        self.strayWrite = strayWrite
        var own = stat()
        strayIdentity = fstat(strayWrite, &own) == 0 ? (UInt64(own.st_dev), UInt64(own.st_ino)) : nil
    }

    /// Moves the protocol off standard output, to the first free descriptor from `lowest` on (drawn
    /// at random for a sealed scan, ``ScanSeal``); nil (the protocol stays there) if the descriptors
    /// cannot be set up.
    package static func install(lowest: Int32 = 3) -> ScanGuard? {
        let protocolDescriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, lowest)
        var ends: [Int32] = [-1, -1]
        guard protocolDescriptor >= 0, pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            // A plugin that prints a lot gets EAGAIN instead of blocking the scanner.
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        guard dup2(ends[1], STDOUT_FILENO) == STDOUT_FILENO else { return nil }
        return ScanGuard(protocolDescriptor: protocolDescriptor, strayRead: ends[0], strayWrite: ends[1])
    }

    /// Whether this is a copy of the scanner that a plugin forked, returning from its
    /// entry point: such a copy must leave at once, writing nothing.
    package var isForkedCopy: Bool { getpid() != scannerPID }

    /// What the plugin that just loaded did, if anything; puts standard output back for the next one.
    package func check() -> Finding? {
        fflush(nil)  // what the plugin printed through C stdio (Swift's print too) reaches the pipe now
        let forked = hasChildren()
        let closed = !isStrayPipe(STDOUT_FILENO)
        if closed { _ = dup2(strayWrite, STDOUT_FILENO) }
        let written = drain()
        if forked { return .forked }
        if closed { return .closedOutput }
        return written.isEmpty ? nil : .wroteOutput(Self.sample(written))
    }

    /// Whether this process has children, running or ended (these are reaped).
    private func hasChildren() -> Bool {
        var status: Int32 = 0
        var found = false
        while true {
            let pid = waitpid(-1, &status, WNOHANG)
            if pid > 0 {
                found = true
                continue
            }
            if pid < 0, errno == EINTR { continue }
            return found || pid == 0
        }
    }

    private func isStrayPipe(_ descriptor: Int32) -> Bool {
        var current = stat()
        guard let own = strayIdentity, fstat(descriptor, &current) == 0 else { return false }
        return own.device == UInt64(current.st_dev) && own.inode == UInt64(current.st_ino)
    }

    /// Empties the standard-output pipe; returns up to 4 KiB of what was in it.
    private func drain() -> [UInt8] {
        var kept: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(strayRead, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return kept }
            if kept.count < 4096 { kept += chunk[0..<min(count, 4096 - kept.count)] }
        }
    }

    /// The start of what a plugin printed, on one line and quoted: `"hello" (12 bytes)`.
    package static func sample(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self)
            .unicodeScalars.map { $0.properties.generalCategory == .control ? " " : String($0) }.joined()
            .trimmingCharacters(in: .whitespaces)
        let more = bytes.count > 60 ? "…" : ""
        return "\"\(text)\(more)\""
    }
}
