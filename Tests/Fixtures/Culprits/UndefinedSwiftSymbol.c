// A plugin that needs a Swift function no library defines (as one built against another
// Contracts would): dlopen fails with "undefined symbol: $s...", which viper must show
// demangled. HOST_ABI is set by the test. The name is quoted for the assembler, which
// would read a bare `$` as an immediate operand.
#include <stdint.h>

extern void missing_swift_function(void) __asm__("\"$s9Contracts15missingFunctionyyF\"");

uint32_t viper_plugin_abi(void) { return HOST_ABI; }

int32_t viper_plugin_entry(void *host) {
    (void)host;
    missing_swift_function();
    return 0;
}
