/* Whether the kernel's seccomp constant-action cache makes viper's filter (SeccompFilter.swift)
   as cheap as a filter can be: one system call (getppid) timed in a loop, in CPU time of this
   process, under no filter, under a filter that allows everything in one instruction, under
   viper's filter (which reads only the call's number and architecture, so the kernel can decide
   every other call without running it), and under the same filter preceded by a read of an
   argument (which the cache cannot decide, so it runs on every call).
   docs/benchmarks/notes.md, round 7, gives the figures.

   cc -O2 -o /tmp/seccomp-cache docs/benchmarks/seccomp-cache.c
   for m in none allow viper args; do /tmp/seccomp-cache $m; done */
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/audit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static double cpu(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec*1e9+t.tv_nsec;}
static void install(struct sock_filter *code, unsigned short n){
  struct sock_fprog p={.len=n,.filter=code};
  prctl(PR_SET_NO_NEW_PRIVS,1,0,0,0);
  if(syscall(SYS_seccomp,SECCOMP_SET_MODE_FILTER,0,&p)){perror("seccomp");exit(1);}
}
int main(int argc,char**argv){
  const char*mode=argv[1];
  if(!strcmp(mode,"allow")){struct sock_filter c[]={BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ALLOW)};install(c,1);}
  if(!strcmp(mode,"viper")){struct sock_filter c[]={
    BPF_STMT(BPF_LD|BPF_W|BPF_ABS,4),BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,AUDIT_ARCH_X86_64,1,0),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_LD|BPF_W|BPF_ABS,0),BPF_JUMP(BPF_JMP|BPF_JGE|BPF_K,0x40000000,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_KILL_PROCESS),
    BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,41,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|13),
    BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,425,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|38),
    BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ALLOW)};install(c,11);}
  if(!strcmp(mode,"args")){ /* a filter that reads an argument: no constant action, runs every call */
    struct sock_filter c[]={BPF_STMT(BPF_LD|BPF_W|BPF_ABS,16),BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,12345,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|1),
    BPF_STMT(BPF_LD|BPF_W|BPF_ABS,4),BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,AUDIT_ARCH_X86_64,1,0),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_LD|BPF_W|BPF_ABS,0),BPF_JUMP(BPF_JMP|BPF_JGE|BPF_K,0x40000000,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_KILL_PROCESS),
    BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,41,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|13),
    BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,425,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|38),
    BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ALLOW)};install(c,14);}
  int n=2000000; double b=cpu(); for(int i=0;i<n;i++) syscall(SYS_getppid); double e=cpu();
  printf("%-6s %.1f ns a getppid\n",mode,(e-b)/n); return 0;}
