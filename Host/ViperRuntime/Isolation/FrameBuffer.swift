import Foundation

/// Frames read ahead from one socket. Each `recv` takes whatever has arrived, up to the buffer's
/// room, so a frame costs one system call where reading its length and then its bytes cost two,
/// and frames that arrived together (a plugin's log line and the reply after it) share one.
///
/// Bytes read ahead are no longer in the socket, so once a socket's reads go through a buffer
/// every later read of it must: the channel owns one for its socket, and the handshake before it
/// reads its frames exactly (``IsolationWire/receive(from:timeout:)``), never past them.
package final class FrameBuffer {
    private var bytes: [UInt8]
    /// The unread bytes are `start..<end`.
    private var start = 0
    private var end = 0

    /// Room for many frames: a module's state is a few hundred bytes. A larger frame grows the
    /// buffer to fit it, and the buffer shrinks back once it is read.
    static let capacity = 64 << 10

    package init() {
        bytes = [UInt8](repeating: 0, count: Self.capacity)
    }

    /// The next whole frame's payload, if it is here; a length above ``IsolationWire/largestFrame`` fails.
    func take() -> Result<[UInt8], IsolationWire.ReceiveFailure>? {
        guard end - start >= 4 else { return nil }
        let count = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16 | Int(bytes[start + 3]) << 24
        guard count <= IsolationWire.largestFrame else { return .failure(.oversized(count)) }
        guard end - start >= 4 + count else { return nil }
        let payload = Array(bytes[(start + 4)..<(start + 4 + count)])
        start += 4 + count
        if start == end {
            (start, end) = (0, 0)
            if bytes.count > Self.capacity { bytes = [UInt8](repeating: 0, count: Self.capacity) }
        }
        return .success(payload)
    }

    /// Reads once from `descriptor` into the room after the held bytes (moved to the front, and the
    /// buffer grown to the frame they begin when it is larger): the bytes read, 0 at the peer's end,
    /// or -1 with `errno`.
    func fill(from descriptor: Int32, flags: Int32) -> Int {
        makeRoom()
        let room = bytes.count - end
        let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + end, room, flags) }
        if got > 0 { end += got }
        return got
    }

    private func makeRoom() {
        if start > 0 {
            let held = end - start
            bytes.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + start, held) }
            (start, end) = (0, held)
        }
        guard end >= 4 else { return }
        let count = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        if 4 + count > bytes.count, count <= IsolationWire.largestFrame {
            bytes += [UInt8](repeating: 0, count: 4 + count - bytes.count)
        }
    }
}

extension IsolationWire {
    /// Reads one frame through `buffer`, as ``receive(from:timeout:)`` does: a frame already held
    /// costs no system call; otherwise a wait with no timeout first polls for ``spin``, then sleeps
    /// in `recv`, which returns what has arrived.
    package static func receive(from descriptor: Int32, through buffer: FrameBuffer, timeout: Double? = nil)
        -> Result<[UInt8], ReceiveFailure>
    {
        if let frame = buffer.take() { return frame.flatMap(heard) }
        if timeout == nil, spin > 0, shouldSpin() {
            switch spinForBytes(for: spin, reading: { buffer.fill(from: descriptor, flags: Int32(MSG_DONTWAIT)) }) {
            case .some(let got): noteSpin(got: got)
            case nil: return .failure(.closed)
            }
        }
        if let timeout {
            if let frame = buffer.take() { return frame.flatMap(heard) }
            if let failure = waitForBytes(on: descriptor, timeout: timeout) { return .failure(failure) }
        }
        while true {
            if let frame = buffer.take() { return frame.flatMap(heard) }
            let got = buffer.fill(from: descriptor, flags: 0)
            if got < 0, errno == EINTR { continue }
            if got < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .failure(.timedOut) }
            guard got > 0 else { return .failure(.closed) }
        }
    }
}
