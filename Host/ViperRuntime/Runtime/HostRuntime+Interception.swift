import Foundation
import ViperCore
import ViperLoading

extension HostRuntime {
    /// One problem for each interceptor that is off because its plugin was not allowed to intercept
    /// a contract it does not provide (``InterceptionPermission``). Worked out from the descriptors
    /// when asked (`viper doctor`), so a start that keeps its graph decodes none for it.
    package var interceptionProblems: [Problem] {
        let permission = state.withLock { interceptionPermission }
        let all = records
        var found: [Problem] = []
        // Read in place, by index: a filtered copy of every record costs more than the search.
        for index in all.indices where (all[index].status == .loaded || all[index].status == .ready) && !all[index].origin.isBundled {
            // Most plugins declare no interceptor: their lines are searched, not decoded (the shell asks at every start).
            guard all[index].scanned?.mayDeclareInterceptor == true, let descriptor = all[index].descriptor else { continue }
            found += permission.pending(descriptor, origin: all[index].origin).map {
                InterceptionPermission.problem(plugin: descriptor.manifest.name, label: $0)
            }
        }
        return found
    }

    /// What `viper doctor` reports as problems: ``problems`` and ``interceptionProblems``.
    package var doctorProblems: [Problem] { problems + interceptionProblems }
}
