import Contracts
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

@Suite struct ShellTests {
    /// The header's rule: `count` box-drawing dashes (the plain header is 60 columns wide).
    private func rule(_ count: Int) -> String {
        String(repeating: "─", count: count)
    }

    @Test func aCommandRedrawsTheScreenUnderItsBreadcrumb() {
        let fake = FakeShell()
        #expect(fake.run("open items/1") == .succeeded)
        #expect(fake.output.shown == """
            ── Home › Detail \(rule(60 - 4 - 13))
            This is Detail.

            Commands: back, help

            """)
    }

    @Test func aFailedCommandPrintsOneErrorLineAndDoesNotRedraw() {
        let fake = FakeShell()
        fake.run("open list")
        fake.output.clear()
        #expect(fake.run("open nowhere") == .failed)
        #expect(fake.output.errors == ["no route matches 'nowhere'; 'routes' lists them all"])
        #expect(fake.output.shown.isEmpty)
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(fake.shell.failures == 1)
    }

    @Test func anUnknownCommandSuggestsTheNearestOne() {
        let fake = FakeShell()
        fake.run("bakc")
        fake.run("xyzzy")
        #expect(fake.output.errors == [
            "unknown command 'bakc'; did you mean 'back'?",
            "unknown command 'xyzzy'; type 'help' for the commands",
        ])
    }

    @Test func aWordFromAnotherToolNamesTheCommandThatDoesItWithItsUsage() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("find", arguments: ["WORDS..."], help: "Only matching items")] }
        fake.run("open list", "grep milk")
        #expect(fake.output.errors == ["unknown command 'grep'; here it is 'find': find WORDS... (Only matching items)"])
    }

    @Test func aCommandOfTheModuleBelowSaysHowToGetBackToIt() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("pick", arguments: ["N"], help: "Pick item N")] }
        fake.run("open list", "open items/1")
        #expect(fake.run("pick 2") == .failed)
        #expect(fake.output.errors == ["'pick' is a command of List, below this screen; type 'back', then 'pick N'"])
    }

    @Test func typingARoutePathAsACommandSuggestsOpeningIt() {
        let fake = FakeShell()
        fake.run("list")
        #expect(fake.output.errors == ["unknown command 'list'; did you mean 'open list'?"])
    }

    @Test func aLineThatCarriesASecretIsKeptOutOfHistory() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in
            view.commands = [
                CommandSpec("signin", arguments: ["NAME", "PASSWORD"], help: "Sign in", keepsOutOfHistory: true),
                CommandSpec("pick", arguments: ["N"], help: "Pick item N"),
            ]
        }
        fake.run("open list")
        #expect(fake.shell.keepsOutOfHistory("signin ada hunter2"))
        #expect(fake.shell.keepsOutOfHistory("  signin 'ada lovelace' hunter2 "))
        #expect(!fake.shell.keepsOutOfHistory("pick 1"))
        #expect(!fake.shell.keepsOutOfHistory("where"))
    }

    @Test func argumentsAreCheckedAgainstTheCommandSpec() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("pick", arguments: ["N"], help: "Pick item N")] }
        fake.run("open list")
        fake.run("pick")
        fake.run("pick 1 2")
        fake.run("open")
        fake.run("back now")
        #expect(fake.output.errors == [
            "'pick' needs N; usage: pick N",
            "'pick' takes 1 argument, got 2; usage: pick N (quote a value that has spaces)",
            "'open' needs PATH; usage: open PATH",
            "'back' takes no arguments, got 1; usage: back",
        ])
        #expect(fake.app.journal.events.filter { $0.contains("perform") }.isEmpty)
    }

    @Test func aModuleCommandReachesTheViewWithItsArguments() {
        let fake = FakeShell()
        fake.app.list.wire = { presenter, view, _ in
            view.commands = [CommandSpec("add", arguments: ["TITLE..."], help: "Add an item")]
            view.onPerform = { presenter.receive($0.rest) }
        }
        fake.run("open list")
        fake.output.clear()
        #expect(fake.run(#"add "Buy milk" today"#) == .succeeded)
        #expect(fake.output.shown.contains("  1. \"Buy milk\" today"))
    }

    @Test func aCommandErrorFromTheModuleIsOneLineAndTheSessionGoesOn() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in
            view.commands = [CommandSpec("edit", arguments: ["N"], help: "Edit item N")]
            view.onPerform = { _ in throw CommandError("no item 9;\nchoose 1 to 2") }
        }
        fake.run("open list")
        #expect(fake.run("edit 9") == .failed)
        #expect(fake.output.errors == ["no item 9; choose 1 to 2"])
        #expect(fake.run("where") == .succeeded)
    }

    @Test func commandsOfAnEmbeddedChildWorkFromItsParent() {
        let fake = FakeShell()
        fake.app.badge.wire = { presenter, view, _ in
            view.commands = [CommandSpec("refresh", help: "Refresh the badge")]
            view.onPerform = { _ in presenter.receive("refreshed") }
        }
        fake.app.list.wire = { _, view, context in view.children.append(try context.router.embed(BadgeContract.self)) }
        fake.run("open list")
        fake.output.clear()
        #expect(fake.run("refresh") == .succeeded)
        #expect(fake.output.shown.contains("""
              ┌ Badge
              │ This is Badge.
              │   1. refreshed
              └
            """))
        #expect(fake.output.shown.contains("Commands: refresh, back, help"))
    }

    @Test func aModuleMayHandleCloseItselfButNotQuit() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in
            view.commands = [CommandSpec("close", help: "Save, then close"), CommandSpec("quit", help: "Never reached")]
        }
        fake.run("open list")
        #expect(fake.run("close") == .succeeded)
        #expect(fake.app.journal.events.contains("List: perform close"))
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(fake.run("quit") == .quit)
        #expect(!fake.app.journal.events.contains("List: perform quit"))
    }

    @Test func closeAndDismissWorkOnAModuleThatDoesNotDeclareThem() throws {
        let fake = FakeShell()
        let list = try fake.app.openList()
        try list.router.present(PickerContract.self)
        #expect(fake.run("close") == .succeeded)
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(fake.run("dismiss") == .failed)
        #expect(fake.output.errors == ["nothing is presented; 'back' returns to the previous module"])
    }

    @Test func aPresentedModuleIsMarkedInTheHeaderAndOffersClose() throws {
        let fake = FakeShell()
        let list = try fake.app.openList()
        try list.router.present(PickerContract.self)
        fake.shell.drawCurrentScreen()
        #expect(fake.output.shown.hasPrefix("── Home › List › Picker (modal) ─────"))
        #expect(fake.output.shown.contains("Commands: close, help"))
    }

    @Test func helpListsTheShellsAndTheModulesCommands() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("pick", arguments: ["N"], help: "Pick item N")] }
        fake.run("open list", "help")
        #expect(fake.output.shown.hasSuffix("""

            Shell commands
              open PATH        Open a route on top of the module on screen, e.g. 'open hello?name=Ada'
              present PATH     Open a route modally: what is below waits until it is closed
              root PATH        Open a route in place of every open module
              back             Go back to the previous module ('back!' drops unsaved work without asking)
              close            Close the module on screen (dismiss it when it was presented)
              dismiss          Dismiss the presented module and what was opened inside it
              home             Close every module and show the routes
              where            Show where you are: the breadcrumb of open modules
              routes           List every route with its contract and plugin
              graph            Show the contract graph around the module on screen (all of it at home)
              plugins          List this session's plugins: status, what each provides and requires, and the version serving
              doctor           Check this session's plugin graph: each problem once, and what reloads changed
              profile [json]   What each plugin cost this session: scan, load and why, builders, commands, drawing, memory
              reload           Scan the plugin folders again: use new and changed plugins, withdraw removed ones
              help [COMMAND]   List the commands, or explain one
              quit             Leave viper (also 'exit', or Ctrl-D; 'quit!' drops unsaved work without asking)

            List commands
              pick N   Pick item N

            """))
    }

    @Test func helpForOneCommandNamesItsModule() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("pick", arguments: ["N"], help: "Pick item N")] }
        fake.run("open list")
        fake.output.clear()
        fake.run("help pick", "help bak")
        #expect(fake.output.shown == "\npick N\n  Pick item N (a command of List)\n")
        #expect(fake.output.errors == ["no command 'bak'; did you mean 'back'? 'help' lists them"])
    }

    @Test func whereAndRoutesDescribeTheStackAndTheRoutes() {
        let fake = FakeShell()
        fake.run("open list", "open items/3")
        fake.output.clear()
        fake.run("where", "routes")
        #expect(fake.output.shown == """
            Home › List › Detail

            Routes
              items/:id [?mode=…]   One item
                                    ViperCoreTestSupport.DetailContract from plugin fake
              list                  All items
                                    ViperCoreTestSupport.ListContract from plugin fake

            """)
    }

    @Test func theHomeScreenListsTheRoutes() {
        let fake = FakeShell()
        fake.shell.drawCurrentScreen()
        #expect(fake.output.shown == """
            ── Home \(rule(60 - 4 - 4))
            1 plugin ready. Type 'open PATH' to open a route, 'help' for every command.

            Routes
              items/:id [?mode=…]   One item
              list                  All items

            Commands: open PATH, routes, help, quit

            """)
    }

    @Test func blankLinesAndCommentsDoNothing() {
        let fake = FakeShell()
        #expect(fake.run("   ") == .succeeded)
        #expect(fake.run("# a comment") == .succeeded)
        #expect(fake.output.shown.isEmpty && fake.output.errors.isEmpty)
    }

    @Test func tabOffersCommandsPathsAndHelpTopics() {
        let fake = FakeShell()
        #expect(fake.shell.completions(before: "", word: "h") == ["help", "home"])
        #expect(fake.shell.completions(before: "open ", word: "") == ["items/", "list"])
        #expect(fake.shell.completions(before: "open ", word: "it") == ["items/"])
        #expect(fake.shell.completions(before: "help ", word: "ro") == ["root", "routes"])
        #expect(fake.shell.completions(before: "present ", word: "it") == ["items/"])
        #expect(fake.shell.completions(before: "root ", word: "") == ["items/", "list"])
        #expect(fake.shell.completions(before: "back ", word: "") == [])
    }

    @Test func tabOffersTheCommandsOfTheModuleOnScreen() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("pick", arguments: ["N"], help: "Pick item N")] }
        fake.run("open list")
        #expect(fake.shell.completions(before: "", word: "p") == ["pick", "plugins", "present", "profile"])
    }

    @Test func thePromptNamesTheModuleOnScreen() {
        let fake = FakeShell()
        #expect(fake.shell.prompt == "viper> ")
        fake.run("open list")
        #expect(fake.shell.prompt == "List> ")
    }

    @Test func removedModulesAreCheckedForLeaksAfterEachCommand() {
        let fake = FakeShell()
        fake.app.detail.wire = { presenter, view, _ in presenter.retainedView = view }
        fake.run("open items/1", "back")
        #expect(fake.app.stack.leaks.map(\.module) == ["Detail (DetailContract from fake)"])
        fake.app.detail.lastPresenter?.retainedView = nil
    }

    @Test func finishingTheSessionRemovesEveryModule() {
        let fake = FakeShell()
        fake.run("open list", "open items/1")
        fake.app.journal.clear()
        fake.shell.finish()
        #expect(fake.app.journal.events == ["Detail: removed", "List: removed"])
        #expect(fake.app.stack.leaks.isEmpty)
    }
}
