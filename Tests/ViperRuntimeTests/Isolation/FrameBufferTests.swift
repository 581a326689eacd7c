import Foundation
import Testing
@testable import ViperRuntime

/// Frames read ahead (``FrameBuffer``): whatever a `recv` brings is cut into the frames it holds,
/// in order, whole, however the bytes were sent; and a frame held back goes out before the next.
@Suite struct FrameBufferTests {
    private func pair() -> [Int32] {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return ends
    }

    private func frame(_ payload: [UInt8]) -> [UInt8] {
        let count = UInt32(payload.count)
        return [UInt8(count & 0xff), UInt8(count >> 8 & 0xff), UInt8(count >> 16 & 0xff), UInt8(count >> 24)] + payload
    }

    @Test func framesThatArriveTogetherAreReadOneByOneInOrder() throws {
        let ends = pair()
        defer { ends.forEach { close($0) } }
        let payloads: [[UInt8]] = [Array("first".utf8), [], Array("third, longer".utf8)]
        let bytes = payloads.flatMap(frame)
        #expect(bytes.withUnsafeBytes { send(ends[0], $0.baseAddress!, $0.count, 0) } == bytes.count)
        let buffer = FrameBuffer()
        for payload in payloads {
            #expect(try IsolationWire.receive(from: ends[1], through: buffer).get() == payload)
        }
        close(ends[0])
        #expect(IsolationWire.receive(from: ends[1], through: buffer) == .failure(.closed))
    }

    /// A frame split anywhere, with the next frame's first bytes after it, is read whole.
    @Test func aFrameSplitAnywhereIsReadWhole() throws {
        let ends = pair()
        defer { ends.forEach { close($0) } }
        let payload = Array("a frame in two pieces".utf8)
        let bytes = frame(payload) + frame(Array("next".utf8))
        let far = ends[0]
        let buffer = FrameBuffer()
        for split in 1..<bytes.count {
            let writer = Thread {
                _ = bytes.withUnsafeBytes { send(far, $0.baseAddress!, split, 0) }
                _ = bytes.withUnsafeBytes { send(far, $0.baseAddress! + split, bytes.count - split, 0) }
            }
            writer.start()
            #expect(try IsolationWire.receive(from: ends[1], through: buffer).get() == payload, "split at \(split)")
            #expect(try IsolationWire.receive(from: ends[1], through: buffer).get() == Array("next".utf8), "split at \(split)")
        }
    }

    /// A frame larger than the buffer's room grows it, and a small frame after it is still read.
    @Test func aFrameLargerThanTheBufferIsReadWhole() throws {
        let ends = pair()
        defer { ends.forEach { close($0) } }
        let big = (0..<(FrameBuffer.capacity * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let far = ends[0]
        let writer = Thread {
            _ = IsolationWire.send(big, on: far)
            _ = IsolationWire.send(Array("after".utf8), on: far)
        }
        writer.start()
        let buffer = FrameBuffer()
        #expect(try IsolationWire.receive(from: ends[1], through: buffer).get() == big)
        #expect(try IsolationWire.receive(from: ends[1], through: buffer).get() == Array("after".utf8))
    }

    @Test func aLengthAboveTheLargestFrameIsRefused() throws {
        let ends = pair()
        defer { ends.forEach { close($0) } }
        var header: [UInt8] = [0xff, 0xff, 0xff, 0x7f]
        #expect(write(ends[0], &header, 4) == 4)
        #expect(IsolationWire.receive(from: ends[1], through: FrameBuffer()) == .failure(.oversized(0x7fff_ffff)))
    }

    /// A frame held back is not sent alone; it goes out first with the next frame sent.
    @Test func aFrameHeldBackGoesOutBeforeTheNext() throws {
        let ends = pair()
        defer { ends.forEach { close($0) } }
        let channel = IsolationChannel(descriptor: ends[0])
        channel.hold(Array("held".utf8))
        var probe = pollfd(fd: ends[1], events: Int16(POLLIN), revents: 0)
        #expect(poll(&probe, 1, 0) == 0, "nothing is sent while the frame is held")
        #expect(channel.sendFrame(Array("next".utf8)))
        #expect(try IsolationWire.receive(from: ends[1]).get() == Array("held".utf8))
        #expect(try IsolationWire.receive(from: ends[1]).get() == Array("next".utf8))
        #expect(channel.sendFrame(Array("alone".utf8)))
        #expect(try IsolationWire.receive(from: ends[1]).get() == Array("alone".utf8))
    }
}
