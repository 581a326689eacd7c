import Foundation
import ViperCore
import ViperLoading

/// Where an index is read from: a folder (a path or `file://`), or HTTP on the loopback
/// (`http://127.0.0.1:PORT/…`, `localhost`, `[::1]`). Other hosts are refused: there is no TLS
/// here, and a mirror is a folder. Each read names a path relative to the index; one that would
/// leave it, or a file that is a symbolic link, is refused.
///
/// HTTP is a small GET over a socket rather than Foundation's URLSession (which the Articles plugin
/// fetches feeds with): linking FoundationNetworking would load libcurl into every viper start.
package struct IndexSource {
    package let address: String
    private enum Kind {
        case folder(String)
        case http(host: String, port: UInt16, base: String)
    }
    private let kind: Kind

    package init(_ address: String) throws {
        self.address = address
        if address.hasPrefix("file://") {
            kind = .folder(String(address.dropFirst("file://".count)))
        } else if address.hasPrefix("http://") {
            let rest = address.dropFirst("http://".count)
            let hostPort = rest.prefix { $0 != "/" }
            let base = String(rest.dropFirst(hostPort.count))
            var host = String(hostPort), port: UInt16 = 80
            if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
                let after = host[host.index(after: close)...]
                if after.hasPrefix(":") { port = UInt16(after.dropFirst()) ?? 0 }
                host = String(host[host.index(after: host.startIndex)..<close])
            } else if let colon = host.lastIndex(of: ":") {
                port = UInt16(host[host.index(after: colon)...]) ?? 0
                host = String(host[..<colon])
            }
            guard ["127.0.0.1", "localhost", "::1"].contains(host), port != 0 else {
                throw HostError(
                    "\(address): only a folder, file:// or http:// on the loopback (127.0.0.1, localhost, [::1]) serves an index; mirror it into a folder")
            }
            kind = .http(host: host == "localhost" ? "127.0.0.1" : host, port: port, base: base.hasSuffix("/") ? String(base.dropLast()) : base)
        } else if address.contains("://") {
            throw HostError("\(address): not an index address; give a folder, file://PATH or http://127.0.0.1:PORT/PATH")
        } else {
            kind = .folder(Paths.absolute(address))
        }
    }

    /// Why `relative` may not be read from an index, or nil.
    package static func pathProblem(_ relative: String) -> String? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if relative.isEmpty || relative.hasPrefix("/") || parts.contains("..") || parts.contains("") || relative.contains("\0") {
            return "the index names '\(relative)', a path outside its folder; refused"
        }
        return nil
    }

    /// The bytes of `relative` in the index, at most `limit` of them.
    package func read(_ relative: String, limit: Int = 256 << 20) throws -> [UInt8] {
        if let problem = Self.pathProblem(relative) { throw HostError("\(address): \(problem)") }
        switch kind {
        case .folder(let root): return try readFile(root: root, relative: relative, limit: limit)
        case .http(let host, let port, let base): return try LoopbackHTTP.get(host: host, port: port, path: base + "/" + relative, limit: limit)
        }
    }

    /// Reads a file of the folder: each folder on the way and the file itself opened without following a link.
    private func readFile(root: String, relative: String, limit: Int) throws -> [UInt8] {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HostError("\(root): cannot open the index folder (\(String(cString: strerror(errno)))); check the address")
        }
        let parts = relative.split(separator: "/").map(String.init)
        for (position, part) in parts.enumerated() {
            let last = position == parts.count - 1
            let next = openat(descriptor, part, (last ? O_RDONLY : O_RDONLY | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(descriptor)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR {
                    throw HostError("\(root)/\(relative): a symbolic link in the index; refused (an index entry must be the file itself)")
                }
                throw HostError("\(root)/\(relative): missing from the index (\(String(cString: strerror(code)))); rebuild the index")
            }
            descriptor = next
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HostError("\(root)/\(relative): not a regular file; refused")
        }
        guard info.st_size <= limit else { throw HostError("\(root)/\(relative): larger than the index says it can be; refused") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, buffer.count - done, off_t(done)) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw HostError("\(root)/\(relative): cannot be read to the end") }
            done += count
        }
        return bytes
    }
}

/// A GET over HTTP/1.0 to a loopback address: status line, headers, body to the end.
enum LoopbackHTTP {
    static func get(host: String, port: UInt16, path: String, limit: Int) throws -> [UInt8] {
        let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let socketDescriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw HostError("\(address): cannot open a socket (\(String(cString: strerror(errno))))") }
        defer { close(socketDescriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if family == AF_INET6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &socketAddress.sin6_addr)
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &socketAddress.sin_addr)
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else {
            throw HostError("\(address): cannot connect (\(String(cString: strerror(errno)))); check that the index server is running")
        }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: \(host):\(port)\r\nUser-Agent: viper\r\nConnection: close\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { buffer in
                buffer.baseAddress.map { send(socketDescriptor, $0 + sent, buffer.count - sent, Int32(MSG_NOSIGNAL)) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw HostError("\(address): the server closed the connection") }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw HostError("\(address): no answer (\(String(cString: strerror(errno))))") }
            if count == 0 { break }
            response += buffer[0..<count]
            guard response.count <= limit + 64 << 10 else { throw HostError("\(address): larger than the index says it can be; refused") }
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, response.count - 3)).first(where: { Array(response[$0..<$0 + 4]) == separator }) else {
            throw HostError("\(address): not an HTTP answer")
        }
        let head = String(decoding: response[0..<end], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        guard status == 200 else { throw HostError("\(address): the server answered \(status); check the index address") }
        return Array(response[(end + 4)...])
    }
}
