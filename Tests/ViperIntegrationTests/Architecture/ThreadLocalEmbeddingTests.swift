import Foundation
import Testing
import ViperTestSupport

/// The core's thread-local word (Host/CThreadLocal/shim.h) works in a library that another
/// program opens with `dlopen`: an embedder of the core. Such a library must not need a slot in
/// the static TLS block (the ELF flag STATIC_TLS, which the initial-exec model sets), since the
/// dynamic loader gives a library opened late only what is left of it.
@Suite struct ThreadLocalEmbeddingTests {
    /// The header's text itself (not an include), so the compiled fixture is cached by what it holds.
    static func source() throws -> String {
        try String(contentsOfFile: BuildProducts.repository + "/Host/CThreadLocal/shim.h", encoding: .utf8) + """

            void *embedder_get(void) { return viper_resolution_stack_get(); }
            void embedder_set(void *stack) { viper_resolution_stack_set(stack); }
            """
    }

    @Test func aLibraryThatEmbedsTheWordNeedsNoStaticTLSAndKeepsOneWordPerThread() throws {
        let library = try FixtureCompiler.cPlugin(
            named: "ThreadLocalEmbedder", source: try Self.source(), extraFlags: ["-O2"])
        let readelf = Process(), pipe = Pipe()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        readelf.arguments = ["readelf", "-d", library]
        readelf.standardOutput = pipe
        try readelf.run()
        let flags = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        #expect(readelf.terminationStatus == 0 && flags.contains("Dynamic section"), "readelf read it: \(flags)")
        #expect(!flags.contains("STATIC_TLS"), "an embedder would need static TLS: \(flags)")

        let handle = try #require(dlopen(library, RTLD_NOW | RTLD_LOCAL), "\(String(cString: dlerror()))")
        typealias Get = @convention(c) () -> UnsafeMutableRawPointer?
        typealias Set = @convention(c) (UnsafeMutableRawPointer?) -> Void
        let get = unsafeBitCast(try #require(dlsym(handle, "embedder_get")), to: Get.self)
        let set = unsafeBitCast(try #require(dlsym(handle, "embedder_set")), to: Set.self)
        let mine = UnsafeMutableRawPointer(bitPattern: 0x1000)
        set(mine)
        #expect(get() == mine)
        // Another thread sees its own word, not this one's.
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        Thread {
            seen.word = UInt(bitPattern: get())
            done.signal()
        }.start()
        done.wait()
        #expect(seen.word == 0, "a new thread starts with no stack")
        #expect(get() == mine)
    }
}

/// What the other thread read; the semaphore orders its write before the test's read.
private final class Seen: @unchecked Sendable {
    var word: UInt = 1
}
