import Foundation
import ViperCore
import ViperLoading

extension HostRuntime {
    /// Records each file refused for its name (``ReservedNames``): one problem and one disabled
    /// record each, and nothing else changes.
    func noteReserved(_ refused: [(file: PluginFile, reason: String)]) {
        for (file, reason) in refused {
            problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: "\(file.path): \(reason)"))
            recordList.append(
                PluginRecord(
                    name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                    reason: reason, descriptor: nil, overridden: []))
            logger?.log(.warning, "\(file.path): \(reason)", source: "loader")
        }
    }
}
