import Contracts
import Glibc
import Synchronization
import ViperCore

/// A plugin's descriptor as its scan recorded it, held by one shared reference: the scan
/// result, the plugin's record and its pending entry point to the same object, so none of
/// them copies a descriptor.
///
/// Read from the descriptor cache, only what a warm start needs is built at once: the
/// plugin's name. The rest stays in the cache's bytes (``RecordLine``) and is decoded the
/// first time something asks for ``descriptor`` (loading the plugin, validation, the pending
/// routes when first listed or matched, `doctor`, `plugins`, `graph`).
///
/// Invariants:
/// - A descriptor made from a line is only made after ``RecordCodec`` checked every field of
///   that line the way its decoder reads them, so decoding it later cannot fail.
/// - ``name`` is `descriptor.manifest.name`, read from the same field.
/// - Thread-safe: the decode runs once, under a lock, from whichever thread asks first.
package final class ScannedDescriptor: Hashable, Sendable, DeclaredRoutes {
    /// The manifest name.
    package let name: String
    private let line: RecordLine?
    private let decoded: Mutex<PluginDescriptor?>

    /// A descriptor already decoded (a scan in this process, a test).
    package init(_ descriptor: PluginDescriptor) {
        name = descriptor.manifest.name
        line = nil
        decoded = Mutex(descriptor)
    }

    /// A descriptor whose fields start at `line`'s start and were checked already (see the invariants).
    package init(name: String, line: RecordLine) {
        self.name = name
        self.line = line
        decoded = Mutex(nil)
    }

    /// The module routes it declares, as route entries of plugin ``name`` (decodes the descriptor).
    package var routes: [RouteEntry] { Self.routes(of: descriptor) }

    /// The whole descriptor, decoded on first use.
    package var descriptor: PluginDescriptor {
        decoded.withLock { cached in
            if let cached { return cached }
            let made = decode()
            cached = made
            return made
        }
    }

    /// Whether it may declare an interceptor, found without decoding a line that is not decoded
    /// yet: its bytes hold the word `interceptor` (a false yes, a name with the word, only costs
    /// the decode that tells). The shell asks at every start (``HostRuntime/interceptionProblems``).
    package var mayDeclareInterceptor: Bool {
        if let line, decoded.withLock({ Self.isNone(&$0) }) { return Self.holdsInterceptor(line.bytes) }
        return descriptor.provides.contains { $0.kind == .interceptor }
    }

    /// Whether nothing is decoded yet, told without copying a decoded descriptor out (`$0 == nil` copies it).
    private static func isNone(_ cached: inout PluginDescriptor?) -> Bool {
        if case .none = cached { return true }
        return false
    }

    private static let interceptorWord = Array("interceptor".utf8)

    /// Searched with `memchr` for its first letter and `memcmp` for the rest (a generic search by
    /// slices costs many times that, for every plugin at every start).
    static func holdsInterceptor(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { line in
            interceptorWord.withUnsafeBytes { word in
                guard let start = line.baseAddress, let wordStart = word.baseAddress else { return false }
                let end = start + line.count
                var cursor = start
                while end - cursor >= word.count, let found = memchr(cursor, Int32(word[0]), end - cursor) {
                    let at = UnsafeRawPointer(found)
                    guard end - at >= word.count else { return false }
                    if memcmp(at, wordStart, word.count) == 0 { return true }
                    cursor = at + 1
                }
                return false
            }
        }
    }

    private func decode() -> PluginDescriptor {
        guard let line else { return Self.unreadable(name) }
        do {
            return try line.withReader { reader in try RecordCodec.decodeDescriptor(&reader) }
        } catch {
            // Unreachable: the line was checked when this was made. A descriptor that provides
            // nothing keeps the host up; the next change to the cache rewrites the line.
            return Self.unreadable(name)
        }
    }

    private static func unreadable(_ name: String) -> PluginDescriptor {
        PluginDescriptor(manifest: PluginManifest(name: name, version: "?", summary: ""), contractsVersion: .current, provides: [])
    }

    /// The module routes of `descriptor`, as route entries.
    package static func routes(of descriptor: PluginDescriptor) -> [RouteEntry] {
        descriptor.provides.compactMap { provision in
            guard provision.kind == .module, let route = provision.route else { return nil }
            return RouteEntry(spec: route, contract: provision.contract, name: provision.name, plugin: descriptor.manifest.name)
        }
    }

    /// The routes plugin `plugin` serves: its module routes but those of `overridden` labels
    /// (``HostRuntime/routes(of:plugin:except:)`` of ``descriptor``, without decoding it).
    package func routes(plugin: String, except overridden: Set<String>) -> [RouteEntry] {
        if overridden.isEmpty, plugin == name { return routes }
        return routes.compactMap { route in
            guard !overridden.contains(ProvisionKey.label(route.contract, route.name)) else { return nil }
            return RouteEntry(spec: route.spec, contract: route.contract, name: route.name, plugin: plugin)
        }
    }

    package static func == (left: ScannedDescriptor, right: ScannedDescriptor) -> Bool {
        if left === right { return true }
        if let one = left.line, let other = right.line, one == other { return true }
        return left.descriptor == right.descriptor
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(descriptor)
    }
}

/// Bytes of one record line (or the part of it from some field on), kept in the buffer they
/// were read into: the cache file's bytes are read once and every line points into them.
package struct RecordLine: Hashable, Sendable {
    package let storage: [UInt8]
    package let range: Range<Int>

    package init(_ storage: [UInt8], _ range: Range<Int>) {
        self.storage = storage
        self.range = range
    }

    package init(_ slice: ArraySlice<UInt8>) {
        self.init(Array(slice), 0..<slice.count)
    }

    package var bytes: ArraySlice<UInt8> { storage[range] }

    /// A reader over these bytes.
    package func withReader<Value>(_ body: (inout RecordCodec.Reader) throws -> Value) rethrows -> Value {
        var reader = RecordCodec.Reader(bytes: storage[range])
        return try body(&reader)
    }

    package static func == (left: RecordLine, right: RecordLine) -> Bool {
        left.range.count == right.range.count && left.storage[left.range].elementsEqual(right.storage[right.range])
    }

    package func hash(into hasher: inout Hasher) {
        storage[range].withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
