import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperCoreTestSupport
import ViperTestSupport

/// A thread finds its resolution stack through a C thread-local word (Host/CThreadLocal) that
/// caches what the stack's pthread key owns: each thread its own stack, released at the thread's
/// end, and the word cleared then, so code that runs later on the ending thread makes a new stack
/// instead of reading the freed one.
@Suite struct ResolutionStackThreadTests {
    @Test func eachThreadFindsItsOwnStackAndAThreadThatEndsReleasesIt() throws {
        let mine = ResolutionStack.current
        let stacks = Locked([Weak<ResolutionStack>]())
        let sameEachTime = Locked([Bool]())
        try RegistryThreads.run(3) { _ in
            let stack = ResolutionStack.current
            sameEachTime.withLock { $0.append(ResolutionStack.current === stack && stack !== mine) }
            stacks.withLock { $0.append(Weak(stack)) }
        }
        #expect(sameEachTime.withLock { $0 } == [true, true, true])
        #expect(stacks.withLock { $0.map { $0.object == nil } } == [true, true, true], "each ended thread released its stack")
        #expect(ResolutionStack.current === mine, "the test's own thread keeps its stack")
    }

    @Test func aResolveInADestructorThatRunsAfterTheStackIsReleasedMakesANewStack() throws {
        let registry = Registry()
        registry.commit(WelcomeStub.registrar(plugin: "late", name: "late", text: "still served"))
        let spy = ThreadEndSpy(resolver: registry.resolver(for: "a destructor"))
        let made = pthread_key_create(&spy.key) { raw in
            guard let raw else { return }
            Unmanaged<ThreadEndSpy>.fromOpaque(raw).takeRetainedValue().record()
        }
        try #require(made == 0, "pthread_key_create failed with \(made)")
        defer { pthread_key_delete(spy.key) }
        try RegistryThreads.run(1) { _ in
            _ = try? spy.resolver.resolve(Welcome.self, name: "late")  // the thread has a stack now
            pthread_setspecific(spy.key, Unmanaged.passRetained(spy).toOpaque())
        }
        #expect(spy.foundStack == false, "the released stack is no longer the thread's")
        #expect(spy.resolved == "still served")
    }
}
