import Foundation

/// One side of the socket between viper and an isolated plugin's process: calls that wait for
/// their reply while serving the other side's requests, and notices that wait for nothing.
package final class IsolationChannel {
    package let descriptor: Int32
    /// How long a call waits for the other side's next frame (nil: for ever).
    package let timeout: Double?
    /// Answers a request of the other side: the reply's bytes, or nil for a notice.
    package var serve: (inout WireReader) -> [UInt8]? = { _ in nil }
    private let sending = NSLock()
    /// Every frame this side reads after the handshake comes through it (one thread reads).
    private let frames = FrameBuffer()

    package init(descriptor: Int32, timeout: Double? = nil) {
        self.descriptor = descriptor
        self.timeout = timeout
        if let timeout { IsolationWire.limitReads(of: descriptor, to: timeout) }
    }

    /// Why a call got no reply.
    package enum Failure: Error, Equatable {
        case closed
        case timedOut
        case malformed(String)
    }

    /// Sends a request and returns its reply (``IsolationWire/Kind/ok`` or ``IsolationWire/Kind/failed``),
    /// serving the other side's requests that come first.
    package func call(_ frame: [UInt8]) throws(Failure) -> WireReader {
        guard sendFrame(frame) else { throw .closed }
        return try reply()
    }

    /// Waits for the reply to the oldest request sent and not yet answered, serving the other
    /// side's requests that come first.
    package func reply() throws(Failure) -> WireReader {
        while true {
            let bytes: [UInt8]
            switch receive() {
            case .success(let received): bytes = received
            case .failure(.timedOut): throw .timedOut
            case .failure(.closed): throw .closed
            case .failure(.oversized(let count)): throw .malformed("a frame of \(count) bytes, above the largest allowed")
            }
            guard var reader = WireReader(bytes) else { throw .malformed("a frame of an unknown kind") }
            if reader.kind.isReply { return reader }
            let notice = reader.kind.isNotice
            let reply = serve(&reader)
            if !notice, let reply {
                guard sendFrame(reply) else { throw .closed }
            }
        }
    }

    /// Reads the next frame from the other side.
    package func receive() -> Result<[UInt8], IsolationWire.ReceiveFailure> {
        IsolationWire.receive(from: descriptor, through: frames)
    }

    /// Sends a frame that has no reply.
    @discardableResult
    package func notify(_ frame: [UInt8]) -> Bool { sendFrame(frame) }

    /// Sends one frame, after the frame held (``hold(_:)``) if there is one; frames from other
    /// threads (a plugin's logger) are not interleaved.
    package func sendFrame(_ frame: [UInt8]) -> Bool {
        sending.withLock {
            guard let earlier = held else { return IsolationWire.send(frame, on: descriptor) }
            held = nil
            return IsolationWire.send(earlier, then: frame, on: descriptor)
        }
    }

    /// Keeps `frame` to go out with the next frame sent, in the same `send` (one system call, one
    /// wake-up of the other side): a reply the other side reads only with the one after it.
    /// Nothing is sent past it, so the order of frames is kept.
    package func hold(_ frame: [UInt8]) {
        sending.withLock { held = frame }
    }

    private var held: [UInt8]?

    /// A reply with nothing in it.
    package static var ok: [UInt8] { WireWriter(.ok).bytes }

    /// A reply that says the request failed, and why.
    package static func failed(_ message: String) -> [UInt8] {
        var writer = WireWriter(.failed)
        writer.text(message)
        writer.bool(false)
        return writer.bytes
    }
}
