import Foundation
import Testing
@testable import ViperCore
@testable import ViperSupervision

/// The one line a crash gets, read from a worker's status and its shared page.
@Suite struct CrashNoticeTests {
    private func makePage(plugin: String? = "plugin 'boom'", doing: String? = "running command 'boom'",
                          inCommand: Bool = true) throws -> WorkerPage {
        let page = try #require(WorkerPage.make())
        page.setDoing(plugin: plugin, doing: doing)
        if inCommand { page.beginCommand() }
        return page
    }

    /// A `waitpid` status: killed by `signal`, or exited with `code`.
    private func killed(_ signal: Int32) -> Int32 { signal }
    private func exited(_ code: Int32) -> Int32 { code << 8 }

    @Test func aTrapInACommandNamesThePluginTheCauseAndWhatWasRestored() throws {
        var notice = CrashNotice(status: killed(SIGILL), page: try makePage())
        notice.reportPath = "/data/crashes/x.txt"
        #expect(notice.line(restored: "Home › Notes › Note")
                == "plugin 'boom' crashed (SIGILL: a trap or fatal error) while running command 'boom'; it is off for this session; "
                + "restored: Home › Notes › Note; report: /data/crashes/x.txt")
    }

    @Test func anExitIsToldFromAnUnderscoreExitByWhetherExitRan() throws {
        let page = try makePage()
        #expect(CrashNotice(status: exited(0), page: page).cause == "_exit(0)")
        page.noteExitCalled()
        #expect(CrashNotice(status: exited(3), page: page).cause == "exit(3)")
        #expect(CrashNotice(status: exited(3), page: page).line(restored: nil)
                == "plugin 'boom' ended viper's worker with exit(3) while running command 'boom'")
    }

    @Test func aKillWhileWaitingNamesNoPluginAndTurnsNoneOff() throws {
        let notice = CrashNotice(status: killed(SIGKILL), page: try makePage(plugin: nil, doing: nil, inCommand: false))
        #expect(notice.plugin == nil)
        #expect(notice.line(restored: "Home", leftOut: [])
                == "viper's worker crashed (SIGKILL: killed from outside, or by the kernel) while waiting for a command; restored: Home")
    }

    @Test func modulesLeftOutAreListedAfterTheBreadcrumb() throws {
        let notice = CrashNotice(status: killed(SIGSEGV), page: try makePage())
        #expect(notice.line(restored: "Home › Notes", leftOut: ["BoomScreen of 'boom'"])
                .hasSuffix("restored: Home › Notes (left out: BoomScreen of 'boom')"))
    }

    @Test func theMarkOfAPluginNotYetNamedIsNoName() {
        #expect(CrashNotice.pluginName("plugin 'notes'") == "notes")
        #expect(CrashNotice.pluginName("the plugin at /p/libX.so") == nil)
        #expect(CrashNotice.pluginName(nil) == nil)
    }

    @Test func aFrameInASealedCopyIsNamedByThePluginsFile() {
        let images: [(base: UInt, path: String)] = [(0x7000, "/plugins/libBoom.so"), (0x9000, "/plugins/libOther.so")]
        #expect(CrashReport.named("/proc/self/fd/../fd/6(+0x40)[0x7040]", images) == "/plugins/libBoom.so(+0x40)[0x7040]")
        #expect(CrashReport.named("/usr/lib/libc.so.6(+0x10)[0x100]", images) == "/usr/lib/libc.so.6(+0x10)[0x100]")
    }
}
