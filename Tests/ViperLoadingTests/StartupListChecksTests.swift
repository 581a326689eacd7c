import Testing
@testable import ViperLoading

/// Checks a start makes of every file in its list, with what they read prepared once for the list
/// (a warm start's hot path): each must answer exactly as the check it stands in for.
@Suite struct StartupListChecksTests {
    @Test(arguments: StartupByteChecksTests.paths)
    func aCheckMadeOnceForAListAnswersAsTheCheckOfOneFile(_ path: String) {
        let check = ReservedNames.FileNameCheck()
        #expect(check.mayBeReserved(path) == ReservedNames.mayBeReservedFile(path), "\(path)")
        let reserved = ReservedNames.reservedFileNames.contains(Paths.lastComponent(path))
        #expect(!reserved || check.mayBeReserved(path), "a reserved name always passes to the String check: \(path)")
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
