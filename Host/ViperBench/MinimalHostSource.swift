/// The cold start's baselines: the least a program that loads plugins can do, outside
/// viper-bench, as a separate small program. Each lists a folder, sorts the `.so` names, splits
/// them into `BATCHES` contiguous batches of even size, and loads each batch in a process of its
/// own, at most `AT_ONCE` processes at a time (default: all), the next starting when one ends:
/// `dlopen` and the lookup of the entry symbol, nothing else. The parent waits for every worker,
/// then reads one line of standard input (the prompt) and exits. viper-bench gives them viper's
/// own split (``StartupLab/minimalHostSplit(files:cores:capped:)``): as many batches as
/// `PluginScanner.batches` makes, at most 500 plugins each, as many at once as viper runs
/// scanners; and, uncapped, one batch per scanner, however many plugins each.
///
/// `viper-bench` writes them beside its generated plugins and compiles them at run time (`cc -O2`,
/// `swiftc -O`), so the repository holds them only as this text and no target builds them.
/// With an empty folder, the Swift one is also the 0-plugin start's baseline: a minimal Swift program.
enum MinimalHostSource {
    static let c = """
        #include <dirent.h>
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/wait.h>
        #include <unistd.h>

        static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

        int main(int argc, char **argv) {
            if (argc != 3 && argc != 4) { fprintf(stderr, "usage: minimal-host FOLDER BATCHES [AT_ONCE]\\n"); return 64; }
            DIR *folder = opendir(argv[1]);
            if (!folder) { perror(argv[1]); return 1; }
            char **names = NULL;
            size_t count = 0;
            for (struct dirent *entry; (entry = readdir(folder));) {
                size_t length = strlen(entry->d_name);
                if (length < 4 || strcmp(entry->d_name + length - 3, ".so") != 0) continue;
                names = realloc(names, (count + 1) * sizeof *names);
                names[count++] = strdup(entry->d_name);
            }
            closedir(folder);
            qsort(names, count, sizeof *names, by_name);
            int batches = atoi(argv[2]) > 0 ? atoi(argv[2]) : 1;
            int at_once = argc == 4 && atoi(argv[3]) > 0 ? atoi(argv[3]) : batches;
            size_t size = (count + batches - 1) / batches;
            int status, running = 0, failed = 0;
            for (size_t start = 0; start < count; start += size) {
                if (running == at_once && wait(&status) > 0) {
                    failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
                    running--;
                }
                if (fork() != 0) { running++; continue; }
                int missing = 0;
                for (size_t index = start; index < count && index < start + size; index++) {
                    char path[4096];
                    snprintf(path, sizeof path, "%s/%s", argv[1], names[index]);
                    void *image = dlopen(path, RTLD_NOW | RTLD_LOCAL);
                    if (!image || !dlsym(image, "viper_plugin_entry")) missing = 1;
                }
                _exit(missing);
            }
            while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
            char line[256];
            if (fgets(line, sizeof line, stdin)) {}
            return failed;
        }
        """

    static let swift = """
        import Glibc

        let arguments = CommandLine.arguments
        guard arguments.count == 3 || arguments.count == 4, let batches = Int(arguments[2]), batches > 0,
            let atOnce = arguments.count == 4 ? Int(arguments[3]) : batches, atOnce > 0, let folder = opendir(arguments[1])
        else {
            fputs("usage: minimal-host-swift FOLDER BATCHES [AT_ONCE]\\n", stderr)
            exit(64)
        }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".so") { names.append(name) }
        }
        closedir(folder)
        names.sort()
        let size = max(1, (names.count + batches - 1) / batches)
        var status: Int32 = 0, running = 0, failed = false
        for start in stride(from: 0, to: names.count, by: size) {
            if running == atOnce, wait(&status) > 0 {
                failed = failed || status != 0
                running -= 1
            }
            guard fork() == 0 else {
                running += 1
                continue
            }
            var missing: Int32 = 0
            for name in names[start..<min(start + size, names.count)] {
                let image = dlopen(arguments[1] + "/" + name, RTLD_NOW | RTLD_LOCAL)
                if image == nil || dlsym(image, "viper_plugin_entry") == nil { missing = 1 }
            }
            _exit(missing)
        }
        while wait(&status) > 0 { failed = failed || status != 0 }
        _ = readLine()
        exit(failed ? 1 : 0)
        """
}
