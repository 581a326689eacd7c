/* A plugin that closes standard output and then never returns: a host that took the closed
   pipe for the scanner's end would wait for it forever. */
#include <stdint.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    close(STDOUT_FILENO);
    for (;;) pause();
    return 0;
}
