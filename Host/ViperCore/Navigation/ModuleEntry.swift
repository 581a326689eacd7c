import Contracts

/// One module the host holds: on the stack, or embedded in a module on the stack.
/// Holds what the builder returned; the stack releases the entry when the module
/// is removed, and the leak tracker then checks that its objects went with it.
package final class ModuleEntry {
    /// How the module came on screen.
    package enum Placement {
        /// Pushed: `back` returns from it.
        case pushed
        /// Presented: the first module of a modal layer.
        case presented
        /// Drawn inside its parent's view; removed with the parent.
        case embedded
    }

    package let id: Int
    package let registration: ModuleRegistration
    package let view: any ModuleView
    /// The built module's input (the view when the builder gave none).
    package let input: AnyObject
    package let parts: [AnyObject]
    /// The router the module got in its context (the module owns it too).
    package let router: HostRouter
    package let parameters: RouteParameters
    /// The shell path that opened it, if any.
    package let path: String?
    package var placement: Placement
    /// Its index in ``NavigationStack/entries`` while it is on the stack (set when placed).
    package var stackIndex = -1
    /// Embedded child modules, drawn inside this one and removed with it.
    package var children: [ModuleEntry] = []
    package weak var parent: ModuleEntry?
    /// Whether the module has been told it appeared and not since that it disappeared.
    package var isVisible = false
    /// Its plugin's tally, which its drawing adds to (set by the stack when it builds the module).
    package var tally: PluginTally?

    package init(
        id: Int, registration: ModuleRegistration, built: BuiltModule, router: HostRouter,
        parameters: RouteParameters, path: String?, placement: Placement
    ) {
        self.id = id
        self.registration = registration
        self.view = built.view
        self.input = built.input ?? built.view
        self.parts = built.parts
        self.router = router
        self.parameters = parameters
        self.path = path
        self.placement = placement
    }

    /// ``label(_:)`` of its registration, made once (lifecycle calls name it in their exit guard).
    package lazy var label = ModuleEntry.label(registration)
    /// The marks of its drawing, title and command list (``ModuleEntry/marked(_:_:)``): its
    /// registration's, made once for every module built from it.
    var marks: ModuleMarks { registration.viewMarks }
    /// The view as a ``RestorableModule``, or nil when it keeps no unsaved work: asked once, since a
    /// supervised session asks after every command. A cast to a protocol looks the conformance up
    /// in the runtime's tables, so a view type found not to keep work is noted on the registration
    /// and its next modules skip the cast.
    package lazy var restorable: (any RestorableModule)? = {
        let viewType = ObjectIdentifier(type(of: view))
        if registration.viewTypeKeepingNoWork == viewType { return nil }
        guard let module = view as? any RestorableModule else {
            registration.viewTypeKeepingNoWork = viewType
            return nil
        }
        return module
    }()

    /// The title the view shows.
    package var title: String { view.title }

    /// The outermost entry this one is embedded in (itself when not embedded).
    package var stackEntry: ModuleEntry {
        var entry = self
        while let parent = entry.parent { entry = parent }
        return entry
    }

    /// This entry and its embedded children, depth first.
    package var tree: [ModuleEntry] {
        [self] + children.flatMap(\.tree)
    }

    /// How messages name a registration: `HelloInput (greeter)`.
    package static func label(_ registration: ModuleRegistration) -> String {
        registration.moduleLabel
    }
}
