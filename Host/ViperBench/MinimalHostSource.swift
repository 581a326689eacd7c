/// The cold start's baselines (issue 27): the least a program that loads plugins can do, outside
/// viper-bench, as a separate small program. Each lists a folder, sorts the `.so` names, splits
/// them into `WORKERS` contiguous batches (as many as viper runs scanners at once), and loads
/// each batch in a process of its own: `dlopen` and the lookup of the entry symbol, nothing else.
/// viper's scanners load at most `PluginScanner.filesPerScanner` files each, in turn: past that
/// many a process (1,000 plugins on 2 cores), a minimal host loads more per process than viper.
/// The parent waits for every worker, then reads one line of standard input (the prompt) and exits.
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
            if (argc != 3) { fprintf(stderr, "usage: minimal-host FOLDER WORKERS\\n"); return 64; }
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
            int workers = atoi(argv[2]) > 0 ? atoi(argv[2]) : 1;
            size_t size = (count + workers - 1) / workers;
            for (size_t start = 0; start < count; start += size) {
                if (fork() != 0) continue;
                int failed = 0;
                for (size_t index = start; index < count && index < start + size; index++) {
                    char path[4096];
                    snprintf(path, sizeof path, "%s/%s", argv[1], names[index]);
                    void *image = dlopen(path, RTLD_NOW | RTLD_LOCAL);
                    if (!image || !dlsym(image, "viper_plugin_entry")) failed = 1;
                }
                _exit(failed);
            }
            int status, failed = 0;
            while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
            char line[256];
            if (fgets(line, sizeof line, stdin)) {}
            return failed;
        }
        """

    static let swift = """
        import Glibc

        let arguments = CommandLine.arguments
        guard arguments.count == 3, let workers = Int(arguments[2]), workers > 0, let folder = opendir(arguments[1]) else {
            fputs("usage: minimal-host-swift FOLDER WORKERS\\n", stderr)
            exit(64)
        }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".so") { names.append(name) }
        }
        closedir(folder)
        names.sort()
        let size = max(1, (names.count + workers - 1) / workers)
        for start in stride(from: 0, to: names.count, by: size) where fork() == 0 {
            var failed: Int32 = 0
            for name in names[start..<min(start + size, names.count)] {
                let image = dlopen(arguments[1] + "/" + name, RTLD_NOW | RTLD_LOCAL)
                if image == nil || dlsym(image, "viper_plugin_entry") == nil { failed = 1 }
            }
            _exit(failed)
        }
        var status: Int32 = 0, failed = false
        while wait(&status) > 0 { failed = failed || status != 0 }
        _ = readLine()
        exit(failed ? 1 : 0)
        """
}
