/* An entry point that says it succeeded without registering through PluginEntry.run. HOST_ABI is passed with -D. */
#include <stdint.h>
uint32_t viper_plugin_abi(void) { return HOST_ABI; }
int32_t viper_plugin_entry(void *host) { (void)host; return 0; }
