import ViperRuntime

/// The tests `viper new` writes beside a new module: per layer with spies (as the
/// objc.io VIPER article tests), the module's contract suite, and a test that runs
/// the conformance kit. Paths are relative to the plugin's test folder.
enum ModuleTestTemplate {
    static let files: [(path: String, text: String)] = [
        ("__Name__InteractorTests.swift", interactorTests),
        ("__Name__PresenterTests.swift", presenterTests),
        ("__Name__ViewTests.swift", viewTests),
        ("__Name__ConformanceTests.swift", conformanceTests),
        ("__Name__InputSuite.swift", inputSuite),
        ("Spies/__Name__ViewSpy.swift", viewSpy),
        ("Spies/__Name__PresenterSpy.swift", presenterSpy),
        ("Spies/__Name__RouterSpy.swift", routerSpy),
        ("Spies/__Name__OutputSpy.swift", outputSpy),
        ("Spies/__Name__InteractorOutputSpy.swift", interactorOutputSpy),
    ]

    static let interactorTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__InteractorTests {
            /// The interactor holds its output weakly: the test keeps the spy alive.
            private func makeInteractor(now: Double = 1_767_603_600) -> (__Name__Interactor, __Name__InteractorOutputSpy) {
                let interactor = __Name__Interactor(clock: FixedClock(secondsSince1970: now))
                let output = __Name__InteractorOutputSpy()
                interactor.output = output
                return (interactor, output)
            }

            @Test func anAddedEntryIsStampedWithTheClocksTime() {
                let (interactor, output) = makeInteractor(now: 1_000)
                interactor.doAdd("Buy milk")
                #expect(output.changes.last == [__Name__Entry(text: "Buy milk", added: 1_000)])
            }

            @Test func removingANumberOutsideTheListChangesNothing() {
                let (interactor, output) = makeInteractor()
                interactor.doAdd("one")
                interactor.doRemove(at: 5)
                #expect(output.changes.last?.map(\\.text) == ["one"])
            }

            @Test func replacingKeepsTheGivenOrder() {
                let (interactor, output) = makeInteractor()
                interactor.doReplace(with: ["b", "a"])
                #expect(output.changes.last?.map(\\.text) == ["b", "a"])
            }

            @Test func finishingHandsOverTheEntries() {
                let (interactor, output) = makeInteractor()
                interactor.doReplace(with: ["a"])
                interactor.doFinish()
                #expect(output.finished.map { $0.map(\\.text) } == [["a"]])
            }
        }

        """

    static let presenterTests = """
        import Contracts
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__PresenterTests {
            /// The presenter holds its view weakly: the test keeps the spy alive.
            private struct Subject {
                let presenter: __Name__Presenter
                let view: __Name__ViewSpy
                let router: __Name__RouterSpy
            }

            private func makeSubject() -> Subject {
                let view = __Name__ViewSpy()
                let router = __Name__RouterSpy()
                let interactor = __Name__Interactor(clock: FixedClock())
                let presenter = __Name__Presenter(interactor: interactor, router: router)
                interactor.output = presenter
                presenter.view = view
                return Subject(presenter: presenter, view: view, router: router)
            }

            @Test func appearingWithNoEntriesShowsTheEmptyHint() {
                let subject = makeSubject()
                subject.presenter.didAppear()
                #expect(subject.view.models.last?.heading == "No entries")
                #expect(subject.view.models.last?.lines == [])
            }

            @Test func addingShowsTheEntry() throws {
                let subject = makeSubject()
                try subject.presenter.didAdd("  Buy milk ")
                #expect(subject.view.models.last?.lines == ["Buy milk"])
                #expect(subject.view.models.last?.heading == "1 entry")
            }

            @Test func addingBlankTextIsRejected() {
                let subject = makeSubject()
                #expect(throws: CommandError.self) { try subject.presenter.didAdd("   ") }
            }

            @Test func finishingClosesAndReportsTheEntriesThroughTheOutput() {
                let subject = makeSubject()
                let output = __Name__OutputSpy()
                subject.presenter.output = output
                subject.presenter.start(with: ["a", "b"])
                subject.presenter.didFinish()
                #expect(subject.router.closes == 1)
                #expect(output.finished == [["a", "b"]])
            }
        }

        """

    static let viewTests = """
        import Contracts
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__ViewTests {
            @Test func anEmptyModelDrawsTheHeadingAndTheEmptyHint() {
                let view = __Name__View(presenter: __Name__PresenterSpy())
                view.didUpdate(__Name__ViewModel(heading: "No entries", lines: [], emptyHint: "Nothing here"))
                let screen = SpyScreen()
                view.render(on: screen)
                #expect(screen.calls == [.heading("No entries"), .empty("Nothing here")])
            }

            @Test func removeTakesAnItemNumberFromTheList() throws {
                let presenter = __Name__PresenterSpy()
                let view = __Name__View(presenter: presenter)
                view.didUpdate(__Name__ViewModel(heading: "2 entries", lines: ["a", "b"], emptyHint: ""))
                try view.perform(CommandInvocation(name: "remove", arguments: ["2"], rest: "2"))
                #expect(presenter.removed == [2])
                #expect(throws: CommandError.self) {
                    try view.perform(CommandInvocation(name: "remove", arguments: ["3"], rest: "3"))
                }
            }

            @Test func appearingAsksThePresenterToLoad() {
                let presenter = __Name__PresenterSpy()
                __Name__View(presenter: presenter).moduleDidAppear()
                #expect(presenter.appearances == 1)
            }
        }

        """

    static let conformanceTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The checks `viper check` runs, in process: fresh builds, wiring, release
        /// after removal, declared services, commands, the empty state, and the
        /// suite of the module's own contract (passed in `suites:`).
        ///
        /// Register a contract of Contracts too (a NoteStore, a Login, ...) and its
        /// bundled suite runs by itself; give it the services it needs first:
        ///
        ///     let services = try ServiceTable.standard()
        ///     services.register(NoteStore.self, instance: MemoryNoteStore())
        ///     let report = try Conformance.check(__Name__Plugin.self, services: services, suites: [...])
        @Suite struct __Name__ConformanceTests {
            @Test func thePluginPassesTheConformanceKit() throws {
                let report = try Conformance.check(__Name__Plugin.self, suites: [__Name__InputSuite.suite])
                #expect(report.conforms, "\\(report)")
                #expect(report.result("done-reports-to-output", subject: "__Name__Input")?.passed == true)
            }
        }

        """

    static let inputSuite = """
        import Contracts
        import ConformanceKit
        @testable import __Name__Plugin

        /// What every module registered as __Name__Input promises, whoever writes it.
        enum __Name__InputSuite {
            static let suite = ContractSuite(for: __Name__Input.self, checks: [
                ModuleCheck("shows-start-entries") { harness in
                    let module = try harness.build()
                    try module.input(as: __Name__Input.self).start(with: ["first entry", "second entry"])
                    let screen = module.appear()
                    try CheckFailure.unless(screen.shows("first entry") && screen.shows("second entry"),
                                            "started with two entries, the module does not show them")
                },
                ModuleCheck("done-reports-to-output") { harness in
                    let output = __Name__OutputSpy()
                    let module = try harness.build()
                    let input = try module.input(as: __Name__Input.self)
                    input.output = output
                    input.start(with: ["only entry"])
                    module.appear()
                    try module.perform("done")
                    try CheckFailure.unless(output.finished == [["only entry"]],
                                            "after 'done' the output heard \\(output.finished), not the entries")
                    try CheckFailure.unless(module.router.calls.contains(.close), "after 'done' the module did not close")
                },
            ])
        }

        """

    static let viewSpy = """
        @testable import __Name__Plugin

        /// Records what the presenter tells the view.
        final class __Name__ViewSpy: __Name__Viewing {
            private(set) var models: [__Name__ViewModel] = []

            func didUpdate(_ model: __Name__ViewModel) {
                models.append(model)
            }
        }

        """

    static let presenterSpy = """
        @testable import __Name__Plugin

        /// Records what the view tells the presenter.
        final class __Name__PresenterSpy: __Name__EventHandling {
            private(set) var appearances = 0
            private(set) var added: [String] = []
            private(set) var removed: [Int] = []
            private(set) var finishes = 0

            func didAppear() { appearances += 1 }
            func didAdd(_ text: String) throws { added.append(text) }
            func didRemove(_ number: Int) { removed.append(number) }
            func didFinish() { finishes += 1 }
        }

        """

    static let routerSpy = """
        @testable import __Name__Plugin

        /// Records where the presenter asks to go.
        final class __Name__RouterSpy: __Name__Routing {
            private(set) var closes = 0

            func close() { closes += 1 }
        }

        """

    static let outputSpy = """
        @testable import __Name__Plugin

        /// Records what the module reports to whoever opened it.
        final class __Name__OutputSpy: __Name__Output {
            private(set) var finished: [[String]] = []

            func __name__DidFinish(with entries: [String]) {
                finished.append(entries)
            }
        }

        """

    static let interactorOutputSpy = """
        @testable import __Name__Plugin

        /// Records the results the interactor hands to its output.
        final class __Name__InteractorOutputSpy: __Name__InteractorOutput {
            private(set) var changes: [[__Name__Entry]] = []
            private(set) var finished: [[__Name__Entry]] = []

            func handleEntriesChanged(_ entries: [__Name__Entry]) { changes.append(entries) }
            func handleFinished(_ entries: [__Name__Entry]) { finished.append(entries) }
        }

        """
}
