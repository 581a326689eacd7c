import Contracts

/// Building modules and putting them on the stack: by contract (a module's
/// router), by shell path (`open`), and as embedded children.
extension NavigationStack {
    /// Routes by contract from the module `source` (nil: the shell). Applies the
    /// request's `prepare` before the module appears and calls `completion` once it
    /// is on screen; on failure calls `failure`, then the global handler, then throws.
    /// Returns the id of the module it put on the stack.
    @discardableResult
    package func route<Input>(_ request: RouteRequest<Input>, from source: Int?) throws -> Int {
        let target = ContractID(request.contract)
        do {
            try checkCanNavigate(from: source, verb: Self.verb(request.transition), target: target.shortName)
            if let redirect = try intercept(target, name: request.name, path: nil, requester: requester(source)) {
                do { return try open(path: redirect, as: request.transition, from: source, intercepting: false) } catch let error as NavigationError {
                    throw RedirectFailure(error: error)
                }
            }
            try checkConfiguration(request.configuration, of: target)
            let entry = try build(
                request.contract, name: request.name, placement: .pushed, requester: requester(source),
                configuration: request.configuration)
            let input: Input
            do {
                input = try adapt(entry.module.input, of: entry.registration, entry.adapters, to: request.contract)
                try applyPrepare(request.prepare, input, label: ModuleEntry.label(entry.registration))
            } catch {
                retire(entry.module)
                throw error
            }
            show(entry.module, request.transition)
            request.completion?(input)
            return entry.module.id
        } catch {
            let failure = (error as? RedirectFailure)?.error ?? Self.navigationError(error)
            request.failure?(failure)
            if !(error is RedirectFailure) { report(failure) }
            throw failure
        }
    }

    /// Opens a shell path from the module `source` (nil: the shell): pushes it, presents
    /// it, or puts it in place of every module (`transition`). Replacing the root from
    /// the shell follows `home`'s rules: refused while a module is presented, and the
    /// modules it removes are asked what would be lost (`confirm`) and told afterwards.
    /// Returns the id of the module it put on screen (a redirected route's handle is that module's).
    @discardableResult
    package func open(
        path: String, as transition: Transition = .push, from source: Int? = nil,
        confirm: RemovalConfirmation = NavigationStack.dropUnsaved, intercepting: Bool = true
    ) throws -> Int {
        var path = path.trimmingWhitespace()
        do {
            var match: RouteMatcher<RouteEntry>.Match
            do {
                match = try routeMatcher.match(path)
            } catch let error as NavigationError where error.code == .noRoute {
                // A route of a disabled plugin: say why it is not there instead of "no route".
                let unavailable = registry.unavailableRouteEntries
                let matcher = RouteMatcher(unavailable.map { RouteMatcher.Route(spec: $0.route.spec, target: $0.reason) })
                guard let reason = try? matcher.match(path).route.target else { throw error }
                throw NavigationError(.notRegistered, "cannot open '\(path)': \(reason)")
            }
            try checkCanNavigate(from: source, verb: transition == .push ? "open" : Self.verb(transition), target: "'\(path)'")
            if intercepting, let redirect = try intercept(match.route.target.contract, name: match.route.target.name, path: path, requester: requester(source))
            {
                (path, match) = (redirect, try routeMatcher.match(redirect))
            }
            let route = match.route.target
            guard let registration = registry.moduleRegistration(contract: route.contract, name: route.name) else {
                let error = registry.notRegistered(route.contract, name: route.name, requester: requester(source), detail: "")
                throw NavigationError(.notRegistered, "cannot open '\(path)': \(error.description)")
            }
            if source == nil, transition == .replaceRoot, let presented {
                throw NavigationError(
                    .refused, "cannot replace every module while \(presented.title) is presented; finish it, or type 'close' to dismiss it first")
            }
            let entry = try build(
                registration, parameters: match.parameters, path: path, placement: .pushed,
                appearsAtOnce: appearsAtOnce(registration.plugin, transition))
            guard source == nil, transition == .replaceRoot, let bottom = entries.first else {
                show(entry, transition)
                return entry.id
            }
            do {
                try confirmRemoval(of: bottom, command: "root", confirm: confirm)
            } catch {
                retire(entry)
                throw error
            }
            let told = removalHandlers(from: bottom)
            show(entry, transition)
            tellRemovedByUser(told)
            return entry.id
        } catch {
            let failure = Self.navigationError(error)
            report(failure)
            throw failure
        }
    }

    /// Builds a child module inside the module `parentID` (on the stack, or being built).
    package func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?, from parentID: Int) throws -> any ModuleView {
        do {
            let parent = find(parentID)
            guard parent != nil || building[parentID] != nil else {
                throw NavigationError(
                    .refused, "a module that is no longer on the stack tried to embed \(ContractID(contract).shortName); embed while the module is shown")
            }
            let child = try build(contract, name: name, placement: .embedded, requester: requester(parentID))
            do {
                let input = try adapt(child.module.input, of: child.registration, child.adapters, to: contract)
                try applyPrepare(prepare, input, label: ModuleEntry.label(child.registration))
            } catch {
                retire(child.module)
                throw error
            }
            if let parent {
                child.module.parent = parent
                parent.children.append(child.module)
                track(child.module)
                if parent.isVisible { appear(child.module) }
            } else {
                pendingChildren[parentID, default: []].append(child.module)
            }
            return child.module.view
        } catch {
            let failure = Self.navigationError(error)
            report(failure)
            throw failure
        }
    }

    // MARK: Building

    private struct Built {
        let module: ModuleEntry
        package let registration: ModuleRegistration
        /// The adapters from the asked contract to the registration's (``ServingPath``), asked contract first.
        let adapters: [AdapterRegistration]
    }

    /// Finds the registration for a contract (through a chain of adapters if needed) and builds it.
    private func build(
        _ contract: Any.Type, name: String?, placement: ModuleEntry.Placement, requester: String,
        configuration: (any ModuleConfiguration)? = nil
    ) throws -> Built {
        let registration: ModuleRegistration, adapters: [AdapterRegistration]
        do {
            (registration, adapters) = try registry.servingModule(for: contract, name: name, requester: requester)
        } catch {
            throw NavigationError(.notRegistered, "\(error)")
        }
        let module = try build(
            registration, parameters: RouteParameters(), path: nil, placement: placement,
            configuration: configuration)
        return Built(module: module, registration: registration, adapters: adapters)
    }

    /// Runs a registration's builder with a fresh context and router, and checks the
    /// input conforms to the contract. Children it embeds while building join it.
    package func build(
        _ registration: ModuleRegistration, parameters: RouteParameters, path: String?,
        placement: ModuleEntry.Placement, configuration: (any ModuleConfiguration)? = nil, appearsAtOnce: Bool = false
    ) throws -> ModuleEntry {
        let id = nextID
        nextID += 1
        let label = label(of: registration)
        let router = HostRouter(stack: self, entryID: id, owner: label)
        let context = HostModuleContext(
            resolver: registry.resolver(for: label), router: router, parameters: parameters,
            configuration: configuration)
        context.appearsAtOnce = appearsAtOnce
        building[id] = label
        defer { building[id] = nil }
        let built: BuiltModule
        let started = phaseTimer?.now()
        defer { phaseTimer?.add(.build, since: started) }
        let tally = registry.profile.tally(for: registration.plugin)
        do {
            built = try tally.measure(.build) {
                try PluginExitGuard.run(registration.viewMarks.building) {
                    try registration.builder.build(context)
                }
            }
        } catch {
            (pendingChildren.removeValue(forKey: id) ?? []).forEach(retire)
            let opened = path.map { "'\($0)'" } ?? label
            throw NavigationError(.buildFailed, "cannot open \(opened): \(Self.builderFailure(error, registration))")
        }
        let entry = ModuleEntry(
            id: id, registration: registration, built: built, router: router,
            parameters: parameters, path: path, placement: placement)
        entry.label = label
        entry.tally = tally
        entry.children = pendingChildren.removeValue(forKey: id) ?? []
        entry.children.forEach { $0.parent = entry }
        guard registration.conforms(entry.input) else {
            retire(entry)
            throw NavigationError(
                .typeMismatch,
                "\(label) built a module whose input (\(type(of: entry.input))) does not conform to \(registration.contract.name); fix plugin \(registration.plugin)"
            )
        }
        return entry
    }

    /// Whether a module of `plugin` shown with `transition` right after its build is told it
    /// appeared before anything else of that plugin is called: a push or presentation whose
    /// covered module (and what it embeds) is another plugin's. A replacement retires modules first.
    func appearsAtOnce(_ plugin: String, _ transition: Transition) -> Bool {
        guard transition == .push || transition == .present else { return false }
        func involves(_ entry: ModuleEntry) -> Bool {
            entry.registration.plugin == plugin || entry.children.contains(where: involves)
        }
        return top.map { !involves($0) } ?? true
    }

    /// The module's input as `Input`, converted by the adapters when the contract is served through them
    /// (the last adapter of the chain first: it adapts from the registration's contract).
    private func adapt<Input>(
        _ object: AnyObject, of registration: ModuleRegistration, _ adapters: [AdapterRegistration],
        to contract: Input.Type
    ) throws -> Input {
        let wanted = ContractID(contract)
        var value: Any = object
        for adapter in adapters.reversed() {
            let adapted: Any?
            do {
                adapted = try adapter.adapt(value)
            } catch {
                throw NavigationError(
                    .typeMismatch,
                    "the adapter from \(adapter.providedContract.shortName) to \(adapter.requiredContract.shortName) (plugin \(adapter.plugin)) failed: \(Self.oneLine(error))"
                )
            }
            guard let adapted else {
                throw NavigationError(
                    .typeMismatch,
                    "the adapter from \(adapter.providedContract.shortName) to \(adapter.requiredContract.shortName) (plugin \(adapter.plugin)) produced nothing (the module's input is not a \(adapter.providedContract.shortName))"
                )
            }
            value = adapted
        }
        guard let input = value as? Input else {
            if let adapter = adapters.first {
                throw NavigationError(
                    .typeMismatch,
                    "the adapter from \(adapter.providedContract.shortName) to \(wanted.shortName) (plugin \(adapter.plugin)) produced \(type(of: value)), not a \(wanted.name)"
                )
            }
            throw NavigationError(
                .typeMismatch,
                "\(ModuleEntry.label(registration)) built a module whose input (\(type(of: object))) is not a \(wanted.name); fix plugin \(registration.plugin)"
            )
        }
        return input
    }

    private func applyPrepare<Input>(_ prepare: ((Input) throws -> Void)?, _ input: Input, label: String) throws {
        do {
            try prepare?(input)
        } catch {
            throw NavigationError(.prepareFailed, "cannot open \(label): \(Self.oneLine(error))")
        }
    }
}
