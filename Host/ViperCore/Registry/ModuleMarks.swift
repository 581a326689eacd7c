/// The marks of one registration's modules, each made when first needed: a command that
/// draws, builds, shows or removes a module makes no text for its marks.
final class ModuleMarks {
    private let plugin: String
    private let label: String

    init(plugin: String, label: String) {
        self.plugin = plugin
        self.label = label
    }

    private func mark(_ doing: String) -> PluginExitGuard.Mark {
        PluginExitGuard.Mark(plugin: plugin, doing: doing)
    }

    lazy var drawing = mark("drawing module \(label)")
    lazy var title = mark("reading the title of module \(label)")
    lazy var commands = mark("listing the commands of module \(label)")
    lazy var keepingWork = mark("keeping the unsaved work of module \(label)")
    lazy var building = mark("building module \(label)")
    lazy var willBeRemoved = mark("in moduleWillBeRemoved of \(label)")
    lazy var didAppear = mark("in moduleDidAppear of \(label)")
    lazy var didDisappear = mark("in moduleDidDisappear of \(label)")
    lazy var unsavedWork = mark("in unsavedWork of \(label)")
    lazy var removedByUser = mark("in moduleWasRemovedByUser of \(label)")
}
