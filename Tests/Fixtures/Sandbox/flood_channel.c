/* A plugin whose constructor, which runs in viper's scanner before its result is written,
   floods the scanner's result channel: it writes 64 MiB without a newline, 1 MiB at a time,
   to every pipe it finds among its descriptors, then ends the scanner with _exit(0). Without a
   bound the parent would hold all of it as one unfinished line.
   Built with -DVICTIM it is instead the file after it, whose entry point aborts: an honest
   scan calls it broken. Neither may ever be called ready. */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

#ifndef VICTIM
__attribute__((constructor)) static void flood(void) {
    static char chunk[1 << 20];
    memset(chunk, 'x', sizeof chunk);
    signal(SIGPIPE, SIG_IGN);
    int pipes[64], found = 0;
    DIR *folder = opendir("/proc/self/fd");
    struct dirent *entry;
    while (folder && (entry = readdir(folder)) && found < 64) {
        int descriptor = atoi(entry->d_name);
        struct stat status;
        if (descriptor <= 2 || descriptor == dirfd(folder) || fstat(descriptor, &status) != 0) continue;
        if (S_ISFIFO(status.st_mode)) pipes[found++] = descriptor;
    }
    for (int round = 0; round < 64; round++)
        for (int index = 0; index < found; index++) (void)!write(pipes[index], chunk, sizeof chunk);
    _exit(0);
}
#endif

int32_t viper_plugin_entry(void *host) {
    (void)host;
    abort();
}
