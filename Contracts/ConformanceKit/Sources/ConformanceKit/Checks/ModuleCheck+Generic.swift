import Contracts

extension ModuleCheck {
    /// The checks every module must pass, in the order they run. `builds` comes
    /// first: when it fails, the others are not run for that module.
    public static var generic: [ModuleCheck] {
        [builds, inputConforms, freshInstance, wired, releasedAfterRemoval, commands, emptyState]
    }

    /// Runs last, after any ``ContractSuite``: sums up every build's asks.
    public static var closing: [ModuleCheck] {
        [declaredDependencies]
    }

    /// The builder returns a module when its declared services are available.
    public static let builds = ModuleCheck("builds") { harness in
        _ = try harness.build()
    }

    /// The module's input conforms to the contract it is registered under.
    public static let inputConforms = ModuleCheck("input-conforms") { harness in
        let module = try harness.build()
        let contract = harness.module.contract.shortName
        try CheckFailure.unless(harness.module.conforms(module.input),
            "the module's input is \(type(of: module.input)), which does not conform to \(contract); "
            + "return the object that implements \(contract) (usually the presenter) as BuiltModule's input")
    }

    /// Two builds share no object: the host builds a new module for every route.
    public static let freshInstance = ModuleCheck("fresh-instance") { harness in
        let first = try harness.build()
        let second = try harness.build()
        let firstIDs = Set(first.objects.map(ObjectIdentifier.init))
        let shared = second.objects.filter { firstIDs.contains(ObjectIdentifier($0)) }
        try CheckFailure.unless(shared.isEmpty,
            "two builds returned the same \(names(shared.map { String(describing: type(of: $0)) })); "
            + "make new objects in every build(_:) call instead of keeping them in the builder")
        withExtendedLifetime(first) {}
    }

    /// While the view is on screen, it keeps the rest of the module alive.
    public static let wired = ModuleCheck("wired") { harness in
        let (view, watched) = try buildKeepingOnlyTheView(harness)
        defer { withExtendedLifetime(view) {} }
        // `BuiltModule(view:)`: the view is the input (as documented) and the whole
        // module as far as the host can see; there is nothing else to keep alive.
        if watched.isEmpty { return }
        let dead = watched.filter { !$0.isAlive }
        try CheckFailure.unless(dead.isEmpty,
            "\(names(dead.map(\.typeName))) released while the view was still on screen: nothing in the module holds it; "
            + "let the view own the presenter and the presenter own the interactor and router (the presenter holds the view weakly)")
    }

    /// After appear, disappear and removal, view, input and parts are all released.
    public static let releasedAfterRemoval = ModuleCheck("released-after-removal") { harness in
        let watched = try runLifecycle(harness)
        let alive = watched.filter(\.isAlive)
        try CheckFailure.unless(alive.isEmpty,
            "\(names(alive.map(\.typeName))) still alive after the module was removed and released (a leak): "
            + "break the reference cycle (the presenter's view must be weak) and keep no module object in the builder or a service")
    }

    /// Declared commands have a one-word name that is not the shell's own, help, distinct names
    /// and well-formed arguments.
    public static let commands = ModuleCheck("commands") { harness in
        let module = try harness.build()
        module.appear()
        var problems: [String] = []
        var seen = Set<String>()
        for command in module.view.commands {
            let name = command.name
            if name.isEmpty || name.contains(where: \.isWhitespace) {
                problems.append("command '\(name)' must be one word")
            }
            if !seen.insert(name).inserted {
                problems.append("command '\(name)' is declared twice")
            }
            if ShellCommandNames.reserved.contains(name) {
                problems.append(ShellCommandNames.shadowed(name))
            }
            if command.help.allSatisfy(\.isWhitespace) {
                problems.append("command '\(name)' has no help")
            }
            var sawOptional = false
            for (index, argument) in command.arguments.enumerated() {
                if argument.hasSuffix("...") && index != command.arguments.count - 1 {
                    problems.append("command '\(name)': only the last argument may take the rest ('\(argument)')")
                }
                if argument.hasSuffix("?") {
                    sawOptional = true
                } else if sawOptional && !argument.hasSuffix("...") {
                    problems.append("command '\(name)': required argument '\(argument)' after an optional one")
                }
            }
        }
        try CheckFailure.unless(problems.isEmpty, problems.joined(separator: "; "))
    }

    /// A new module with no data appears and draws something, and draws no error.
    public static let emptyState = ModuleCheck("empty-state") { harness in
        let module = try harness.build()
        try CheckFailure.unless(!module.view.title.allSatisfy(\.isWhitespace),
            "the view's title is empty; give it a short title for the header")
        let screen = module.appear()
        try CheckFailure.unless(screen.errors.isEmpty,
            "with no data it draws an error ('\(screen.errors.joined(separator: "', '"))'); show screen.empty(...) with a hint instead")
        try CheckFailure.unless(!screen.calls.isEmpty,
            "with no data it draws nothing; show screen.empty(...) with a hint of what to do")
    }

    /// Every service asked for and module routed to was declared (in `requires:`, or in the
    /// builder's `Dependencies` or `ModuleRoutes`), the registration carries what the builder
    /// declares, and no route goes to a contract of the plugin's own library that nobody provides.
    public static let declaredDependencies = ModuleCheck("declared-dependencies") { harness in
        let module = try harness.build()
        module.appear()
        module.remove()
        let asked = harness.undeclared.isEmpty ? [] : ["asked for what its registration does not declare: \(harness.undeclared.joined(separator: "; "))"]
        let problems = asked + harness.drift
        try CheckFailure.unless(problems.isEmpty, problems.joined(separator: "; and "))
    }

    // MARK: Helpers

    private static func names(_ types: [String]) -> String {
        var seen = Set<String>()
        return types.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// Builds a module and returns its view; input and parts only weakly.
    private static func buildKeepingOnlyTheView(_ harness: ModuleHarness) throws -> (any ModuleView, [WeakReference]) {
        let module = try harness.build()
        let view = module.view
        let others = module.objects.filter { $0 !== (view as AnyObject) }
        return (view, others.map(WeakReference.init))
    }

    /// Builds a module, runs its lifecycle, removes it and returns weak references to all of it.
    private static func runLifecycle(_ harness: ModuleHarness) throws -> [WeakReference] {
        let module = try harness.build()
        let watched = module.objects.map(WeakReference.init)
        module.appear()
        module.view.moduleDidDisappear()
        module.appear()
        module.remove()
        return watched
    }
}
