import Foundation

extension StartupLab {
    /// The least a warm start with `count` plugins can cost over one with none, on this design:
    /// every start lists the plugin folder and `stat`s each file (a file rewritten in place keeps
    /// its folder's stamp, and must still be seen). Timed here in the same run as the warm rows,
    /// with the folder's entries as warm in the kernel's caches as a warm start finds them.
    ///
    /// The row is a 0-plugin start (`noneMedian`, from the warm rows) plus that floor, against
    /// the 0-plugin start: no warm start over this folder can read below its ratio.
    func warmFloorRow(count: Int, folder: String, noneMedian: Double, runs: Int) -> BenchmarkSuite.Row {
        _ = Self.listAndStat(folder)
        var times: [Double] = []
        for _ in 0..<max(runs, 5) {
            times.append(Stopwatch.seconds { _ = Self.listAndStat(folder) })
        }
        let floor = Stopwatch.median(of: times)
        return BenchmarkSuite.Row(
            name: "warm start's floor: a 0-plugin start plus readdir + stat of the \(count) files, vs 0 plugins",
            measured: BenchmarkSuite.duration(noneMedian + floor), baseline: BenchmarkSuite.duration(noneMedian),
            ratio: (noneMedian + floor) / noneMedian, target: nil)
    }

    /// Lists `folder` and `stat`s each entry by path, as a warm start does; returns the entries seen.
    static func listAndStat(_ folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var seen = 0
        var info = stat()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            if stat(folder + "/" + name, &info) == 0 { seen += 1 }
        }
        return seen
    }
}
