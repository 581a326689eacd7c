import Testing
@testable import ViperBench

/// The warm start's instruction row reads the worker's count (``StartupLab/forkedCount(_:)``):
/// the process the supervisor forks, not whichever process counted more. Pure text, no process.
@Suite struct ForkedCountTests {
    @Test func theForkedWorkerIsReadEvenWhenTheSupervisorCountedMore() {
        let output = """
            ==12672== Callgrind, a call-graph generating cache profiler
            ==12672== Command: /tmp/viper --plugins /tmp/p1000
            ==12725== Events    : Ir
            ==12725== Collected : 39423101
            ==12672== Events    : Ir
            ==12672== Collected : 47294999
            """
        #expect(StartupLab.forkedCount(output) == 39_423_101)
    }

    @Test func noForkedProcessIsNoCount() {
        let output = """
            ==7== Command: /tmp/viper --plugins /tmp/p0
            ==7== Collected : 27717804
            """
        #expect(StartupLab.forkedCount(output) == nil)
    }
}
