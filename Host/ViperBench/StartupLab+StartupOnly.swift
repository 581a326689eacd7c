import Foundation

/// `viper-bench --startup`: every start-up row at each count given (with
/// `--counts 0,1000,10000`, the cold rows against the minimal hosts, the warm rows and their floor,
/// the warm start in instructions with `--callgrind`, and the resident memory rows, warm and with
/// every plugin loaded, all at 10,000 plugins too), without the in-process, shell and navigation rows.
extension StartupLab {
    func startupOnlyRows(runs: Int, callgrind: Bool) throws -> [BenchmarkSuite.Row] {
        var rows = try startupRows(runs: runs)
        if callgrind { rows += try warmInstructionRows() }
        return rows + (try memoryRows())
    }
}
