/* What the kernel charges a scanner for handing `dlopen` each plugin as /proc/self/fd/N when N is
   a new number each time (the prescan's kept descriptors, Host/ViperLoading/Sandbox/PreopenedFiles)
   against one number reused (what the loader's own open gives, and what PreopenedFiles.lowered
   gives since round 8): the loader's stat of the name, dlopen's open of it, the closes.

   cc -O2 -o /tmp/procfd-names docs/benchmarks/procfd-names.c
   /tmp/procfd-names FOLDER-OF-1000-BENCH-PLUGINS MODE      (MODE 0: kept numbers, 1: lowered)

   Opens all 1,000 libbench-NNNN.so first (as the prescan keeps them), then times, in CPU time of
   this process, each file's turn; prints nanoseconds a file. Run each mode in a fresh process:
   /proc/self/fd's dentries outlive a closed descriptor within one process. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s FOLDER-OF-1000-BENCH-PLUGINS MODE (0 kept numbers, 1 lowered)\n", argv[0]);
        return 64;
    }
    const char *folder = argv[1];
    int mode = atoi(argv[2]), count = 1000, descriptors[1000];
    char path[4096], name[64];
    for (int i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/libbench-%04d.so", folder, i + 1);
        descriptors[i] = open(path, O_RDONLY | O_CLOEXEC);
        if (descriptors[i] < 0) { perror(path); return 1; }
    }
    double start = now();
    for (int i = 0; i < count; i++) {
        int descriptor = descriptors[i];
        if (mode == 1) {
            int low = fcntl(descriptor, F_DUPFD_CLOEXEC, 0);
            close(descriptor);
            descriptor = low;
        }
        struct stat status;
        snprintf(name, sizeof name, "/proc/self/fd/%d", descriptor);
        stat(name, &status);
        int again = open(name, O_RDONLY | O_CLOEXEC);
        close(again);
        close(descriptor);
    }
    printf("mode %d: %.0f ns a file\n", mode, (now() - start) / count);
    return 0;
}
