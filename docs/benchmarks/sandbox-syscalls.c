/* What each layer of the scanner's box (Host/ViperLoading/Sandbox) costs the kernel per system
   call, measured in one process with nothing else changing: the system calls a scanner makes for
   each plugin (from `strace -c -f` of a cold start with 1,000 plugins, docs/benchmarks/notes.md),
   timed as CPU time of this process before and after putting it under each layer alone.

   cc -O2 -o /tmp/sandbox-syscalls docs/benchmarks/sandbox-syscalls.c
   /tmp/sandbox-syscalls FOLDER-OF-PLUGINS LAYER ROUNDS      (LAYER: none, landlock, seccomp, limits)

   Prints nanoseconds per plugin for: the prescan's six calls (open without following, fstat,
   three preads, close), the loader's open + fstat + close, what dlopen does with the file (open
   it and /proc/self/fd/N, read, fstat, mmap, munmap, close both), and one getpid. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void allow(int ruleset, const char *path, uint64_t rights) {
    struct landlock_path_beneath_attr rule = {.allowed_access = rights, .parent_fd = open(path, O_PATH | O_CLOEXEC)};
    if (rule.parent_fd < 0) return;
    struct stat s;
    fstat(rule.parent_fd, &s);
    if (!S_ISDIR(s.st_mode)) rule.allowed_access &= 0xC007;  /* what a file may have */
    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    close(rule.parent_fd);
}

static void landlock(const char *folder) {
    uint64_t all = (1ull << 16) - 1;  /* every file right through ABI 5, as viper handles them */
    struct landlock_ruleset_attr attributes = {.handled_access_fs = all};
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, 8, 0);
    if (ruleset < 0) { perror("landlock"); exit(1); }
    const char *system[] = {"/usr", "/lib", "/lib64", "/bin", "/etc", "/opt", "/proc/self", "/dev/urandom"};
    for (unsigned i = 0; i < sizeof system / sizeof *system; i++) allow(ruleset, system[i], 1 | 4 | 8);
    allow(ruleset, folder, 1 | 4 | 8);
    allow(ruleset, "/tmp", all);
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) { perror("restrict"); exit(1); }
}

static void seccomp(void) {
    /* viper's filter (SeccompFilter.swift): arch, x32, socket -> EACCES, io_uring_setup -> ENOSYS, else allow */
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 4), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0xC000003E, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS), BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 41, 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 13),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 425, 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 38),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof code / sizeof *code, .filter = code};
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) != 0) { perror("seccomp"); exit(1); }
}

static void limits(void) {
    struct rlimit l = {16ull << 30, 16ull << 30};
    setrlimit(RLIMIT_AS, &l);
    l.rlim_cur = l.rlim_max = 300; setrlimit(RLIMIT_CPU, &l);
    l.rlim_cur = l.rlim_max = 256 << 20; setrlimit(RLIMIT_FSIZE, &l);
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s FOLDER none|landlock|seccomp|limits ROUNDS\n", argv[0]); return 2; }
    const char *folder = argv[1], *layer = argv[2];
    int rounds = atoi(argv[3]);
    char **paths = NULL; int count = 0;
    DIR *d = opendir(folder); struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".so")) continue;
        paths = realloc(paths, sizeof *paths * (count + 1));
        asprintf(&paths[count++], "%s/%s", folder, e->d_name);
    }
    closedir(d);
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    if (!strcmp(layer, "landlock")) landlock(folder);
    if (!strcmp(layer, "seccomp")) seccomp();
    if (!strcmp(layer, "limits")) limits();
    double sums[4] = {0};
    char buffer[1024];
    struct stat s;
    for (int r = 0; r < rounds; r++) {
        double t0 = cpu();
        for (int i = 0; i < count; i++) {  /* the prescan: Sandbox.loadingFolders */
            int f = open(paths[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
            fstat(f, &s);
            pread(f, buffer, 1024, 0); pread(f, buffer, 512, 8192); pread(f, buffer, 512, 4096);
            close(f);
        }
        double t1 = cpu();
        for (int i = 0; i < count; i++) {  /* the loader's open, fstat and close */
            int f = open(paths[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
            fstat(f, &s);
            close(f);
        }
        double t2 = cpu();
        for (int i = 0; i < count; i++) {  /* what dlopen does with /proc/self/fd/N */
            int f = open(paths[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
            char name[64];
            snprintf(name, sizeof name, "/proc/self/fd/%d", f);
            int g = open(name, O_RDONLY | O_CLOEXEC);
            read(g, buffer, 832); fstat(g, &s);
            void *m = mmap(NULL, s.st_size, PROT_READ | PROT_EXEC, MAP_PRIVATE, g, 0);
            munmap(m, s.st_size);
            close(g); close(f);
        }
        double t3 = cpu();
        for (int i = 0; i < count * 10; i++) syscall(SYS_getpid);
        double t4 = cpu();
        sums[0] += t1 - t0; sums[1] += t2 - t1; sums[2] += t3 - t2; sums[3] += (t4 - t3) / 10;
    }
    double n = (double)rounds * count;
    printf("%-8s prescan %6.0f  loader-open %6.0f  dlopen-like %6.0f  getpid %5.0f  ns per plugin\n",
           layer, sums[0] / n, sums[1] / n, sums[2] / n, sums[3] / n);
    return 0;
}
