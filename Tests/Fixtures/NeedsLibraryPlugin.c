/* Linked against libFixtureDependency.so, which the test deletes: dlopen must name the missing library. */
#include <stdint.h>
int fixture_dependency_value(void);
uint32_t viper_plugin_abi(void) { return fixture_dependency_value() ? HOST_ABI : 0; }
int32_t viper_plugin_entry(void *host) { (void)host; return 42; }
