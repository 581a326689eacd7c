/* Crashes as soon as it is mapped: its constructor runs inside dlopen, before any
   symbol is looked up. Loading it is only safe in the scanner child; refusing it must
   happen before dlopen. */
#include <signal.h>
#include <stdint.h>

__attribute__((constructor)) static void crash_on_load(void) { raise(SIGSEGV); }

uint32_t viper_plugin_abi(void) { return HOST_ABI; }
int32_t viper_plugin_entry(void *host) { (void)host; return 0; }
