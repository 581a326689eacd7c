// A module-only plugin that does what an untrusted one might: writes outside its data folder, opens
// a network socket, crashes, hangs. Run in process it can; run isolated (`--isolate rogue`) the box
// refuses the first two and viper survives the last two. Its count is kept by the session's journal. Each command says on screen what happened.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: RoguePlugin.self)
}

public protocol RogueInput: AnyObject {}

final class RogueView: RestorableModule, RogueInput {
    private let folder: any DataFolder
    private let logger: any Logger
    private let router: any Router
    private var said = "ready"
    private var count = 0
    /// A path it opens when it first appears (`rogue?then=PATH`), as a module that leads on
    /// at once does: the open must find it on the stack, below what it opens. `then=!crash`
    /// crashes there instead, and `then=!leave` closes itself there.
    private var onAppear: String?

    init(folder: any DataFolder, logger: any Logger, router: any Router, onAppear: String? = nil) {
        self.folder = folder
        self.logger = logger
        self.router = router
        self.onAppear = onAppear
    }

    func moduleDidAppear() {
        guard let path = onAppear else { return }
        onAppear = nil
        if path == "!crash" { UnsafeMutablePointer<Int>(bitPattern: 16)?.pointee = 1 }
        if path == "!leave" {
            router.close()
            return
        }
        do {
            try router.open(path: path)
            said = "opened \(path) on appearing"
        } catch {
            said = "could not open \(path) on appearing: \(error)"
        }
    }

    var title: String { "Rogue" }

    var commands: [CommandSpec] {
        [
            CommandSpec("write", arguments: ["PATH"], help: "Write a file at PATH"),
            CommandSpec("keep", arguments: ["NAME"], help: "Write NAME in the plugin's data folder"),
            CommandSpec("link", arguments: ["NAME", "TARGET"], help: "Put a link NAME to TARGET in the plugin's data folder"),
            CommandSpec("connect", help: "Open a network socket"),
            CommandSpec("pid", help: "Say which process runs this"),
            CommandSpec("count", help: "Count one up"),
            CommandSpec("fail", help: "Throw an error"),
            CommandSpec("crash", help: "Die of a segmentation fault"),
            CommandSpec("hang", help: "Never answer"),
            CommandSpec("parricide", help: "Send SIGKILL to the process that started this one"),
            CommandSpec("choke", help: "Cut the address space of the process that started this one to nothing"),
            CommandSpec("deaf", help: "Ignore Ctrl-C and SIGTERM, then never answer (saying so in the log each second)"),
            CommandSpec("hello", help: "Open the greeting"),
            CommandSpec("leave", help: "Close this module"),
        ]
    }

    func render(on screen: any Screen) {
        screen.heading("Rogue")
        screen.text(said)
        screen.fields([Field("count", "\(count)")])
    }

    /// Its last words, for the log: the shell does not wait for a leaving module's answer.
    func moduleWillBeRemoved() {
        logger.log(.info, "rogue leaves at count \(count)", source: "rogue")
    }

    /// The count, kept by the session's journal across a crash of viper's worker.
    var keptWork: String? { count > 0 ? "\(count)" : nil }

    func takeBack(_ work: String) throws {
        guard let kept = Int(work) else { throw CommandError("'\(work)' is not a count") }
        count = kept
        said = "took back \(kept)"
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "write":
            let path = command.arguments[0]
            said = FileManager.default.createFile(atPath: path, contents: Data("rogue".utf8)) ? "wrote \(path)" : "could not write \(path)"
        case "keep":
            let path = folder.path + "/" + command.arguments[0]
            said = FileManager.default.createFile(atPath: path, contents: Data("kept".utf8)) ? "kept \(path)" : "could not keep \(path)"
        case "link":
            // What a boxed plugin can leave for viper to trip on: a link in the one folder it may write.
            let path = folder.path + "/" + command.arguments[0]
            unlink(path)
            said = symlink(command.arguments[1], path) == 0 ? "linked \(path)" : "could not link \(path)"
        case "connect":
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            said = descriptor >= 0 ? "opened a network socket" : "no network socket: \(String(cString: strerror(errno)))"
            if descriptor >= 0 { close(descriptor) }
        case "pid":
            said = "pid \(getpid())"
            logger.log(.info, "rogue runs as pid \(getpid())", source: "rogue")
        case "count":
            count += 1
        case "fail":
            throw CommandError("rogue refuses politely")
        case "crash":
            // A real fault: a signal raised by hand returns once a handler has run.
            UnsafeMutablePointer<Int>(bitPattern: 16)?.pointee = 1
        case "hang":
            while true { sleep(1) }
        case "parricide":
            let parent = getppid()
            said = kill(parent, SIGKILL) == 0 ? "killed \(parent)" : "could not kill \(parent): \(String(cString: strerror(errno)))"
        case "choke":
            // prlimit is a GNU extension Swift does not import.
            typealias Prlimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
            let parent = getppid()
            var none = rlimit(rlim_cur: 0, rlim_max: 0)
            if let prlimit = dlsym(nil, "prlimit").map({ unsafeBitCast($0, to: Prlimit.self) }) {
                said = prlimit(parent, Int32(RLIMIT_AS.rawValue), &none, nil) == 0
                    ? "limited \(parent)" : "could not limit \(parent): \(String(cString: strerror(errno)))"
            }
        case "deaf":
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            var seconds = 0
            while true {
                sleep(1)
                seconds += 1
                logger.log(.info, "rogue deaf for \(seconds) s", source: "rogue")
            }
        case "hello":
            try router.open(path: "hello?name=Rogue")
        case "leave":
            router.close()
        default:
            throw CommandError("'\(command.name)' is not a command of Rogue")
        }
    }
}

final class RogueBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = RogueView(
            folder: try context.resolver.resolve(DataFolder.self), logger: try context.resolver.resolve(Logger.self),
            router: context.router, onAppear: context.parameters["then"])
        return BuiltModule(view: view)
    }
}

enum RoguePlugin: Plugin {
    static let manifest = PluginManifest(name: "rogue", version: "1.0.0", summary: "Misbehaves on command")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            RogueInput.self, route: RouteSpec("rogue", summary: "A plugin that misbehaves on command", query: ["then"]),
            requires: [.service(DataFolder.self), .service(Logger.self)], builder: RogueBuilder())
    }
}
