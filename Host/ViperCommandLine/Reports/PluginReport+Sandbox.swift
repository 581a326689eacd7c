import ViperLoading

extension PluginReport {
    /// The sandbox's one line when the kernel lacks a piece of it or it is turned off (see
    /// ``SandboxSupport/line``), for `viper doctor`; nothing when it is whole. Not a problem:
    /// plugins are scanned and checked as before, with what the kernel has.
    static func sandboxLines(_ support: SandboxSupport = .probe()) -> [String] {
        support.line.map { [$0] } ?? []
    }
}
