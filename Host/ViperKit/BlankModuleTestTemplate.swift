/// The tests `viper new --blank` writes: they test the module's own contract (its input, its
/// output and 'done'), not a demo, so they stay true while the author builds the feature and
/// grow with it. Paths are relative to the plugin's test folder, as ``ModuleTestTemplate``'s.
enum BlankModuleTestTemplate {
    static let files: [(path: String, text: String)] = [
        ("__Name__PresenterTests.swift", presenterTests),
        ("__Name__ConformanceTests.swift", conformanceTests),
        ("__Name__InputSuite.swift", inputSuite),
        ("Spies/__Name__ViewSpy.swift", viewSpy),
        ("Spies/__Name__RouterSpy.swift", routerSpy),
        ("Spies/__Name__OutputSpy.swift", outputSpy),
    ]

    static let presenterTests = """
        import Testing
        @testable import __Name__Plugin

        /// The interactor every test of the module drives: once it takes a service, give it a test
        /// double here, in this one place.
        func make__Name__Interactor() -> __Name__Interactor {
            __Name__Interactor()
        }

        @Suite struct __Name__PresenterTests {
            /// The presenter holds its view and output weakly: the test keeps the spies alive.
            private struct Subject {
                let presenter: __Name__Presenter
                let view: __Name__ViewSpy
                let router: __Name__RouterSpy
                let output: __Name__OutputSpy
            }

            private func makeSubject() -> Subject {
                let (view, router, output) = (__Name__ViewSpy(), __Name__RouterSpy(), __Name__OutputSpy())
                let interactor = make__Name__Interactor()
                let presenter = __Name__Presenter(interactor: interactor, router: router)
                interactor.output = presenter
                presenter.view = view
                presenter.output = output
                return Subject(presenter: presenter, view: view, router: router, output: output)
            }

            @Test func appearingShowsWhatTheInteractorLoaded() {
                let subject = makeSubject()
                subject.presenter.didAppear()
                #expect(subject.view.models.last?.heading == "__Name__")
            }

            @Test func finishingClosesTheModuleThenTellsTheOutput() {
                let subject = makeSubject()
                subject.presenter.didFinish()
                #expect(subject.router.closes == 1)
                #expect(subject.output.finishes == 1)
            }
        }

        """

    static let conformanceTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The checks `viper check` runs, in process, with the suite of the module's own contract.
        @Suite struct __Name__ConformanceTests {
            @Test func thePluginKeepsTheConformanceKitAndItsContractsSuite() throws {
                let report = try Conformance.check(__Name__Plugin.self, suites: [__Name__InputSuite.suite])
                #expect(report.conforms, "\\(report)")
                #expect(report.result("done-closes-and-tells-the-output", subject: "__Name__Input")?.passed == true)
            }
        }

        """

    static let inputSuite = """
        import Contracts
        import ConformanceKit
        @testable import __Name__Plugin

        /// What every module registered as __Name__Input promises, whoever writes it. Add a check
        /// for each promise the contract makes.
        enum __Name__InputSuite {
            static let suite = ContractSuite(for: __Name__Input.self, checks: [
                ModuleCheck("done-closes-and-tells-the-output") { harness in
                    let output = __Name__OutputSpy()
                    let module = try harness.build()
                    let input = try module.input(as: __Name__Input.self)
                    input.output = output
                    module.appear()
                    try module.perform("done")
                    try CheckFailure.unless(module.router.calls.contains(.close), "after 'done' the module did not close")
                    try CheckFailure.unless(output.finishes == 1, "after 'done' the output heard \\(output.finishes) finishes, not 1")
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
            private(set) var finishes = 0

            func __name__DidFinish() {
                finishes += 1
            }
        }

        """
}
