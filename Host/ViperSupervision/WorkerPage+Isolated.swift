import Foundation
import ViperCore

/// The isolated plugin process the worker waits on (``IsolatedProcessWait``), as the supervisor
/// reads it when a script's command runs past `--command-timeout`: that process is ended alone and
/// the worker ends the command itself, as an isolated plugin's hang costs only its own process.
/// The worker (and plugin code in it) can write any number here, so the supervisor ends a process
/// only if the kernel says the worker is its parent, and it still ends the worker when the command
/// has not ended within a grace: a false number can cost a child of the worker, and time, no more.
extension WorkerPage {
    /// The process the worker says it waits on, if it is a child of `worker`.
    func isolatedProcess(of worker: pid_t) -> pid_t? {
        let named = base.load(fromByteOffset: Layout.isolatedWait, as: Int32.self)
        guard named > 0, named != worker, SupervisorSignals.parent(of: named) == worker else { return nil }
        return named
    }

    /// Tells the worker the process it waited on was ended for running past `milliseconds`.
    func noteIsolatedTimeout(milliseconds: Int32) {
        base.storeBytes(of: max(milliseconds, 1), toByteOffset: Layout.isolatedWait + 4, as: Int32.self)
    }
}
