/// The tests `viper new module NAME --contract LIBRARY.PROTOCOL` writes: the module tested
/// through the library's protocol (its input is that protocol; each settable property of a
/// plain type keeps what is set; the output set is the one it holds), the presenter's 'done',
/// and the conformance kit run with that suite. Paths as ``BlankModuleTestTemplate``'s.
extension LibraryModuleTemplate {
    var testFiles: [(path: String, text: String)] {
        var files: [(path: String, text: String)] = [
            ("__Name__PresenterTests.swift", presenterTests),
            ("__Name__ConformanceTests.swift", conformanceTests),
            ("__Name__ContractSuite.swift", suite),
            ("Spies/__Name__ViewSpy.swift", BlankModuleTestTemplate.viewSpy),
            ("Spies/__Name__RouterSpy.swift", BlankModuleTestTemplate.routerSpy),
        ]
        if let outputSpy { files.append(("Spies/__Name__OutputSpy.swift", outputSpy)) }
        return files
    }

    /// The name of the suite's first check, which the conformance test expects to pass.
    var inputCheck: String { "input-is-\(contract.name)" }

    var presenterTests: String {
        """
        import Testing
        @testable import __Name__Plugin

        /// The interactor every test of the module drives: once it takes a service, give it a test
        /// double here, in this one place.
        func make__Name__Interactor() -> __Name__Interactor {
            __Name__Interactor()
        }

        @Suite struct __Name__PresenterTests {
            /// The presenter holds its view weakly: the test keeps the spies alive.
            private struct Subject {
                let presenter: __Name__Presenter
                let view: __Name__ViewSpy
                let router: __Name__RouterSpy
            }

            private func makeSubject() -> Subject {
                let (view, router) = (__Name__ViewSpy(), __Name__RouterSpy())
                let interactor = make__Name__Interactor()
                let presenter = __Name__Presenter(interactor: interactor, router: router)
                interactor.output = presenter
                presenter.view = view
                return Subject(presenter: presenter, view: view, router: router)
            }

            @Test func appearingShowsWhatTheInteractorLoaded() {
                let subject = makeSubject()
                subject.presenter.didAppear()
                #expect(subject.view.models.last?.heading == "__Name__")
            }

            @Test func finishingClosesTheModule() {
                let subject = makeSubject()
                subject.presenter.didFinish()
                #expect(subject.router.closes == 1)
            }
        }

        """
    }

    var conformanceTests: String {
        """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The checks `viper check` runs, in process, with the suite of \(qualified) written for
        /// this module (the library's own suite runs in `viper check`, beside the library).
        @Suite struct __Name__ConformanceTests {
            @Test func thePluginKeepsTheConformanceKitAndTheContractsSuite() throws {
                let report = try Conformance.check(__Name__Plugin.self, suites: [__Name__ContractSuite.suite])
                #expect(report.conforms, "\\(report)")
                #expect(report.result("\(inputCheck)", subject: "\(contract.name)")?.passed == true)
            }
        }

        """
    }

    var suite: String {
        var checks = [
            """
                    ModuleCheck("\(inputCheck)") { harness in
                        _ = try harness.build().input(as: \(contract.name).self)
                    },
            """
        ]
        for property in Self.properties(of: contract) where property.settable {
            guard let sample = Self.sample(of: property.type) else { continue }
            checks.append(
                """
                        ModuleCheck("\(property.name)-keeps-what-is-set") { harness in
                            let input = try harness.build().input(as: \(contract.name).self)
                            input.\(property.name) = \(sample)
                            try CheckFailure.unless(input.\(property.name) == \(sample), expected: "\(property.name) to keep \(sample.replacingOccurrences(of: "\"", with: "'"))",
                                                    happened: "it is '\\(input.\(property.name))'", fix: "keep what is set in \(property.name)")
                        },
                """)
        }
        if outputSpy != nil, contract.requirements.contains(where: { if case .property("output", _, true) = $0 { true } else { false } }) {
            checks.append(
                """
                        ModuleCheck("output-is-the-one-set") { harness in
                            let output = __Name__OutputSpy()
                            let input = try harness.build().input(as: \(contract.name).self)
                            input.output = output
                            try CheckFailure.unless(input.output === output, "output is not the one set")
                        },
                """)
        }
        return """
            import Contracts
            import ConformanceKit
            \(importingLibrary)
            @testable import __Name__Plugin

            /// What \(qualified) promises, checked on this module through the protocol only. Add a check
            /// for each promise its documentation makes; the library's own suite runs in `viper check`.
            enum __Name__ContractSuite {
                static let suite = ContractSuite(for: \(contract.name).self, checks: [
            \(checks.joined(separator: "\n"))
                ])
            }

            """
    }

    /// A spy of the output protocol, when the library declares it and the reader read it all.
    var outputSpy: String? {
        guard let output, output.unread.isEmpty else { return nil }
        let members = output.requirements.map { requirement -> String in
            switch requirement {
            case .method(let name, let signature, let result):
                let value = result.map { Self.firstValue(of: $0) ?? "<#\($0)#>" }
                return "    func \(signature) {\n        calls.append(\"\(name)\")\(value.map { "\n        return \($0)" } ?? "")\n    }\n"
            default:
                return member(requirement, of: output, weakOutput: false)
            }
        }
        return """
            \(importingLibrary)
            @testable import __Name__Plugin

            /// Records what the module tells its \(library).\(output.name), by requirement name.
            final class __Name__OutputSpy: \(output.name) {
                private(set) var calls: [String] = []

            \(members.joined(separator: "\n"))}

            """
    }
}
