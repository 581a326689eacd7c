import Foundation
import ViperCore
import ViperLoading

extension HostRuntime {
    /// One problem for each interceptor that is off because its plugin was not allowed to intercept
    /// a contract it does not provide (``InterceptionPermission``). Worked out from the descriptors
    /// when asked (`viper doctor`), so a start that keeps its graph decodes none for it.
    package var interceptionProblems: [Problem] {
        let permission = state.withLock { interceptionPermission }
        return records.filter { ($0.status == .loaded || $0.status == .ready) && $0.origin != .bundled }.flatMap { record -> [Problem] in
            // Most plugins declare no interceptor: their lines are searched, not decoded (the shell asks at every start).
            guard record.scanned?.mayDeclareInterceptor == true, let descriptor = record.descriptor else { return [] }
            return permission.pending(descriptor, origin: record.origin).map {
                InterceptionPermission.problem(plugin: descriptor.manifest.name, label: $0)
            }
        }
    }

    /// What `viper doctor` reports as problems: ``problems`` and ``interceptionProblems``.
    package var doctorProblems: [Problem] { problems + interceptionProblems }
}
