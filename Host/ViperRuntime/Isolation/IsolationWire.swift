import Foundation

/// The binary protocol between viper and an isolated plugin's process: frames on a `socketpair`,
/// each a 4-byte little-endian length and that many bytes. A frame's first byte says what it is:
/// a request (below ``Kind/ok``), which the other side answers with exactly one reply (``Kind/ok`` or
/// ``Kind/failed``), or a notice (``Kind/log``, ``Kind/progress``, ``Kind/release``, ``Kind/remove``),
/// which has no reply. One reply may come with no request of its own: a build viper asks to
/// appear at once is answered twice, for the build and then for the appearance.
/// Either side may send requests while it waits for a reply (the plugin routes while it runs a
/// command; viper builds the module it routed to), so a wait serves what arrives until its reply.
package enum IsolationWire {
    /// What a frame is.
    package enum Kind: UInt8 {
        // viper to the plugin's process
        case build = 1
        case perform = 2
        case lifecycle = 3
        case takeBack = 4
        case confirmation = 5
        case release = 6
        /// To a spare process: the plugin to load, its private folder and the loader's flag.
        case load = 7
        /// A notice: the module leaves; its `moduleWillBeRemoved` runs, then the process lets it go.
        case remove = 8
        /// Answered at once: every frame sent before it has been served.
        case sync = 9
        // the plugin's process to viper
        case hello = 20
        case refused = 21
        case route = 22
        case openPath = 23
        case close = 24
        case canRoute = 25
        case log = 26
        case progress = 27
        // replies
        case ok = 100
        case failed = 101

        package var isReply: Bool { rawValue >= Kind.ok.rawValue }
        package var isNotice: Bool { self == .log || self == .progress || self == .release || self == .remove }
    }

    /// The lifecycle calls a module's view is told about.
    package enum Lifecycle: UInt8 {
        case appear = 1
        case disappear = 2
    }

    /// The largest frame either side accepts: a screen of a few thousand lines fits many times over.
    package static let largestFrame = 16 << 20

    /// Writes one frame: its length and its bytes, in one `send` where the socket takes it whole.
    package static func send(_ payload: [UInt8], on descriptor: Int32) -> Bool {
        var frame: [UInt8] = []
        frame.reserveCapacity(4 + payload.count)
        append(payload, to: &frame)
        return write(frame, on: descriptor)
    }

    /// Writes two frames in one `send` where the socket takes them whole.
    package static func send(_ first: [UInt8], then second: [UInt8], on descriptor: Int32) -> Bool {
        var frames: [UInt8] = []
        frames.reserveCapacity(8 + first.count + second.count)
        append(first, to: &frames)
        append(second, to: &frames)
        return write(frames, on: descriptor)
    }

    private static func append(_ payload: [UInt8], to frames: inout [UInt8]) {
        let count = UInt32(payload.count)
        frames += [
            UInt8(truncatingIfNeeded: count), UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count >> 16),
            UInt8(truncatingIfNeeded: count >> 24),
        ]
        frames += payload
    }

    private static func write(_ frame: [UInt8], on descriptor: Int32) -> Bool {
        var sent = 0
        while sent < frame.count {
            let wrote = frame.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL)) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            sent += wrote
        }
        return true
    }

    /// Why a frame could not be read.
    package enum ReceiveFailure: Error, Equatable {
        /// The other side closed its end or died.
        case closed
        /// Nothing came within the time allowed.
        case timedOut
        /// A length above ``largestFrame``.
        case oversized(Int)
    }

    /// Reads one frame, waiting at most `timeout` seconds for its first byte (nil: for ever). A
    /// wait with no timeout first polls for ``spin``.
    package static func receive(from descriptor: Int32, timeout: Double? = nil) -> Result<[UInt8], ReceiveFailure> {
        var header = [UInt8](repeating: 0, count: 4)
        var have = 0
        if timeout == nil, spin > 0, shouldSpin() {
            let got = spinForBytes(for: spin) {
                header.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, 4, Int32(MSG_DONTWAIT)) }
            }
            guard let got else { return .failure(.closed) }
            noteSpin(got: got)
            have = got
        }
        if let timeout, let failure = waitForBytes(on: descriptor, timeout: timeout) { return .failure(failure) }
        if let failure = readAll(&header, from: descriptor, having: have) { return .failure(failure) }
        let count = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard count <= largestFrame else { return .failure(.oversized(count)) }
        var payload = [UInt8](repeating: 0, count: count)
        if count > 0, let failure = readAll(&payload, from: descriptor) { return .failure(failure) }
        return heard(payload)
    }

    /// Makes every read of `descriptor` wait at most `seconds` (`SO_RCVTIMEO`): a call's timeout
    /// without a `poll` before each frame.
    package static func limitReads(of descriptor: Int32, to seconds: Double) {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func readAll(_ buffer: inout [UInt8], from descriptor: Int32, having already: Int = 0) -> ReceiveFailure? {
        var have = already
        let total = buffer.count
        while have < total {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + have, total - have, 0) }
            if got < 0, errno == EINTR { continue }
            if got < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .timedOut }
            guard got > 0 else { return .closed }
            have += got
        }
        return nil
    }
}

/// Builds a frame's bytes.
package struct WireWriter {
    package private(set) var bytes: [UInt8] = []

    package init(_ kind: IsolationWire.Kind) {
        bytes.reserveCapacity(64)
        bytes.append(kind.rawValue)
    }

    package mutating func byte(_ value: UInt8) { bytes.append(value) }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func integer(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    package mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            integer(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func optionalText(_ value: String?) {
        bool(value != nil)
        if let value { text(value) }
    }

    package mutating func texts(_ values: [String]) {
        integer(UInt32(values.count))
        for value in values { text(value) }
    }

    package mutating func append(_ other: [UInt8]) { bytes += other }
}

/// Reads a frame's bytes in the order a ``WireWriter`` wrote them; a frame cut short throws.
package struct WireReader {
    private let bytes: [UInt8]
    private var position: Int

    /// A reader after the frame's kind byte; nil when the kind is not one this side knows.
    package init?(_ bytes: [UInt8]) {
        guard let first = bytes.first, IsolationWire.Kind(rawValue: first) != nil else { return nil }
        self.bytes = bytes
        self.position = 1
    }

    package var kind: IsolationWire.Kind { IsolationWire.Kind(rawValue: bytes[0]) ?? .failed }

    package struct Truncated: Error, CustomStringConvertible {
        package var description: String { "a message of the isolated plugin's protocol was cut short" }
    }

    package mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw Truncated() }
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func bool() throws -> Bool { try byte() != 0 }

    package mutating func integer() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw Truncated() }
        defer { position += 4 }
        return UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
            | UInt32(bytes[position + 3]) << 24
    }

    package mutating func text() throws -> String {
        let count = Int(try integer())
        guard count <= bytes.count - position else { throw Truncated() }
        defer { position += count }
        return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }

    package mutating func optionalText() throws -> String? {
        try bool() ? try text() : nil
    }

    package mutating func texts() throws -> [String] {
        let count = Int(try integer())
        guard count <= bytes.count - position else { throw Truncated() }
        return try (0..<count).map { _ in try text() }
    }
}
