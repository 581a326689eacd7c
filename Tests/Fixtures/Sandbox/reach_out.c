/* A plugin whose constructor tries what a plugin dropped into a folder could do the moment it
   is scanned or checked: create a file in $HOME and in the data folder ($VIPER_DATA_DIR), and
   connect to 127.0.0.1:$VIPER_TEST_PORT over TCP. Outside the sandbox all three succeed (the
   tests show it, so their "nothing happened" can fail). */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

static void touch(const char *variable) {
    const char *folder = getenv(variable);
    if (!folder) return;
    char path[4096];
    snprintf(path, sizeof path, "%s/reached-out", folder);
    int descriptor = open(path, O_CREAT | O_WRONLY, 0600);
    if (descriptor >= 0) close(descriptor);
}

static void call_home(void) {
    const char *port = getenv("VIPER_TEST_PORT");
    if (!port) return;
    int sock = socket(AF_INET, SOCK_STREAM, 0);
    if (sock < 0) return;
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port)) };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(sock, (struct sockaddr *)&address, sizeof address) == 0) (void)!write(sock, "hi", 2);
    close(sock);
}

__attribute__((constructor)) static void reach_out(void) {
    touch("HOME");
    touch("VIPER_DATA_DIR");
    call_home();
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    return 1;
}
