/* Every PE writes two lines, then PE 1 fails in the way argv[1] names while
 * the others wait in a barrier.  The "@name" comments mark the lines the
 * reports must name (tests/check_crash.c reads them from this file). */
#define _GNU_SOURCE
#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <shmem.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <unistd.h>

void __stack_chk_fail(void);

static void on_segv(int sig)
{
    printf("PE %d handler got signal %d\n", shmem_my_pe(), sig);
    _exit(7);
}

static volatile int *volatile nowhere;

static int deep(int n)
{ /* @overflow: the frame is probed on entry (-fstack-clash-protection) */
    volatile char buf[4096];
    buf[0] = (char)n;
    return n ? deep(n - 1) + buf[0] : 0;
}

/* A frame larger than the whole stack: without page probes its first
 * write would land beyond the guard, in whatever is mapped there. */
static __attribute__((noinline)) int big_frame(int n)
{
    volatile char big[1600 * 1024];
    big[0] = (char)n;
    return big[0];
}

long flag;

extern ElfW(Dyn) _DYNAMIC[];

/* Makes the page of this PE's copy that holds the table of routine
 * addresses, which every call stub (PLT entry) reads, inaccessible: the
 * next call through a stub faults in the stub, code of no function. */
static void protect_routine_table(void)
{
    Dl_info info;
    uintptr_t got = 0;
    if (!dladdr((void *)protect_routine_table, &info))
        return;
    for (ElfW(Dyn) *d = _DYNAMIC; d->d_tag != DT_NULL; d++)
        if (d->d_tag == DT_PLTGOT) /* relocated by the dynamic linker, or not */
            got = d->d_un.d_ptr < (uintptr_t)info.dli_fbase
                      ? (uintptr_t)info.dli_fbase + d->d_un.d_ptr : d->d_un.d_ptr;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    if (got)
        mprotect((void *)(got & ~(page - 1)), page, PROT_NONE);
}

static void on_alarm(int sig)
{
    printf("PE %d alarm handler got signal %d\n", shmem_my_pe(), sig);
    _exit(3);
}

/* A fatal signal's handler that restores the default action and raises
 * the signal again as its last act (a tail call, whatever the level). */
static __attribute__((optimize("optimize-sibling-calls"))) void reraise(int sig)
{
    signal(sig, SIG_DFL);
    raise(sig);
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
    got_usr1 = sig;
}

static __attribute__((noinline)) void fail(const char *mode, int argc, const char *prog)
{
    if (!strcmp(mode, "segv")) {
        volatile int *p = nowhere + argc;
        *p = 1; /* @segv */
        printf("not reached\n");
    }
    if (!strcmp(mode, "wild")) { /* memory unmapped since (a sanitizer's allocator keeps
                                   * a freed block mapped, so not malloc's) */
        char *volatile p = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        munmap(p, 1 << 16);
        p[argc] = 1; /* @wild */
    }
    if (!strcmp(mode, "abort"))
        abort(); /* @abort */
    if (!strcmp(mode, "big-frame"))
        big_frame(argc);
    if (!strcmp(mode, "overflow"))
        deep(1 << 20);
    if (!strcmp(mode, "assert"))
        assert(argc == 0); /* @assert */
    if (!strcmp(mode, "double-free")) {
        char *volatile p = malloc(32);
        free(p);
        free(p); /* @double-free */
    }
    if (!strcmp(mode, "raise-abrt"))
        raise(SIGABRT); /* @raise-abrt */
    if (!strcmp(mode, "raise-term"))
        raise(SIGTERM); /* @raise-term */
    if (!strcmp(mode, "raise-int"))
        raise(SIGINT); /* @raise-int */
    if (!strcmp(mode, "raise-usr1"))
        raise(SIGUSR1); /* @raise-usr1 */
    if (!strcmp(mode, "kill-self"))
        kill(getpid(), SIGUSR1); /* @kill-self */
    /* Another PE's pid, as getpid gave it to that PE: the signal goes to
     * that PE (waiting in the barrier), never to a process of the machine;
     * nor does one to every process. */
    if (!strncmp(mode, "kill-peer", 9)) {
        pid_t peer = getpid() + 1;
        int all = kill(-1, 0), why = errno;
        printf("kill(-1) %d %s, kill(peer, 0) %d\n", all, why == EPERM ? "EPERM" : "?",
               kill(peer, 0));
        kill(peer, strcmp(mode, "kill-peer") ? SIGUSR1 : SIGTERM); /* @kill-peer */
    }
    if (!strcmp(mode, "reraise")) {
        signal(SIGSEGV, reraise);
        *(nowhere + argc) = 5; /* @reraise */
    }
    if (!strcmp(mode, "sig-dfl")) {
        signal(SIGSEGV, SIG_DFL);
        *(nowhere + argc) = 2; /* @sig-dfl */
    }
    if (!strcmp(mode, "stack-chk"))
        __stack_chk_fail(); /* @stack-chk */
    if (!strcmp(mode, "quick-exit"))
        quick_exit(9); /* @quick-exit */
    if (!strcmp(mode, "exec")) {
        char *args[] = {"/bin/echo", "replaced", NULL};
        execv(args[0], args); /* @exec */
    }
    if (!strcmp(mode, "alarm")) {
        alarm(2);
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1); /* @alarm */
    }
    if (!strcmp(mode, "alarm-handler")) {
        signal(SIGALRM, on_alarm);
        alarm(2);
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    }
    if (!strcmp(mode, "alarm0")) {
        alarm(0); /* must not turn the watchdog off */
        for (;;) { /* @alarm0 */
        }
    }
    if (!strcmp(mode, "spin"))
        for (;;) { /* @spin */
        }
    if (!strcmp(mode, "flock")) /* a wait in the kernel for another PE */
        flock(open(prog, O_RDONLY), LOCK_EX); /* @flock */
    if (!strcmp(mode, "pipe")) { /* a read that waits outside the simulator */
        int fds[2];
        char c;
        if (pipe(fds) == 0)
            (void)read(fds[0], &c, 1); /* @pipe */
    }
    if (!strcmp(mode, "handler"))
        *(nowhere + argc) = 4; /* @segv-1 */
    if (!strcmp(mode, "stub")) {
        protect_routine_table();
        shmem_quiet(); /* @stub */
        printf("not reached\n");
    }
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    const char *mode = argc > 1 ? argv[1] : "";
    /* A SIGSEGV handler on PE 2 only: PE 1's fault must not run it, PE 2's
     * must (and nothing else). */
    if (me == 2 && !strncmp(mode, "handler", 7))
        signal(SIGSEGV, on_segv);
    if (me == 2 && !strcmp(mode, "kill-peer-handler"))
        signal(SIGUSR1, on_usr1);
    printf("PE %d line 1\n", me);
    printf("PE %d line 2 (partial)", me);
    if (!strcmp(mode, "flock")) { /* PE 0 holds a lock on a file PE 1 then waits for */
        if (me == 0)
            flock(open(argv[0], O_RDONLY), LOCK_EX);
        shmem_barrier_all();
    }
    if (me == 1)
        fail(mode, argc, argv[0]);
    if (me == 2 && !strcmp(mode, "handler-own"))
        *(nowhere + argc) = 3; /* @handler */
    if (!strcmp(mode, "wait"))
        shmem_barrier_all(); /* every PE has written its lines */
    if (me == 0 && !strcmp(mode, "wait")) {
        /* Runs until stopped from outside, entering the simulator all the
         * time (so no watchdog), once the others wait in the barrier (a
         * millisecond of virtual time lets them get there first). */
        usleep(1000);
        fprintf(stderr, "PE 0 spinning\n");
        for (;;)
            shmem_quiet(); /* @wait */
    }
    shmem_barrier_all();
    if (got_usr1)
        printf("PE %d got signal %d", me, (int)got_usr1);
    printf(" PE %d done\n", me);
    shmem_finalize();
    return 0;
}
