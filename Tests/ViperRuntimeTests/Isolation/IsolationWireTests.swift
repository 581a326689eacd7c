import Contracts
import Foundation
import Testing
@testable import ViperRuntime

/// The isolated plugin's protocol in memory: what one side writes the other reads back, a frame
/// cut short is refused, and the rule for which plugins may be isolated.
@Suite struct IsolationWireTests {
    @Test func aModuleStateCrossesWhole() throws {
        var state = IsolatedModuleState()
        state.title = "Notes ‮"
        state.commands = [CommandSpec("add", arguments: ["TEXT..."], help: "Add one", keepsOutOfHistory: true)]
        state.lines = [
            .heading("Today"), .text("a line"), .list(["one", "two"], first: 3), .fields([Field("due", "today")]),
            .error("bad"), .empty("nothing"), .embed(title: "Child", lines: [.text("inside")]),
        ]
        state.isRestorable = true
        state.keptWork = "draft"
        state.confirms = true
        var writer = WireWriter(.ok)
        state.write(to: &writer)
        var reader = try #require(WireReader(writer.bytes))
        #expect(reader.kind == .ok)
        #expect(try IsolatedModuleState.read(from: &reader) == state)
    }

    @Test func aFrameCutShortThrows() throws {
        var writer = WireWriter(.perform)
        writer.integer(7)
        writer.text("a command with a long name")
        for cut in 2..<writer.bytes.count {
            var reader = try #require(WireReader(Array(writer.bytes.prefix(cut))))
            #expect(throws: WireReader.Truncated.self) {
                _ = try reader.integer()
                _ = try reader.text()
            }
        }
    }

    @Test func aFrameOfAnUnknownKindIsNotRead() {
        #expect(WireReader([99, 1, 2]) == nil)
        #expect(WireReader([]) == nil)
    }

    @Test func framesCrossASocketPairWithTheirLength() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let big = [UInt8](repeating: 7, count: 50_000)  // within the socket's buffer: nothing reads until both are sent
        #expect(IsolationWire.send(big, on: ends[0]))
        #expect(IsolationWire.send([], on: ends[0]))
        #expect(try IsolationWire.receive(from: ends[1]).get() == big)
        #expect(try IsolationWire.receive(from: ends[1]).get() == [])
        close(ends[0])
        ends[0] = -1
        #expect(IsolationWire.receive(from: ends[1]) == .failure(.closed))
    }

    /// A wait first polls the socket without blocking (the spin), then sleeps in `recv`: a frame
    /// whose bytes arrive in two writes, split anywhere, is read whole either way.
    @Test func aFrameSplitAnywhereIsReadWholeAfterTheSpin() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let payload: [UInt8] = Array("a frame in two pieces".utf8)
        let frame: [UInt8] = [UInt8(payload.count), 0, 0, 0] + payload
        let far = ends[0]
        for split in 1..<frame.count {
            let writer = Thread {
                _ = frame.withUnsafeBytes { send(far, $0.baseAddress!, split, 0) }
                _ = frame.withUnsafeBytes { send(far, $0.baseAddress! + split, frame.count - split, 0) }
            }
            writer.start()
            #expect(try IsolationWire.receive(from: ends[1]).get() == payload, "split at \(split)")
        }
    }

    /// The spin a person asks for (`VIPER_ISOLATED_SPIN_US`), bounded; a wrong value keeps the default.
    @Test func theSpinComesFromTheEnvironmentWithinItsBound() {
        #expect(IsolationWire.spin(from: [:]) == IsolationWire.defaultSpin)
        #expect(IsolationWire.spin(from: ["VIPER_ISOLATED_SPIN_US": "0"]) == 0)
        #expect(IsolationWire.spin(from: ["VIPER_ISOLATED_SPIN_US": "20"]) == 20e-6)
        #expect(IsolationWire.spin(from: ["VIPER_ISOLATED_SPIN_US": "1000000"]) == 1000e-6)
        #expect(IsolationWire.spin(from: ["VIPER_ISOLATED_SPIN_US": "-3"]) == IsolationWire.defaultSpin)
        #expect(IsolationWire.spin(from: ["VIPER_ISOLATED_SPIN_US": "fast"]) == IsolationWire.defaultSpin)
    }

    /// Replies come in the order of the requests: two requests sent before either reply is read
    /// get their own replies, and a request of the other side that comes first is served.
    @Test func repliesAreReadInTheOrderOfTheRequestsServingTheOtherSideFirst() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let channel = IsolationChannel(descriptor: ends[0])
        var served: [String] = []
        channel.serve = { reader in
            served.append((try? reader.text()) ?? "?")
            return IsolationChannel.ok
        }
        #expect(channel.sendFrame(WireWriter(.lifecycle).bytes))
        #expect(channel.sendFrame(WireWriter(.perform).bytes))
        // The other side: a request of its own, then the two replies.
        var route = WireWriter(.route)
        route.text("from the plugin")
        var first = WireWriter(.ok)
        first.text("first")
        var second = WireWriter(.failed)
        second.text("second")
        for frame in [route.bytes, first.bytes, second.bytes] { #expect(IsolationWire.send(frame, on: ends[1])) }
        var one = try channel.reply()
        var two = try channel.reply()
        #expect(one.kind == .ok)
        #expect(try one.text() == "first")
        #expect(two.kind == .failed)
        #expect(try two.text() == "second")
        #expect(served == ["from the plugin"])
        // What the other side read: the two requests, then the reply to its own.
        #expect(try IsolationWire.receive(from: ends[1]).get() == WireWriter(.lifecycle).bytes)
        #expect(try IsolationWire.receive(from: ends[1]).get() == WireWriter(.perform).bytes)
        #expect(try IsolationWire.receive(from: ends[1]).get() == IsolationChannel.ok)
    }

    @Test func aLengthAboveTheLargestFrameIsRefused() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        var header: [UInt8] = [0xff, 0xff, 0xff, 0x7f]
        #expect(write(ends[0], &header, 4) == 4)
        #expect(IsolationWire.receive(from: ends[1]) == .failure(.oversized(0x7fff_ffff)))
    }

    @Test func aReadThatWaitsTooLongTimesOut() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        IsolationWire.limitReads(of: ends[1], to: 0.01)
        #expect(IsolationWire.receive(from: ends[1]) == .failure(.timedOut))
    }

    @Test func onlyAModuleOnlyPluginOnTheHostsServicesMayBeIsolated() {
        let module = Provision(kind: .module, contract: ContractID("P.HelloInput"), requires: [.service(Clock.self), .service(Logger.self)])
        #expect(IsolatedPlugin.refusal(plugin: "p", provides: [module], requires: module.requires) == nil)
        let service = Provision(kind: .service, contract: ContractID("P.Store"))
        #expect(
            IsolatedPlugin.refusal(plugin: "p", provides: [module, service], requires: [])
                == "plugin 'p' provides service P.Store to other plugins, which an isolated plugin cannot do yet; run it in process (viper plugins --no-isolate p takes it out of \"isolate\" in config.json; or drop --isolate p)"
        )
        let needsStore = Requirement(kind: .service, contract: ContractID("Contracts.NoteStore"))
        #expect(
            IsolatedPlugin.refusal(plugin: "p", provides: [module], requires: [needsStore])
                == "plugin 'p' uses service Contracts.NoteStore of another plugin, which an isolated plugin cannot do yet; run it in process (viper plugins --no-isolate p takes it out of \"isolate\" in config.json; or drop --isolate p)"
        )
        let routes = Requirement(kind: .module, contract: ContractID("Contracts.NoteListing"))
        #expect(IsolatedPlugin.refusal(plugin: "p", provides: [module], requires: [routes]) == nil)
    }
}
