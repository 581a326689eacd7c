import Testing

/// `viper -e`: a script (`-c` or piped) stops at the first command that fails, as `sh -e`
/// does, so a due date that was refused never lets the `save` after it run.
@Suite struct ScriptStopFlowTests {
    @Test func withDashEAFailedDueStopsTheScriptBeforeSave() throws {
        let session = ViperSession()
        let result = try session.run(["-e", "-c", "open todo; add Taxes; due someday soon; save; quit"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: 'someday soon' is not a due date"))
        #expect(result.stderr.contains("error: stopped at the first failed command, 'due someday soon' (-e); the commands after it did not run"))
        let after = try session.run(["-c", "open todo"])
        #expect(Screens(after.stdout).last("Home › To do").contains { $0.contains("Taxes") } == false)
    }

    @Test func pipedWithDashETheLinesAfterAFailureAreNotRun() throws {
        let session = ViperSession()
        let result = try session.run(["-e"], input: "open todo\nadd Taxes\ndue 2026-02-30\nsave\nquit\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: stopped at the first failed command, 'due 2026-02-30' (-e); the commands after it did not run"))
        #expect(Screens(result.stdout).breadcrumbs.last == "Home › To do › Add item (modal)")
    }

    /// The script goes on, but the form remembers the refused field: `save` refuses too, so the
    /// item is never stored due today by mistake.
    @Test func withoutDashETheScriptGoesOnAndExitsOneAtTheEnd() throws {
        let session = ViperSession()
        let result = try session.run(["-c", "open todo; add Taxes; due someday soon; save; due friday; save"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("stopped at the first failed command"))
        #expect(result.stderr.contains("error: not saved: 'due someday soon' was refused; type 'due' again with a value it takes (or 'cancel'), then 'save'"))
        #expect(Screens(result.stdout).last("Home › To do").contains("  1. Taxes (Friday)"))
    }
}
