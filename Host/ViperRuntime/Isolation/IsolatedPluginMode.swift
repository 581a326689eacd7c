import Contracts
import Foundation
import ViperCore
import ViperLoading

/// The isolated plugin's process: `viper __isolated --fd N --data FOLDER PATH`, started by viper
/// with one end of a `socketpair`. It boxes itself (the scanner's box: read its own file and the
/// system's libraries, write only its private data folder, seccomp, no network, limits), loads the
/// plugin, says what modules it declared, and serves viper's requests until viper closes the socket.
package enum IsolatedPluginMode {
    package static let command = "__isolated"

    package static func run(arguments: [String], environment: [String: String]) -> Int32 {
        var descriptor: Int32?
        var data: String?
        var allowInsecure = false
        var spare = false
        var network = false
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--fd" where index + 1 < arguments.count:
                descriptor = Int32(arguments[index + 1])
                index += 2
            case "--data" where index + 1 < arguments.count:
                data = arguments[index + 1]
                index += 2
            case "--allow-insecure-plugins":
                allowInsecure = true
                index += 1
            case "--spare":
                spare = true
                index += 1
            case "--network":
                network = true
                index += 1
            default:
                path = argument
                index += 1
            }
        }
        // A spare started before it was needed waits here for the plugin it will be.
        if spare, let descriptor, let load = waitForLoad(descriptor) {
            (data, allowInsecure, network, path) = (load.data, load.allowInsecure, load.network, load.path)
        }
        guard let descriptor, let data, let path else {
            FileHandle.standardError.write(Data("viper: \(command) is internal to viper; isolate a plugin with 'viper --isolate NAME'\n".utf8))
            return 2
        }
        IsolationWire.spin = IsolationWire.spin(from: environment)
        let channel = IsolationChannel(descriptor: descriptor)
        // Everything that reads outside the box happens before it: the clock's zone, the data folder.
        let clock: SystemClock
        do {
            clock = try SystemClock(environment: environment)
        } catch {
            refuse("\(error)", on: channel)
            return 1
        }
        if !Sandbox.isTurnedOff(environment) {
            setenv("TMPDIR", data, 1)
            var box = Sandbox.forCheck(of: path, pluginFlags: [], writable: data, environment: environment)
            box.allowsNetwork = network
            box.apply()
        }
        endsWithViper(descriptor)
        let file = PluginFile(path: path, folder: PluginFolder(path: Paths.parent(path), origin: .flag))
        let loader = PluginLoader(policy: LoadPolicy(allowInsecure: allowInsecure))
        // The contract libraries installed beside the plugin (its folder is readable in the box), checked as viper checks them.
        loader.contractLibraries = ContractLibraryCatalog(ContractLibraryLookup.contractLibraries(in: [file.folder]), allowInsecure: allowInsecure)
        let loaded: LoadedPlugin
        switch loader.load(file) {
        case .success(let plugin): loaded = plugin
        case .failure(let error):
            refuse(error.message, on: channel)
            return 1
        }
        let recorded = loaded.registrar
        if let refusal = IsolatedPlugin.refusal(
            plugin: loaded.descriptor.manifest.name, provides: recorded.provisions,
            requires: recorded.provisions.flatMap(\.requires))
        {
            refuse(refusal, on: channel)
            return 1
        }
        let server = IsolatedPluginServer(channel: channel, plugin: loaded.descriptor.manifest.name)
        server.registry.addHostService(Logger.self) { _ in server.logger }
        server.registry.addHostService(Clock.self) { _ in clock }
        let folder = LocalDataFolder(path: data)
        server.registry.addHostService(DataFolder.self) { _ in folder }
        let databases = SQLiteDatabaseOpening(folder: data)
        server.registry.addHostService(DatabaseOpening.self) { _ in databases }
        server.registry.addHostService(CommandProgress.self) { _ in server.progress }
        server.registry.commit(recorded)
        server.modules = recorded.modules
        channel.serve = { server.serve(&$0) }
        var hello = WireWriter(.hello)
        hello.text(loaded.descriptor.manifest.name)
        hello.integer(UInt32(recorded.modules.count))
        for module in recorded.modules {
            hello.text(module.contract.name)
            hello.optionalText(module.name)
            hello.optionalText(module.route?.pattern)
            hello.text(module.route?.summary ?? "")
            hello.texts(module.route?.query ?? [])
        }
        guard channel.sendFrame(hello.bytes) else { return 1 }
        server.run()
        return 0
    }

    /// Ends this process when viper's end of the socket closes, even while plugin code hangs and
    /// never reads the socket again: viper ended (killed, or unsupervised and stopped with Ctrl-C),
    /// and nothing would end this process otherwise (it is in a process group of its own, and only
    /// a supervised session has a supervisor to end what its worker left). A thread waits in `poll`
    /// for the peer's hang-up alone (not for data, which the server reads), so it costs no wake-up.
    /// The server, when it is not stuck, reads the same end and returns, closing the plugin's
    /// databases as a process that ends does; the thread gives it ``graceAfterViper`` for that.
    private static func endsWithViper(_ descriptor: Int32) {
        let peerClosed: Int16 = 0x2000  // POLLRDHUP
        Thread.detachNewThread {
            var entry = pollfd(fd: descriptor, events: peerClosed, revents: 0)
            while true {
                let ready = poll(&entry, 1, -1)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return }
                guard entry.revents & (peerClosed | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { continue }
                var wanted = timespec(tv_sec: graceAfterViper, tv_nsec: 0), rest = timespec()
                while nanosleep(&wanted, &rest) != 0, errno == EINTR { wanted = rest }
                _exit(0)
            }
        }
    }

    /// Seconds a process whose viper ended has to end by itself before it is ended.
    static let graceAfterViper = 2

    /// A spare's wait: the `load` frame, then its standard error moved to the plugin's folder.
    private static func waitForLoad(_ descriptor: Int32) -> (data: String, allowInsecure: Bool, network: Bool, path: String)? {
        // Says it is ready (viper reads it with the plugin's first message, or waits for it).
        guard IsolationWire.send(WireWriter(.ok).bytes, on: descriptor) else { return nil }
        guard case .success(let bytes) = IsolationWire.receive(from: descriptor), var reader = WireReader(bytes),
            reader.kind == .load, let data = try? reader.text(), let allowInsecure = try? reader.bool(),
            let network = try? reader.bool(), let path = try? reader.text()
        else { return nil }
        // The plugin could write this folder before: a link it left there is removed, never followed.
        let errors = DataFolderGuard.makeFresh(Paths.join(data, "stderr.log"))
        if errors >= 0 {
            dup2(errors, STDERR_FILENO)
            close(errors)
        }
        return (data, allowInsecure, network, path)
    }

    private static func refuse(_ message: String, on channel: IsolationChannel) {
        var writer = WireWriter(.refused)
        writer.text(message)
        channel.sendFrame(writer.bytes)
    }
}
