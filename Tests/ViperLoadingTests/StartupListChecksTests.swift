import Testing
@testable import ViperLoading

/// Checks a start makes of every file in its list, with what they read prepared once for the list
/// (a warm start's hot path): each must answer exactly as the check it stands in for.
@Suite struct StartupListChecksTests {
    @Test func aListLosesExactlyTheFilesTheCheckOfOneFileRefuses() {
        let folder = PluginFolder(path: "/p", origin: .flag)
        let paths = StartupByteChecksTests.paths
        var found = PluginDiscovery.Result()
        found.files = paths.map { PluginFile(path: $0, folder: folder) }
        found.infos = paths.map { _ in nil }
        let removed = found.removeReserved()
        #expect(!removed.isEmpty)
        #expect(removed.map(\.file.path) == paths.filter { ReservedNames.fileProblem($0) != nil })
        #expect(found.files.map(\.path) == paths.filter { ReservedNames.fileProblem($0) == nil })
        #expect(found.infos.count == found.files.count)
    }

    @Test func aListWithAReservedFileLosesItAndKeepsTheRestInOrder() {
        let folder = PluginFolder(path: "/p", origin: .flag)
        var found = PluginDiscovery.Result()
        found.files = ["/p/libA.so", "/p/libContracts.so", "/p/libB.so"].map { PluginFile(path: $0, folder: folder) }
        found.infos = [nil, nil, nil]
        let removed = found.removeReserved()
        #expect(removed.map(\.file.path) == ["/p/libContracts.so"])
        #expect(found.files.map(\.path) == ["/p/libA.so", "/p/libB.so"])
        #expect(found.infos.count == 2)
    }

    @Test func anEmptyListHasNothingReserved() {
        var found = PluginDiscovery.Result()
        #expect(found.removeReserved().isEmpty)
        #expect(found.files.isEmpty)
    }

    @Test(arguments: [PluginOrigin.flag, .environment, .user, .bundled])
    func onlyTheBundledOriginIsBundled(_ origin: PluginOrigin) {
        #expect(origin.isBundled == (origin == .bundled))
    }
}
