/* A plugin that forges the scanner's sealed results the way a hostile author who read
   ScanSeal.swift would: the secret never reaches it, but it lives in the scanner's memory, which
   a plugin's constructor shares. It reads its own address space through /proc/self/mem (the box
   lets a process read /proc/self), finds the secret (32 lowercase hex digits before "\tB\t", the
   sealed line that began this very file; else 32 before a NUL or a line end), finds the result
   channel (the pipe it may write to that is not standard output), writes the lines the test made
   (FORGE_LINES: a ready result for itself, then a begin and a broken result for each file after
   it in its batch) under that secret, and ends the scanner with _exit(0). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

static int is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

/* Looks for the secret in [buffer, buffer + count): a run of exactly 32 hex digits followed by
   "\tB\t" (best) or by a NUL or newline (fallback, kept in `fallback`). */
static int search(const char *buffer, size_t count, char secret[33], char fallback[33]) {
    for (size_t index = 0; index + 35 <= count; index++) {
        if (index > 0 && is_hex(buffer[index - 1])) continue;
        size_t run = 0;
        while (run < 32 && is_hex(buffer[index + run])) run++;
        if (run != 32 || is_hex(buffer[index + 32])) continue;
        const char *after = buffer + index + 32;
        if (after[0] == '\t' && after[1] == 'B' && after[2] == '\t') {
            memcpy(secret, buffer + index, 32);
            secret[32] = 0;
            return 1;
        }
        if (!fallback[0] && (after[0] == 0 || after[0] == '\n')) {
            memcpy(fallback, buffer + index, 32);
            fallback[32] = 0;
        }
    }
    return 0;
}

static int find_secret(char secret[33]) {
    char fallback[33] = { 0 };
    FILE *maps = fopen("/proc/self/maps", "r");
    int memory = open("/proc/self/mem", O_RDONLY);
    if (!maps || memory < 0) return 0;
    char line[512];
    static char chunk[1 << 20];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps)) {
        unsigned long start, end;
        char permissions[5];
        if (sscanf(line, "%lx-%lx %4s", &start, &end, permissions) != 3) continue;
        if (permissions[0] != 'r' || permissions[1] != 'w') continue;
        for (unsigned long at = start; !found && at < end; at += sizeof chunk - 64) {
            size_t want = end - at < sizeof chunk ? end - at : sizeof chunk;
            ssize_t got = pread(memory, chunk, want, (off_t)at);
            if (got <= 0) break;
            found = search(chunk, (size_t)got, secret, fallback);
            if ((size_t)got < want) break;
        }
    }
    fclose(maps);
    close(memory);
    if (!found && fallback[0]) {
        memcpy(secret, fallback, 33);
        found = 1;
    }
    return found;
}

/* The result channel: a pipe open for writing only, not the one standard output now is. */
static int find_channel(void) {
    struct stat out;
    if (fstat(STDOUT_FILENO, &out) != 0) return -1;
    DIR *folder = opendir("/proc/self/fd");
    struct dirent *entry;
    int channel = -1;
    while (folder && (entry = readdir(folder))) {
        int descriptor = atoi(entry->d_name);
        struct stat status;
        if (descriptor <= 2 || descriptor == dirfd(folder) || fstat(descriptor, &status) != 0) continue;
        if (!S_ISFIFO(status.st_mode) || status.st_ino == out.st_ino) continue;
        if ((fcntl(descriptor, F_GETFL) & O_ACCMODE) != O_WRONLY) continue;
        channel = descriptor;
    }
    if (folder) closedir(folder);
    return channel;
}

__attribute__((constructor)) static void forge(void) {
    const char *lines_path = getenv("FORGE_LINES");
    if (!lines_path) return;
    static char lines[1 << 16];
    int file = open(lines_path, O_RDONLY);
    ssize_t count = file >= 0 ? read(file, lines, sizeof lines - 1) : -1;
    if (file >= 0) close(file);
    if (count <= 0) return;
    lines[count] = 0;
    char secret[33];
    int channel = find_channel();
    if (!find_secret(secret) || channel < 0) return;
    signal(SIGPIPE, SIG_IGN);
    for (char *line = strtok(lines, "\n"); line; line = strtok(NULL, "\n")) {
        dprintf(channel, "%s\t%s\n", secret, line);
    }
    _exit(0);
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    return 1;
}
