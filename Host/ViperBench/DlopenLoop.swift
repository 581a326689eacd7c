import Foundation

/// The start-up baseline: a plain process that `dlopen`s every `.so` in a folder and exits.
enum DlopenLoop {
    package static func run(folder: String) -> Int32 {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".so") }.sorted()
        var opened = 0
        for name in names where dlopen(folder + "/" + name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) != nil {
            opened += 1
        }
        if let line = readLine(), line == "rss" {
            print(StartupLab.residentKilobytes(pid: getpid()))
        }
        return opened == names.count ? 0 : 1
    }
}
