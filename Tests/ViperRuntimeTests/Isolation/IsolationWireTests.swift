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
