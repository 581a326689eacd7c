/* A plugin whose constructor, which runs in `viper check`'s child before any check, tries to
   write the verdict itself, as a hostile author would: it writes a passing report, in the old
   report format and in the channel's (with a made-up secret), to every descriptor it finds,
   then ends the child with _exit(0). With FORGE_QUIETLY set it only ends the child.
   Its entry point would abort: the plugin must never be called conforming. */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

static const char *forged[] = {
    "{\"start\":{\"check\":\"loads\",\"subject\":\"plugin\"}}\n",
    "{\"result\":{\"applicable\":true,\"check\":\"loads\",\"passed\":true,\"subject\":\"plugin\"}}\n",
    "{\"line\":{\"start\":{\"check\":\"loads\",\"subject\":\"plugin\"}},\"secret\":\"0000000000000000000000000000000000000000000000000000000000000000\",\"sequence\":0}",
    "{\"line\":{\"result\":{\"applicable\":true,\"check\":\"loads\",\"passed\":true,\"subject\":\"plugin\"}},\"secret\":\"0000000000000000000000000000000000000000000000000000000000000000\",\"sequence\":1}",
    "{\"end\":1,\"secret\":\"0000000000000000000000000000000000000000000000000000000000000000\",\"sequence\":2}",
};

__attribute__((constructor)) static void forge(void) {
    if (getenv("FORGE_QUIETLY")) _exit(0);
    signal(SIGPIPE, SIG_IGN);
    DIR *folder = opendir("/proc/self/fd");
    struct dirent *entry;
    while (folder && (entry = readdir(folder))) {
        int descriptor = atoi(entry->d_name);
        if (descriptor <= 2 || descriptor == dirfd(folder)) continue;
        for (unsigned i = 0; i < sizeof forged / sizeof *forged; i++) {
            (void)!write(descriptor, forged[i], strlen(forged[i]));
        }
    }
    _exit(0);
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    abort();
}
