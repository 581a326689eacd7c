import Foundation

/// A small HTTP/1.0 server on 127.0.0.1 for the feeds rows: every path answers a 20-item RSS
/// feed, a path under `/slow/` after 2 s; each request is counted. One thread accepts, one
/// thread answers each connection; it stops when the process ends.
final class BenchFeedServer: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let lock = NSLock()
    private var count = 0

    var requests: Int { lock.withLock { count } }

    init() throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        socket = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound, listen(listener, 64) == 0 else {
            throw StartupLab.Failure(description: "the bench feed server cannot listen on 127.0.0.1")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in accept() }
        thread.start()
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    private func accept() {
        while true {
            let connection = Glibc.accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            Thread { [self] in answer(connection) }.start()
        }
    }

    private func answer(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let read = recv(connection, &buffer, buffer.count, 0)
            guard read > 0 else { return }
            request += buffer[0..<read]
        }
        lock.withLock { count += 1 }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        if line.contains(" /slow/") { Thread.sleep(forTimeInterval: 2) }
        let body = Array(Self.rss(items: 20).utf8)
        let head = Array("HTTP/1.0 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        let response = head + body
        var sent = 0
        while sent < response.count {
            let wrote = response[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard wrote > 0 else { return }
            sent += wrote
        }
    }

    /// An RSS feed of `items` items, each with HTML text, a link, a guid and a date.
    static func rss(items: Int) -> String {
        var xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Bench</title><link>https://bench.example/</link>"
        for index in 0..<items {
            xml += "<item><title>Item \(index) &amp; more</title><link>/posts/\(index).html</link><guid>bench-\(index)</guid>"
            xml += "<pubDate>Tue, 01 Dec 2026 \(String(format: "%02d", index % 24)):00:00 GMT</pubDate>"
            xml += "<description>&lt;p&gt;Paragraph \(index) with &lt;a href=\"/a/\(index)\"&gt;a link&lt;/a&gt; &amp;copy;.&lt;/p&gt;"
            xml += "&lt;ul&gt;&lt;li&gt;one&lt;/li&gt;&lt;li&gt;two&lt;/li&gt;&lt;/ul&gt;</description></item>"
        }
        return xml + "</channel></rss>"
    }
}
