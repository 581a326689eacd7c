import Foundation

extension PluginScanner {
    /// A new private folder (mode 0700) for this scan's scanners to write in (their ``Sandbox``'s
    /// only writable place, and their `TMPDIR`), removed when the scan ends; nil when the
    /// sandbox is off (`VIPER_SANDBOX=off`) or the folder cannot be made (the scan then goes on
    /// unboxed, as `viper doctor` would say of a kernel without Landlock).
    static func makeSandboxFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard !Sandbox.isTurnedOff(environment) else { return nil }
        var template = Array((NSTemporaryDirectory() + "viper-scan-box-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }
}
