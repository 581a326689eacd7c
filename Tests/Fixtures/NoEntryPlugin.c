/* Exports viper_plugin_abi but not viper_plugin_entry. HOST_ABI is passed with -D. */
#include <stdint.h>
uint32_t viper_plugin_abi(void) { return HOST_ABI; }
