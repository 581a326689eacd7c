/* A plugin that declares SECTION_MAJOR.SECTION_MINOR in its .viper_abi section and
 * returns FUNCTION_ABI from viper_plugin_abi. Its constructor creates MARKER_PATH:
 * if the file appears, the plugin's code ran in that process. */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#ifndef MAGIC
#define MAGIC 0x56495052u
#endif

__attribute__((used, section(".viper_abi")))
static const uint32_t viper_abi_record[3] = {MAGIC, SECTION_MAJOR, SECTION_MINOR};

__attribute__((constructor))
static void mark_loaded(void) {
    int fd = open(MARKER_PATH, O_WRONLY | O_CREAT, 0644);
    if (fd >= 0) close(fd);
}

uint32_t viper_plugin_abi(void) { return FUNCTION_ABI; }
int32_t viper_plugin_entry(void *host) { (void)host; return 42; }
