/* A plugin whose constructor, which runs in viper's scanner before its result is written,
   tries to write the scanner's results itself, as a hostile author would: it reads the lines
   the test made (results that say it and the file after it in its batch loaded fine, plain and
   under a made-up secret) from forged-lines.txt beside it, writes them to every descriptor it
   finds, and ends the scanner with _exit(0).
   Built with -DVICTIM it is instead the file after it, whose entry point aborts: an honest
   scan calls it broken. Neither may ever be called ready. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

#ifndef VICTIM
__attribute__((constructor)) static void forge(void) {
    const char *lines_path = getenv("FORGE_LINES");
    if (!lines_path) _exit(3);
    char lines[16384];
    int file = open(lines_path, O_RDONLY);
    ssize_t count = file >= 0 ? read(file, lines, sizeof lines) : -1;
    if (count <= 0) _exit(4);
    signal(SIGPIPE, SIG_IGN);
    DIR *folder = opendir("/proc/self/fd");
    struct dirent *entry;
    while (folder && (entry = readdir(folder))) {
        int descriptor = atoi(entry->d_name);
        if (descriptor <= 2 || descriptor == dirfd(folder) || descriptor == file) continue;
        (void)!write(descriptor, lines, (size_t)count);
    }
    _exit(0);
}
#endif

int32_t viper_plugin_entry(void *host) {
    (void)host;
    abort();
}
