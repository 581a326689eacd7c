/* A plugin whose entry point prints the scanner's first argument to standard error and then
   segfaults. The scanner quotes that line in its reason, which tells a copy of viper made
   with fork (the first argument is viper's own, e.g. "plugins") from a scanner started with
   exec (whose first argument is "__scan"). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    char line[4096] = {0};
    FILE *file = fopen("/proc/self/cmdline", "r");
    size_t length = file ? fread(line, 1, sizeof line - 1, file) : 0;
    if (file) fclose(file);
    size_t program = strlen(line);
    fprintf(stderr, "first argument: %s\n", length > program + 1 ? line + program + 1 : "(none)");
    fflush(stderr);
    volatile int *nowhere = (int *)(uintptr_t)8;
    return *nowhere;
}
