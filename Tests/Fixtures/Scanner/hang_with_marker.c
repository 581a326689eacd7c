/* A plugin that hangs in its entry point and shows whether another copy hangs at the same
   time: it holds a lock on $VIPER_TEST_MARKERS/<pid>.running while it lives (the kernel drops
   the lock when the process is killed) and writes <pid>.saw-another once it finds another
   copy's file still locked. */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

static int another_is_running(const char *folder, const char *own) {
    DIR *dir = opendir(folder);
    if (!dir) return 0;
    int found = 0;
    struct dirent *entry;
    char path[4096];
    while (!found && (entry = readdir(dir))) {
        if (!strstr(entry->d_name, ".running") || strcmp(entry->d_name, own) == 0) continue;
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        int fd = open(path, O_RDONLY);
        if (fd < 0) continue;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) found = 1;
        close(fd);
    }
    closedir(dir);
    return found;
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    const char *folder = getenv("VIPER_TEST_MARKERS");
    if (!folder) for (;;) pause();
    char own[64], path[4096];
    snprintf(own, sizeof own, "%d.running", (int)getpid());
    snprintf(path, sizeof path, "%s/%s", folder, own);
    int fd = open(path, O_CREAT | O_WRONLY, 0600);
    if (fd >= 0) flock(fd, LOCK_EX);
    for (;;) {
        if (another_is_running(folder, own)) {
            snprintf(path, sizeof path, "%s/%d.saw-another", folder, (int)getpid());
            close(open(path, O_CREAT | O_WRONLY, 0600));
            for (;;) pause();
        }
        usleep(20000);
    }
    return 0;
}
