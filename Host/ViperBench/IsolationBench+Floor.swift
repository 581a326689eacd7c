import Foundation

/// The floor under the isolated plugin's resident memory: the least any process that holds the
/// greeter has. A small C program `dlopen`s the plugin and looks up its entry, nothing else, so
/// what is resident is the plugin and what it links (the Swift runtime, Foundation and ICU, each
/// loaded and initialised), with no code of viper's. viper-bench writes it into its folder and
/// compiles it at run time (`cc -O2`), as it does the cold start's minimal hosts.
extension IsolationBench {
    static let floorSource = """
        #include <dlfcn.h>
        #include <stdio.h>
        #include <unistd.h>

        int main(int argc, char **argv) {
            if (argc != 2) { fprintf(stderr, "usage: dlopen-floor PLUGIN.so\\n"); return 64; }
            void *image = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
            if (!image || !dlsym(image, "viper_plugin_entry")) { fprintf(stderr, "%s\\n", dlerror()); return 1; }
            /* Loaded: say so, then wait for standard input to close. */
            if (write(1, "loaded\\n", 7) != 7) return 1;
            char byte;
            while (read(0, &byte, 1) > 0) {}
            return 0;
        }
        """

    /// The resident memory of a process that has only loaded `plugin` (KiB, as ``memory(_:)``
    /// reads it), compiled into `folder`.
    static func dlopenFloor(plugin: String, folder: String) throws -> (rss: Int, pss: Int, private: Int) {
        let source = folder + "/dlopen-floor.c", program = folder + "/dlopen-floor"
        try floorSource.write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try StartupLab.run(["cc", "-O2", source, "-o", program, "-ldl"])
        guard compile.status == 0 else {
            throw Failure(description: "compiling the dlopen floor failed (cc -O2 \(source)):\n\(compile.output)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [plugin]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // Its line comes once the plugin is loaded; an end of output first means it failed.
        let said = output.fileHandleForReading.availableData
        guard String(decoding: said, as: UTF8.self).hasPrefix("loaded") else {
            throw Failure(description: "the dlopen floor could not load \(plugin)")
        }
        return memory(process.processIdentifier)
    }
}
