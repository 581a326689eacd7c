import Contracts

/// The rules every route, open and embed keeps (who may navigate, and from where), and how a
/// failure to build or route is said in one line.
extension NavigationStack {
    // MARK: Rules

    /// Refuses navigation from a module that is being built, gone, or below a presented module.
    func checkCanNavigate(from source: Int?, verb: String, target: String) throws {
        guard let source else { return }
        if let label = building[source] {
            throw NavigationError(.refused, "\(label) cannot \(verb) \(target) while it is being built; navigate when it appears or from a command")
        }
        guard let entry = find(source), let layer = layer(of: entry) else {
            throw NavigationError(.refused, "a module that is no longer on the stack tried to \(verb) \(target); stop work in moduleWillBeRemoved")
        }
        if layer != layerCount - 1, let presented {
            throw NavigationError(
                .refused, "\(entry.title) cannot \(verb) \(target) while \(presented.title) is presented above it; close \(presented.title) first")
        }
    }

    func requester(_ source: Int?) -> String {
        guard let source else { return "the shell" }
        if let label = building[source] { return label }
        return find(source).map { ModuleEntry.label($0.registration) } ?? "a removed module"
    }

    func report(_ failure: NavigationError) {
        logger?.log(.warning, failure.message, source: "router")
        onRouteError?(failure)
        tellObservers(failure)
    }

    static func verb(_ transition: Transition) -> String {
        switch transition {
        case .push: return "push"
        case .present: return "present"
        case .replaceRoot: return "replace the root with"
        @unknown default: return "open"
        }
    }

    /// Any error as a ``NavigationError``: navigation errors pass through, others become build failures.
    package static func navigationError(_ error: any Error) -> NavigationError {
        if let error = error as? NavigationError { return error }
        return NavigationError(.buildFailed, oneLine(error))
    }

    /// A builder's error on one line. A ``CommandError`` or ``NavigationError`` is meant
    /// for the user and shown as it is; any other error is the plugin's bug, so the line
    /// names the plugin and the module whose builder threw it.
    package static func builderFailure(_ error: any Error, _ registration: ModuleRegistration) -> String {
        if error is CommandError || error is NavigationError { return oneLine(error) }
        let module = registration.contract.shortName + (registration.name.map { "[\($0)]" } ?? "")
        return "the builder of module \(module) in plugin '\(registration.plugin)' threw: \(oneLine(error)); fix that plugin or report it to its author"
    }

    /// An error's message on one line.
    package static func oneLine(_ error: any Error) -> String {
        let text: String
        switch error {
        case let error as CommandError: text = error.message
        case let error as NavigationError: text = error.message
        default: text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
