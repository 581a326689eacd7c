/* An entry point that reports failure with a status the host does not know. HOST_ABI is passed with -D. */
#include <stdint.h>
uint32_t viper_plugin_abi(void) { return HOST_ABI; }
int32_t viper_plugin_entry(void *host) { (void)host; return 42; }
