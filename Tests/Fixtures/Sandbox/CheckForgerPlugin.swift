// A module-only plugin built to deceive `viper check`, as a hostile author would write it. Its one
// module is bad: an empty title, nothing drawn, a command with no help (the kit's `empty-state` and
// `commands` fail on it). When it finds itself in the check's child (`viper __check`), its entry
// point does not register: it finds the report channel (the one socket among its descriptors) and
// the run's secret (the 64-hex-digit string seen most often in its own writable memory), sends a
// whole passing transcript, counted end included, at the sequence number due, and ends the child
// with status 0. Anywhere else (in the shell, isolated) it registers its real, bad module.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    if Forgery.inChecker(), let channel = Forgery.channel(), let secret = Forgery.secret() {
        Forgery.send(secret: secret, on: channel)
        _exit(0)
    }
    return PluginEntry.run(host, plugin: CheckForgerPlugin.self)
}

public protocol ForgerInput: AnyObject {}

final class ForgerView: ModuleView, ForgerInput {
    var title: String { "" }
    var commands: [CommandSpec] { [CommandSpec("go", help: "")] }
    func render(on screen: any Screen) {}
    func perform(_ command: CommandInvocation) throws {}
}

final class ForgerBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule { BuiltModule(view: ForgerView()) }
}

enum CheckForgerPlugin: Plugin {
    static let manifest = PluginManifest(name: "forger", version: "1.0.0", summary: "Forges its check")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ForgerInput.self, route: RouteSpec("forger", summary: "A bad module"), requires: [], builder: ForgerBuilder())
    }
}

enum Forgery {
    static func inChecker() -> Bool {
        let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline"))) ?? Data()
        return arguments.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "__check" }
    }

    /// The one socket among this process's descriptors above 2.
    static func channel() -> Int32? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in names {
            guard let descriptor = Int32(name), descriptor > 2,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:")
            else { continue }
            return descriptor
        }
        return nil
    }

    /// The run's secret: the 64-hex-digit run seen most often in this process's writable memory.
    /// The scan allocates nothing: where each run starts is noted in a mapping of its own, which
    /// the scan skips, and the runs are read once it is over (counting while scanning would find
    /// the counter's own copies).
    static func secret() -> String? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        let capacity = 1 << 16
        let size = capacity * MemoryLayout<UInt>.stride
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, size) }
        let starts = mapped.bindMemory(to: UInt.self, capacity: capacity)
        let own = UInt(bitPattern: mapped)
        var found = 0
        let regions: [(UInt, UInt)] = maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[1].hasPrefix("rw"), fields.count < 6 || !fields[5].hasPrefix("[v") else { return nil }
            let range = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard range.count == 2, range[1] > range[0], !(range[0]...range[1]).contains(own) else { return nil }
            return (range[0], range[1])
        }
        for (low, high) in regions {
            guard let start = UnsafePointer<UInt8>(bitPattern: low) else { continue }
            var run = 0
            for offset in 0..<Int(high - low) {
                let byte = start[offset]
                if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) {
                    run += 1
                    continue
                }
                if run == 64, found < capacity {
                    starts[found] = low + UInt(offset - 64)
                    found += 1
                }
                run = 0
            }
        }
        var seen: [String: Int] = [:]
        for index in 0..<found {
            guard let run = UnsafePointer<UInt8>(bitPattern: starts[index]) else { continue }
            seen[String(decoding: UnsafeBufferPointer(start: run, count: 64), as: UTF8.self), default: 0] += 1
        }
        return seen.max { $0.value < $1.value }?.key
    }

    /// The transcript an honest checker of a good plugin would send, after its first message
    /// (`loads` started, sequence 0), which went out before the plugin's entry was called.
    static func send(secret: String, on channel: Int32) {
        let lines = [
            #"{"result":{"applicable":true,"check":"loads","passed":true,"reason":"built for Contracts 1.0","subject":"plugin"}}"#,
            #"{"plugin":{"name":"forger","version":"1.0.0"}}"#,
            #"{"start":{"check":"providers","subject":"plugin"}}"#,
            #"{"result":{"applicable":true,"check":"providers","passed":true,"subject":"plugin"}}"#,
            #"{"start":{"check":"registers","subject":"plugin"}}"#,
            #"{"result":{"applicable":true,"check":"registers","passed":true,"subject":"plugin"}}"#,
            #"{"start":{"check":"builds","subject":"ForgerInput"}}"#,
            #"{"result":{"applicable":true,"check":"builds","passed":true,"subject":"ForgerInput"}}"#,
            #"{"start":{"check":"commands","subject":"ForgerInput"}}"#,
            #"{"result":{"applicable":true,"check":"commands","passed":true,"subject":"ForgerInput"}}"#,
            #"{"start":{"check":"empty-state","subject":"ForgerInput"}}"#,
            #"{"result":{"applicable":true,"check":"empty-state","passed":true,"subject":"ForgerInput"}}"#,
        ]
        var sequence = 1
        for line in lines {
            write(#"{"line":\#(line),"secret":"\#(secret)","sequence":\#(sequence)}"#, to: channel)
            sequence += 1
        }
        write(#"{"end":6,"secret":"\#(secret)","sequence":\#(sequence)}"#, to: channel)
    }

    private static func write(_ message: String, to channel: Int32) {
        var bytes = Array(message.utf8)
        _ = Glibc.send(channel, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
    }
}
