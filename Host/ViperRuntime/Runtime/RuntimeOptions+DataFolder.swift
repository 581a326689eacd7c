import ViperLoading

/// The data folder these options choose, known before the runtime starts (a supervised session's
/// supervisor keeps its journals and crash reports there without loading anything).
extension RuntimeOptions {
    package var dataFolder: String {
        LocalDataFolder.choose(flag: dataFlag, environment: environment)
    }
}
