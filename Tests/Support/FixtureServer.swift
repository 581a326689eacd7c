import Foundation

/// The Articles fixture HTTP server (`Tests/Fixtures/Articles/articles_server.py`) on
/// 127.0.0.1, started once for the whole run. It stops by itself when this
/// process ends (its standard input closes). Shared by the plugin's own tests and
/// the end-to-end flows, which are separate test targets.
public final class FixtureServer: @unchecked Sendable {
    /// The server could not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    private let input: Pipe

    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: FixtureServer?

    /// The shared server, started on first use.
    public static func shared() throws -> FixtureServer {
        try lock.withLock {
            if let running { return running }
            let server = try FixtureServer()
            running = server
            return server
        }
    }

    private init() throws {
        let script = Self.fixtures + "/articles_server.py"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line is the port.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw Failure(description: "the fixture server did not say its port (is python3 installed?)")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    /// Waits until the server has been asked for `path` (a request that may never be answered,
    /// such as `never/...`): one request that the server holds until that happens, or answers
    /// "no" after 30 s. False when it was not asked in time.
    public func waitUntilAsked(for path: String) -> Bool {
        guard let url = URL(string: url("asked/\(path)")) else { return false }
        return (try? Data(contentsOf: url)) == Data("yes".utf8)
    }

    /// How many times the server has been asked for `path` (as in ``url(_:)``), so a test can
    /// check that a command made no request.
    public func requests(for path: String) -> Int {
        guard let url = URL(string: url("count/\(path)")), let data = try? Data(contentsOf: url) else { return -1 }
        return Int(String(decoding: data, as: UTF8.self)) ?? -1
    }

    /// The folder with the script and its feeds.
    public static var fixtures: String { BuildProducts.articleFixtures }
}
