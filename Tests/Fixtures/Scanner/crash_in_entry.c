/* A plugin whose entry point segfaults: the scanner must record it as broken. */
#include <stdint.h>
#include <stddef.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    volatile int *nowhere = (int *)(uintptr_t)8;
    return *nowhere;
}
