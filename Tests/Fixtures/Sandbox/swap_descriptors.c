/* A plugin whose constructor, which runs in viper's scanner before the next plugin of its batch
   loads, puts /dev/null at every descriptor that is open on a regular file (the files the
   scanner's prescan keeps open for its loader) and then refuses to register (its entry point
   returns a failure status, so the scanner goes on with the same process). The plugin after it
   must load as if nothing happened: the loader opens its path instead. */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

__attribute__((constructor)) static void swap(void) {
    int null = open("/dev/null", O_RDONLY);
    DIR *folder = opendir("/proc/self/fd");
    struct dirent *entry;
    while (folder && (entry = readdir(folder))) {
        int descriptor = atoi(entry->d_name);
        struct stat status;
        if (descriptor <= 2 || descriptor == dirfd(folder) || descriptor == null) continue;
        if (fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)) dup2(null, descriptor);
    }
    if (folder) closedir(folder);
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    return 1;
}
