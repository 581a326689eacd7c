import Contracts
import Foundation
import ViperCommandLine
import ViperCore
import ViperRuntime

/// The name given to `viper new`, checked, with the spellings the templates need.
struct ModuleName {
    /// As given: `Counter`, `ShoppingList`.
    let type: String
    /// lowerCamelCase for members: `counter`, `shoppingList`.
    let member: String
    /// Lower-case, for the route and the plugin's manifest name: `counter`, `shoppinglist`.
    package let route: String
    /// The module's route, what `open` takes (`--route PATH`; the lower-case name by default).
    package private(set) var path: String

    /// What a person types to open it: the route with each parameter as a placeholder in capitals
    /// (`cook/:id` is `cook/ID`), since `open` takes a value there, never the pattern.
    package var openPath: String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? $0.dropFirst().uppercased() : String($0) }
            .joined(separator: "/")
    }

    /// Names that would clash with Swift or with what every plugin imports.
    static let reserved: Set<String> = [
        "Any", "Self", "Type", "Protocol", "Contracts", "ConformanceKit",
        "Foundation", "Swift", "Testing", "Plugin",
    ]

    /// Checks `name`; the error says what is wrong and what to do.
    init(_ name: String) throws {
        guard !name.isEmpty else {
            throw UsageError("'viper new' needs a module name, e.g. 'viper new Counter'")
        }
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digits = Set("0123456789")
        guard let first = name.first, letters.contains(first), name.allSatisfy({ letters.contains($0) || digits.contains($0) }) else {
            throw UsageError(
                "'\(name)' is not a valid module name: use letters and digits only, starting with a letter (UpperCamelCase), e.g. 'viper new Counter'")
        }
        guard first.isUppercase else {
            throw UsageError(
                "'\(name)' is not a valid module name: it names Swift types, so start it with a capital letter, e.g. 'viper new \(first.uppercased() + name.dropFirst())'"
            )
        }
        guard !Self.reserved.contains(name) else {
            throw UsageError("'\(name)' is taken by Swift or viper; choose another module name")
        }
        // The route is the name in lower case, and a route may not pass for a shell command (RouteRule).
        if let command = BuiltinCommand(rawValue: name.lowercased()) {
            throw UsageError("'\(name)' would make the route '\(command.rawValue)', which is a shell command; choose another module name")
        }
        type = name
        member = first.lowercased() + name.dropFirst()
        route = name.lowercased()
        path = route
    }

    /// This name with the route `--route` gave, checked as viper checks a plugin's routes.
    func routed(_ given: String?) throws -> ModuleName {
        guard let given else { return self }
        if let problem = RouteRule.problem(with: RouteSpec(given, summary: type)) {
            throw UsageError("--route \(given): \(problem)")
        }
        var named = self
        named.path = given
        return named
    }

    /// Fills the placeholders `__Name__`, `__name__`, `__route__` (the plugin's name) and
    /// `__path__` (the module's route) in a template.
    func fill(_ template: String) -> String {
        template.replacingOccurrences(of: "__Name__", with: type)
            .replacingOccurrences(of: "__path__", with: path)
            .replacingOccurrences(of: "__name__", with: member)
            .replacingOccurrences(of: "__route__", with: route)
    }
}
