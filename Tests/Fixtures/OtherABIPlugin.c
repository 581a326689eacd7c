/* Built for Contracts 2.0. Its entry aborts: the host must read the ABI and stop before calling it. */
#include <stdint.h>
#include <stdlib.h>
uint32_t viper_plugin_abi(void) { return 2u << 16; }
int32_t viper_plugin_entry(void *host) { (void)host; abort(); }
