import Foundation

/// A child's CPU time (user + system, from getrusage) and wall time, measured by a small
/// Python process that starts it and waits for it: only that child's time is counted, never
/// the test process's other threads or other tests' children.
struct Rusage: CustomStringConvertible {
    let cpu: Double
    let wall: Double
    let status: Int32

    var description: String { String(format: "%.3f s CPU in %.3f s", cpu, wall) }

    static func ofChild(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Rusage {
        let script = """
            import resource, subprocess, sys, time
            start = time.monotonic()
            code = subprocess.call(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.monotonic() - start
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(usage.ru_utime + usage.ru_stime, wall, code)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, executable] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, let cpu = Double(fields[0]), let wall = Double(fields[1]), let status = Int32(fields[2]) else {
            throw Failure(description: "the measuring python3 printed '\(String(decoding: data, as: UTF8.self))'")
        }
        return Rusage(cpu: cpu, wall: wall, status: status)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
