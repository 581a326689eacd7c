/* A plugin whose constructor tries, when it is scanned or checked, to change the metadata of
   $VIPER_TEST_VICTIM, a file of the person's (the test puts it beside the plugin, where the box
   may read it, so the calls on a descriptor reach it too): the call is named by $VIPER_TEST_CALL and made with
   syscall(2) by its own number, so the C library cannot swap it for another. Landlock has no
   right for metadata; the seccomp filter must refuse each. "fork", "vfork", "clone" (without
   CLONE_THREAD) and "spawn" (posix_spawn, which tries clone3 first) try a fork bomb instead:
   up to 64 children, each waiting on a pipe the constructor closes when it is done; the entry
   point then fails with status 100 + the children it managed to start (100 when none).
   "threads" starts 2,000 threads instead: status 101 when all started, 100 when capped.
   "prlimit", "sched_setscheduler", "sched_setaffinity", "setpriority", "setpriority-group" and
   "ioprio_set" change the process that started this one (viper) instead: its address space
   cut to nothing, its scheduling made idle, its priority lowered; status 101 when the call went
   through, 100 when it was refused. "keyctl" reads the key of the account's user keyring that
   $VIPER_TEST_KEY describes instead: status 101 when it read the key's secret, 100 when not.
   "sethostname" and "nice" use a power of root's (CAP_SYS_ADMIN, CAP_SYS_NICE) harmlessly: the
   host's name set to the name it has, this process's own priority raised by one; status 101
   when the call went through. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

uint32_t viper_plugin_abi(void) { return 1u << 16; }

static int started;

static void fork_bomb(void) {
    int hold[2];
    if (pipe(hold) != 0) return;
    pid_t children[64];
    for (int index = 0; index < 64; index++) {
        pid_t child;
        const char *call = getenv("VIPER_TEST_CALL");
        if (strcmp(call, "vfork") == 0) {
            child = vfork();
            if (child == 0) _exit(0);
        } else if (strcmp(call, "clone") == 0) {
            child = (pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
        } else if (strcmp(call, "spawn") == 0) {
            char *arguments[] = { "true", NULL };
            child = posix_spawn(&child, "/bin/true", NULL, NULL, arguments, NULL) == 0 ? child : -1;
        } else {
            child = fork();
        }
        if (child == 0) {
            char byte;
            close(hold[1]);
            (void)!read(hold[0], &byte, 1);
            _exit(0);
        }
        if (child < 0) break;
        children[started++] = child;
    }
    close(hold[1]);
    close(hold[0]);
    for (int index = 0; index < started; index++) waitpid(children[index], NULL, 0);
}

static int hold_threads[2];

static void *wait_for_release(void *unused) {
    char byte;
    (void)unused;
    (void)!read(hold_threads[0], &byte, 1);
    return NULL;
}

/* "threads": a thread bomb of 2,000 threads, each waiting on a pipe; `started` ends as 1 when
   all of them started (nothing capped it), else 0. */
static void thread_bomb(void) {
    enum { wanted = 2000 };
    static pthread_t threads[wanted];
    if (pipe(hold_threads) != 0) return;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    int count = 0;
    while (count < wanted && pthread_create(&threads[count], &attributes, wait_for_release, NULL) == 0) count++;
    close(hold_threads[1]);
    for (int index = 0; index < count; index++) pthread_join(threads[index], NULL);
    close(hold_threads[0]);
    started = count == wanted ? 1 : 0;
}

__attribute__((constructor)) static void tamper(void) {
    const char *call = getenv("VIPER_TEST_CALL");
    const char *path = getenv("VIPER_TEST_VICTIM");
    if (!call || !path) return;
    struct timespec zero[2] = { { 0, 0 }, { 0, 0 } };
    struct timeval old[2] = { { 0, 0 }, { 0, 0 } };
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (strcmp(call, "fork") == 0 || strcmp(call, "vfork") == 0 || strcmp(call, "clone") == 0
        || strcmp(call, "spawn") == 0)
        fork_bomb();
    else if (strcmp(call, "threads") == 0) thread_bomb();
    else if (strcmp(call, "prlimit") == 0) {
        struct rlimit none = { 0, 0 };
        started = syscall(SYS_prlimit64, getppid(), RLIMIT_AS, &none, NULL) == 0;
    } else if (strcmp(call, "sched_setscheduler") == 0) {
        struct sched_param parameters = { 0 };
        started = syscall(SYS_sched_setscheduler, getppid(), SCHED_IDLE, &parameters) == 0;
    } else if (strcmp(call, "sched_setaffinity") == 0) {
        unsigned long first = 1;
        started = syscall(SYS_sched_setaffinity, getppid(), sizeof first, &first) == 0;
    } else if (strcmp(call, "setpriority") == 0)
        started = syscall(SYS_setpriority, PRIO_PROCESS, getppid(), 19) == 0;
    else if (strcmp(call, "setpriority-group") == 0)
        started = syscall(SYS_setpriority, PRIO_PGRP, getpgid(getppid()), 19) == 0;
    else if (strcmp(call, "sethostname") == 0) {
        char name[256] = { 0 };
        started = gethostname(name, sizeof name - 1) == 0 && sethostname(name, strlen(name)) == 0;
    } else if (strcmp(call, "nice") == 0) {
        errno = 0;
        int now = getpriority(PRIO_PROCESS, 0);
        started = errno == 0 && setpriority(PRIO_PROCESS, 0, now - 1) == 0;
    } else if (strcmp(call, "keyctl") == 0) {
        const char *description = getenv("VIPER_TEST_KEY");
        long key = description ? syscall(SYS_keyctl, 10 /* KEYCTL_SEARCH */, -4 /* the user keyring */, "user", description, 0) : -1;
        char secret[64];
        started = key > 0 && syscall(SYS_keyctl, 11 /* KEYCTL_READ */, key, secret, sizeof secret) > 0;
    } else if (strcmp(call, "ioprio_set") == 0)
        started = syscall(SYS_ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, getppid(), 3 << 13 /* idle */) == 0;
#ifdef SYS_chmod
    else if (strcmp(call, "chmod") == 0) syscall(SYS_chmod, path, 0666);
#endif
    else if (strcmp(call, "fchmod") == 0) syscall(SYS_fchmod, descriptor, 0666);
    else if (strcmp(call, "fchmodat") == 0) syscall(SYS_fchmodat, AT_FDCWD, path, 0666);
    else if (strcmp(call, "fchmodat2") == 0) syscall(452, AT_FDCWD, path, 0666, 0);
#ifdef SYS_chown
    else if (strcmp(call, "chown") == 0) syscall(SYS_chown, path, 4242, 4242);
    else if (strcmp(call, "lchown") == 0) syscall(SYS_lchown, path, 4242, 4242);
#endif
    else if (strcmp(call, "fchown") == 0) syscall(SYS_fchown, descriptor, 4242, 4242);
    else if (strcmp(call, "fchownat") == 0) syscall(SYS_fchownat, AT_FDCWD, path, 4242, 4242, 0);
    else if (strcmp(call, "setxattr") == 0) syscall(SYS_setxattr, path, "user.viper", "forged", 6, 0);
    else if (strcmp(call, "lsetxattr") == 0) syscall(SYS_lsetxattr, path, "user.viper", "forged", 6, 0);
    else if (strcmp(call, "fsetxattr") == 0) syscall(SYS_fsetxattr, descriptor, "user.viper", "forged", 6, 0);
    else if (strcmp(call, "removexattr") == 0) syscall(SYS_removexattr, path, "user.kept");
    else if (strcmp(call, "lremovexattr") == 0) syscall(SYS_lremovexattr, path, "user.kept");
    else if (strcmp(call, "fremovexattr") == 0) syscall(SYS_fremovexattr, descriptor, "user.kept");
    else if (strcmp(call, "utimensat") == 0) syscall(SYS_utimensat, AT_FDCWD, path, zero, 0);
#ifdef SYS_utime
    else if (strcmp(call, "utime") == 0) {
        struct utimbuf times = { 0, 0 };
        syscall(SYS_utime, path, &times);
    }
    else if (strcmp(call, "utimes") == 0) syscall(SYS_utimes, path, old);
    else if (strcmp(call, "futimesat") == 0) syscall(SYS_futimesat, AT_FDCWD, path, old);
#endif
    if (descriptor >= 0) close(descriptor);
}

int32_t viper_plugin_entry(void *host) {
    (void)host;
    return 100 + started;
}
