import Contracts

/// What viper keeps of a module that runs in an isolated plugin's process: everything the shell
/// reads between commands (title, commands, the screen's lines, the journal's kept work), sent
/// whole after each call so that drawing a screen costs no round trip.
package struct IsolatedModuleState: Equatable {
    package var title = ""
    package var commands: [CommandSpec] = []
    package var lines: [ScreenLine] = []
    package var isRestorable = false
    package var keptWork: String?
    package var confirms = false

    package init() {}

    /// One call a view made on its `Screen`, as a value.
    package indirect enum ScreenLine: Equatable {
        case heading(String)
        case text(String)
        case list([String], first: Int)
        case fields([Field])
        case error(String)
        case empty(String)
        case embed(title: String, lines: [ScreenLine])
    }

    /// Writes the state after a call's reply.
    package func write(to writer: inout WireWriter) {
        writer.text(title)
        writer.integer(UInt32(commands.count))
        for command in commands {
            writer.text(command.name)
            writer.texts(command.arguments)
            writer.text(command.help)
            writer.bool(command.keepsOutOfHistory)
        }
        Self.write(lines, to: &writer)
        writer.bool(isRestorable)
        writer.optionalText(keptWork)
        writer.bool(confirms)
    }

    private static func write(_ lines: [ScreenLine], to writer: inout WireWriter) {
        writer.integer(UInt32(lines.count))
        for line in lines {
            switch line {
            case .heading(let text):
                writer.byte(1)
                writer.text(text)
            case .text(let text):
                writer.byte(2)
                writer.text(text)
            case .list(let items, let first):
                writer.byte(3)
                writer.texts(items)
                writer.integer(UInt32(bitPattern: Int32(truncatingIfNeeded: first)))
            case .fields(let fields):
                writer.byte(4)
                writer.texts(fields.map(\.label))
                writer.texts(fields.map(\.value))
            case .error(let text):
                writer.byte(5)
                writer.text(text)
            case .empty(let text):
                writer.byte(6)
                writer.text(text)
            case .embed(let title, let lines):
                writer.byte(7)
                writer.text(title)
                write(lines, to: &writer)
            }
        }
    }

    /// Reads a state written by ``write(to:)``.
    package static func read(from reader: inout WireReader) throws -> IsolatedModuleState {
        var state = IsolatedModuleState()
        state.title = try reader.text()
        let count = Int(try reader.integer())
        for _ in 0..<min(count, 10_000) {
            let name = try reader.text(), arguments = try reader.texts(), help = try reader.text()
            state.commands.append(CommandSpec(name, arguments: arguments, help: help, keepsOutOfHistory: try reader.bool()))
        }
        state.lines = try readLines(from: &reader, depth: 0)
        state.isRestorable = try reader.bool()
        state.keptWork = try reader.optionalText()
        state.confirms = try reader.bool()
        return state
    }

    private static func readLines(from reader: inout WireReader, depth: Int) throws -> [ScreenLine] {
        guard depth < 16 else { throw WireReader.Truncated() }
        let count = Int(try reader.integer())
        var lines: [ScreenLine] = []
        for _ in 0..<count {
            switch try reader.byte() {
            case 1: lines.append(.heading(try reader.text()))
            case 2: lines.append(.text(try reader.text()))
            case 3:
                let items = try reader.texts()
                lines.append(.list(items, first: Int(Int32(bitPattern: try reader.integer()))))
            case 4:
                let labels = try reader.texts(), values = try reader.texts()
                lines.append(.fields(zip(labels, values).map { Field($0, $1) }))
            case 5: lines.append(.error(try reader.text()))
            case 6: lines.append(.empty(try reader.text()))
            case 7:
                let title = try reader.text()
                lines.append(.embed(title: title, lines: try readLines(from: &reader, depth: depth + 1)))
            default: throw WireReader.Truncated()
            }
        }
        return lines
    }

    /// Draws the lines on a screen, as the view drew them in its own process.
    package static func replay(_ lines: [ScreenLine], on screen: any Screen) {
        for line in lines {
            switch line {
            case .heading(let text): screen.heading(text)
            case .text(let text): screen.text(text)
            case .list(let items, let first): first == 1 ? screen.list(items) : screen.list(items, startingAt: first)
            case .fields(let fields): screen.fields(fields)
            case .error(let text): screen.error(text)
            case .empty(let text): screen.empty(text)
            case .embed(let title, let lines): screen.embed(ReplayedView(title: title, lines: lines))
            }
        }
    }
}

/// An embedded child's drawing, replayed in viper: a view with a title and lines and nothing else.
final class ReplayedView: ModuleView {
    let title: String
    let lines: [IsolatedModuleState.ScreenLine]

    init(title: String, lines: [IsolatedModuleState.ScreenLine]) {
        self.title = title
        self.lines = lines
    }

    func render(on screen: any Screen) {
        IsolatedModuleState.replay(lines, on: screen)
    }
}

/// The `Screen` a view draws on in the isolated plugin's process: it keeps the calls as lines.
final class RecordingScreen: Screen {
    private(set) var lines: [IsolatedModuleState.ScreenLine] = []

    func heading(_ text: String) { lines.append(.heading(text)) }
    func text(_ text: String) { lines.append(.text(text)) }
    func list(_ items: [String]) { lines.append(.list(items, first: 1)) }
    func list(_ items: [String], startingAt first: Int) { lines.append(.list(items, first: first)) }
    func fields(_ fields: [Field]) { lines.append(.fields(fields)) }
    func error(_ message: String) { lines.append(.error(message)) }
    func empty(_ message: String) { lines.append(.empty(message)) }
    func embed(_ child: any ModuleView) {
        let inner = RecordingScreen()
        child.render(on: inner)
        lines.append(.embed(title: child.title, lines: inner.lines))
    }
}
