/* A plugin whose entry point forks a child that never ends. The child writes its pid to
   $VIPER_TEST_MARKERS/child.pid, and the entry point returns only once it has, so a test
   can check the scanner ended the child. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    int ready[2];
    if (pipe(ready) != 0) return 1;
    pid_t child = fork();
    if (child == 0) {
        const char *folder = getenv("VIPER_TEST_MARKERS");
        if (folder) {
            char path[4096];
            snprintf(path, sizeof path, "%s/child.pid", folder);
            FILE *file = fopen(path, "w");
            if (file) { fprintf(file, "%d\n", (int)getpid()); fclose(file); }
        }
        (void)!write(ready[1], "x", 1);
        for (;;) pause();
    }
    char byte;
    close(ready[1]);
    (void)!read(ready[0], &byte, 1);
    close(ready[0]);
    return 0;
}
