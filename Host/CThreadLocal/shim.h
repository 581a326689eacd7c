/* One thread-local word for the core's registry: this thread's resolution stack (ResolutionStack.swift).
 *
 * Swift has no thread-local variables; pthread_getspecific is a call into libc, and a resolve
 * would make it every time. A C thread-local read in an executable is one instruction from the
 * thread pointer. The word only caches what the pthread key holds: the key's destructor still
 * releases the stack at the thread's end, and clears this word first.
 *
 * weak: every object file that includes this header emits the definition, and the linker keeps
 * one. The TLS model is the compiler's default (general dynamic, for position-independent code):
 * linked into an executable (viper, the tests), the linker relaxes each access to the thread
 * pointer plus a constant, so nothing is lost there; linked into a library that a program opens
 * with dlopen (an embedder of the core), it asks __tls_get_addr, and the library needs no slot in
 * the static TLS block, which a dlopen'd library cannot count on getting
 * (ThreadLocalEmbeddingTests). */
#ifndef VIPER_CTHREADLOCAL_H
#define VIPER_CTHREADLOCAL_H

__attribute__((weak)) _Thread_local void *viper_resolution_stack = 0;

/* This thread's resolution stack, or NULL before the thread's first resolve and after its end. */
static inline __attribute__((always_inline)) void *viper_resolution_stack_get(void) {
    return viper_resolution_stack;
}

/* Keeps `stack` as this thread's (NULL: none). */
static inline __attribute__((always_inline)) void viper_resolution_stack_set(void *stack) {
    viper_resolution_stack = stack;
}

/* The CPU's time-stamp counter, for the plugin profile's clock (PluginTally.swift): one rdtsc, about
 * 20 ns here where clock_gettime through the vDSO took 56 ns, and a measured plugin call reads it
 * twice. 0 where there is none to read without a system call (then the profile reads
 * clock_gettime). */
static inline __attribute__((always_inline)) unsigned long long viper_cpu_ticks(void) {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    return 0;
#endif
}

#endif
