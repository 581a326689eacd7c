import Contracts
import Foundation
import ViperCore

extension DescriptorCache {
    /// The plugin graph's last validation, kept in `plugin-graph` beside the descriptor cache,
    /// so a start whose validation input did not change does not validate again.
    ///
    /// Invariants:
    /// - The outcome is believed only under its ``key``: the SHA-256 of everything validation
    ///   reads (see `HostRuntime+GraphCache.swift`). A start with another key validates afresh
    ///   and replaces the file.
    /// - The file carries the SHA-256 of its body: a corrupt, truncated or foreign file is
    ///   a warning in the log and a fresh validation, never a crash.
    ///
    /// The file is a header line (`viper-plugin-graph`, the format, the key, the body's digest)
    /// and one ``RecordCodec`` line per item of the outcome, except its dependency list: that is
    /// worked out again from the descriptors and the kept outcome when something reads it
    /// (``HostRuntime/dependencies``), so a warm start neither reads nor builds it (it is a
    /// noticeable share of a warm start with many plugins).
    package struct Graph {
        package static let fileName = "plugin-graph"
        package static let magic = "viper-plugin-graph"
        package static let formatVersion = 2

        package let key: String
        package let outcome: GraphValidator.Outcome

        /// The kept outcome when the file exists, is whole and was made under `key`; else nil,
        /// with a note when the file was there but unreadable.
        package static func load(folder: String, key: String) -> (graph: Graph?, note: String?) {
            let path = Paths.join(folder, fileName)
            guard let bytes = DescriptorCache.readFile(path) else { return (nil, nil) }
            switch parse(bytes, key: key) {
            case .success(let graph): return (graph, nil)
            case .failure(.otherKey): return (nil, nil)
            case .failure(.malformed(let why)): return (nil, "\(path): the kept plugin graph is unreadable (\(why)); validating again")
            }
        }

        package enum Refusal: Error {
            case otherKey
            case malformed(String)
        }

        /// Reads the file's bytes; the body is decoded only when the header's key is `key` and its digest matches.
        package static func parse(_ bytes: [UInt8], key: String) -> Result<Graph, Refusal> {
            guard let newline = bytes.firstIndex(of: 0x0A) else { return .failure(.malformed("no header line")) }
            var header = RecordCodec.Reader(bytes: bytes[..<newline])
            guard (try? header.text()) == magic, let format: Int = try? header.integer() else {
                return .failure(.malformed("not a plugin graph"))
            }
            // Another version's file is not corrupt, only stale: validated again and replaced without a warning.
            guard format == formatVersion else { return .failure(.otherKey) }
            guard let fileKey = try? header.text(), let digest = try? header.text(), header.isAtEnd else {
                return .failure(.malformed("not a plugin graph of this version"))
            }
            guard fileKey == key else { return .failure(.otherKey) }
            let body = bytes[(newline + 1)...]
            let stream = DigestStream()
            stream.add(body)
            guard stream.finish() == digest else { return .failure(.malformed("its checksum does not match")) }
            do {
                return .success(Graph(key: key, outcome: try decode(body)))
            } catch {
                return .failure(.malformed("\(error)"))
            }
        }

        /// The file's text for `outcome` under `key`.
        package static func serialized(_ outcome: GraphValidator.Outcome, key: String) -> [UInt8] {
            signed(body: encode(outcome), key: key)
        }

        /// A file with `body` under `key`, with the header that makes it believed (the fuzzer signs mutated bodies).
        package static func signed(body: [UInt8], key: String) -> [UInt8] {
            let stream = DigestStream()
            stream.add(body[...])
            var header = RecordCodec.Writer()
            header.add(magic)
            header.add(formatVersion)
            header.add(key)
            header.add(stream.finish() ?? "")
            return Array((header.line + "\n").utf8) + body
        }

        /// The key and body of a file's bytes, unchecked (for the fuzzer).
        package static func split(_ bytes: [UInt8]) -> (key: String, body: [UInt8])? {
            guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
            var header = RecordCodec.Reader(bytes: bytes[..<newline])
            guard (try? header.text()) == magic, (try? header.integer() as Int) != nil, let key = try? header.text() else { return nil }
            return (key, Array(bytes[(newline + 1)...]))
        }

        /// Writes the file atomically (``RebuildableFile``).
        package static func save(_ outcome: GraphValidator.Outcome, key: String, folder: String) throws {
            try RebuildableFile.replace(Paths.join(folder, fileName), with: serialized(outcome, key: key), what: "the kept plugin graph")
        }

        /// Removes the file (a start that cannot key its validation keeps nothing stale).
        package static func remove(folder: String) {
            guard DataFolderGuard.writeProblem(folder) == nil else { return }
            unlink(Paths.join(folder, fileName))
        }

        // MARK: Lines

        private static func encode(_ outcome: GraphValidator.Outcome) -> [UInt8] {
            var out = Lines()
            for problem in outcome.problems {
                out.line("P", problem.kind.rawValue, problem.plugin, problem.contract, problem.message)
            }
            for (plugin, reason) in outcome.disabled.sorted(by: { $0.key < $1.key }) {
                out.line("X", plugin, reason)
            }
            for (plugin, labels) in outcome.overridden.sorted(by: { $0.key < $1.key }) {
                for label in labels.sorted() { out.line("O", plugin, label) }
            }
            for (shape, owner) in outcome.routeOwners {  // unsorted: a table, read back into one (sorting cost 3 M at 1,000 routes)
                out.line("W", shape, owner)
            }
            return out.bytes
        }

        /// ``RecordCodec`` lines written straight into bytes (a cold start writes one per requirement and route).
        private struct Lines {
            var bytes: [UInt8] = []

            mutating func line(_ tag: StaticString, _ fields: String?...) {
                tag.withUTF8Buffer { bytes += $0 }
                for field in fields {
                    bytes.append(0x09)
                    guard var text = field else {
                        bytes += [0x5C, 0x4E]  // \N
                        continue
                    }
                    text.withUTF8 { utf8 in
                        for byte in utf8 {
                            switch byte {  // RecordCodec.escape's escapes, byte by byte
                            case 0x5C: bytes += [0x5C, 0x5C]
                            case 0x09: bytes += [0x5C, 0x74]
                            case 0x0A: bytes += [0x5C, 0x6E]
                            case 0x0D: bytes += [0x5C, 0x72]
                            default: bytes.append(byte)
                            }
                        }
                    }
                }
                bytes.append(0x0A)
            }
        }

        /// Reads the body's lines. A route owner's line (nearly all of them) is read on its raw bytes
        /// (``RecordCodec/FieldCursor``); any other line, or an owner's line that does not read so, by
        /// ``decodeLine(_:into:owners:)``, so the file is believed whole or not at all.
        private static func decode(_ body: ArraySlice<UInt8>) throws -> GraphValidator.Outcome {
            var outcome = GraphValidator.Outcome()
            var lines = 0
            forEachLine(body) { _, _ in lines += 1 }
            var owners: [String: String] = [:]
            owners.reserveCapacity(lines)  // most lines are route owners
            try forEachLine(body) { range, base in
                var cursor = RecordCodec.FieldCursor(base, count: range.count)
                if let tag = cursor.next(), cursor.matches(tag, "W"), let shape = cursor.text(), let owner = cursor.text(), cursor.isAtEnd {
                    owners[shape] = owner
                    return
                }
                var reader = RecordCodec.Reader(bytes: body[(body.startIndex + range.lowerBound)..<(body.startIndex + range.upperBound)])
                try decodeLine(&reader, into: &outcome, owners: &owners)
                guard reader.isAtEnd else { throw RecordCodec.Malformed(description: "a line has extra fields") }
            }
            outcome.routeOwners = owners
            return outcome
        }

        /// Calls `visit` with each line of `body` (its offsets in `body`, without the newline) and where its bytes start.
        private static func forEachLine(_ body: ArraySlice<UInt8>, _ visit: (Range<Int>, UnsafePointer<UInt8>) throws -> Void) rethrows {
            try body.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let count = buffer.count
                var start = 0
                while start < count {
                    let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
                    try visit(start..<end, base + start)
                    start = end + 1
                }
            }
        }

        private static func decodeLine(
            _ reader: inout RecordCodec.Reader, into outcome: inout GraphValidator.Outcome, owners: inout [String: String]
        ) throws {
            var tag = reader
            if try tag.nextIs("W") {  // the common line, told without making its tag
                reader = tag
                let shape = try reader.text()
                owners[shape] = try reader.text()
                return
            }
            switch try reader.text() {
            case "P":
                guard let kind = Problem.Kind(rawValue: try reader.text()) else { throw RecordCodec.Malformed(description: "unknown problem kind") }
                outcome.problems.append(
                    Problem(
                        kind: kind, plugin: try reader.optionalText(), contract: try reader.optionalText(),
                        message: try reader.text()))
            case "X":
                let plugin = try reader.text()
                outcome.disabled[plugin] = try reader.text()
            case "O":
                let plugin = try reader.text()
                outcome.overridden[plugin, default: []].insert(try reader.text())
            case "W":
                let shape = try reader.text()
                owners[shape] = try reader.text()
            case let other:
                throw RecordCodec.Malformed(description: "unknown line kind '\(other)'")
            }
        }
    }
}
