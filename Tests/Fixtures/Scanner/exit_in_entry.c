/* A plugin whose entry point calls exit(0): the scanner must record it as broken, and the
   status it reports must not depend on how the scanner was started. */
#include <stdint.h>
#include <stdlib.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    exit(0);
}
