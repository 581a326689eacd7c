/// The folder where viper and its plugins keep their files (`--data DIR`,
/// `VIPER_DATA_DIR`, default `$XDG_DATA_HOME/viper`).
public protocol DataFolder: AnyObject {
    /// Absolute path of the folder; it exists.
    var path: String { get }
}
