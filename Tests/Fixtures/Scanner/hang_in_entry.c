/* A plugin whose entry point never returns: the scanner must stop it after its time limit. */
#include <stdint.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    for (;;) pause();
    return 0;
}
