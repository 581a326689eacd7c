import ViperRuntime

/// What the command line's flags select for the runtime.
extension CommandLineOptions {
    /// The runtime options these flags select.
    package func runtimeOptions(environment: [String: String], executableDirectory: String) -> RuntimeOptions {
        var runtime = RuntimeOptions(environment: environment, executableDirectory: executableDirectory)
        runtime.pluginFlags = pluginFlags
        runtime.dataFlag = dataFlag
        runtime.preferences = preferences
        runtime.echoLevel = verbose ? .info : .error
        runtime.rescan = rescan
        runtime.allowInsecurePlugins = allowInsecurePlugins
        runtime.allowIntercept = allowIntercept
        runtime.isolate = isolate
        runtime.allowNetwork = allowNetwork
        runtime.ignoreLock = lock
        return runtime
    }
}
