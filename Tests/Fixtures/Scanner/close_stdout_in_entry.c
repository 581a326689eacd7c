/* A plugin whose entry point closes standard output (a scanner must not take that for the end of its results). */
#include <stdint.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    close(STDOUT_FILENO);
    return 0;
}
