import Contracts
import Foundation

/// Suites that travel with contracts: a contract library's package builds its suites into a
/// shared library `lib<Library>Suites.so`, installed beside `lib<Library>.so`, and `viper check`
/// runs them against every plugin that provides one of the library's contracts (a plugin's own
/// suites travel the same way, given with `viper check --suites PATH`). The library exports one
/// C function, named ``symbol``, that hands its suites to ``run(_:suites:)``:
///
///     @_cdecl("viper_contract_suites")
///     public func viperContractSuites(_ request: UnsafeMutableRawPointer?) -> Int32 {
///         ExportedSuites.run(request, suites: [greetingsSuite])
///     }
///
/// viper check records the plugin again into this copy of the kit, runs the checks with the
/// host's services, and reports each result of a suite's checks as the suite's.
public enum ExportedSuites {
    /// The C function `viper check` looks up in a suite library.
    public static let symbol = "viper_contract_suites"

    /// The exported function: takes viper check's request, returns 0 (1 when the request is malformed).
    public typealias Entry = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// How a result goes back to viper check: one JSON ``CheckResult`` and the request's context.
    public typealias Emit = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

    /// Runs `suites` for the request viper check made: four pointers, in order, the plugin's
    /// `viper_plugin_entry`, an `any Resolver` with the host's services, an ``Emit`` and its
    /// context. Only the results of the suites' own checks, on the modules and services whose
    /// contracts they cover, are sent back: the generic checks are viper check's.
    public static func run(_ request: UnsafeMutableRawPointer?, suites: [ContractSuite]) -> Int32 {
        guard let request else { return 1 }
        let words = request.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        guard let entry = words[0], let resolver = words[1], let emit = words[2] else { return 1 }
        let send = sender(unsafeBitCast(emit, to: Emit.self), context: words[3])
        let host = resolver.assumingMemoryBound(to: (any Resolver).self).pointee
        let recorded: RecordedPlugin
        do {
            recorded = try RecordedPlugin.record(entry: unsafeBitCast(entry, to: RecordedPlugin.EntryFunction.self))
        } catch {
            send(CheckResult(check: "registers", subject: "plugin", passed: false, reason: "\(error)"))
            return 0
        }
        let names = Set(suites.flatMap { $0.checks.map(\.name) + $0.serviceChecks.map(\.name) })
        let covered = Set(recorded.modules.filter { module in suites.contains { $0.applies(to: module) } }.map(\.label)
            + recorded.services.filter { service in suites.contains { $0.applies(to: service) } }.map(\.label))
        _ = Conformance.check(recorded, services: ServiceTable(fallback: host), suites: suites) { event in
            guard case .didRun(let result) = event, names.contains(result.check), covered.contains(result.subject) else { return }
            send(result)
        }
        return 0
    }

    /// `result` as JSON, through `emit`.
    private static func sender(_ emit: Emit, context: UnsafeMutableRawPointer?) -> (CheckResult) -> Void {
        { result in
            guard let data = try? JSONEncoder().encode(result) else { return }
            String(decoding: data, as: UTF8.self).withCString { emit($0, context) }
        }
    }
}

/// The ConformanceKit a suite library was built with, as one record ("VCKT", major, minor: the
/// Contracts version this kit belongs to) in the `viper_conformance_kit` section. Every suite
/// library links its own copy of the kit; `viper check` reads the record from the file before it
/// loads the library and refuses one built with another kit than its own (whose record it reads
/// from its own file), rather than run code that would exchange another layout with it. It lives
/// in this file because every suite library links it (``ExportedSuites/run(_:suites:)``). A
/// section's contents must be a literal: keep it equal to `ContractsVersion.compiledPacked`
/// (`ContractsVersionAgreementTests` fails while they differ).
@used @section("viper_conformance_kit")
let viperConformanceKit: (UInt32, UInt32, UInt32) = (0x5643_4B54, 1, 8)
