/* A plugin whose constructor prints last words that try to rewrite the terminal (a right-to-left
   override, U+202E, and ESC[31m) on standard error and then crashes, so the scanner and
   `viper check` quote them in their "crashed ... after printing '...'" lines. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

__attribute__((constructor)) static void last_words(void) {
    fprintf(stderr, "fine\xE2\x80\xAEsdrow\x1B[31m red\n");
    fflush(stderr);
    abort();
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    return 1;
}
