/* Threads of the program's own (a user-level thread package, as Charm++'s
 * Cth threads): a context made with makecontext on a malloc'd stack, to
 * which the PE switches with swapcontext; it calls the library from
 * there, switches back, and is resumed once more to finish. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static ucontext_t main_ctx, thr_ctx;
static long slot;

static void thread_fn(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_long_p(&slot, me, (me + 1) % n); /* from the program's own stack */
    shmem_quiet();
    swapcontext(&thr_ctx, &main_ctx);
    printf("PE %d: user thread resumed\n", me);
}

int main(void)
{
    shmem_init();
    size_t size = 256 * 1024;
    void *stack = malloc(size);
    getcontext(&thr_ctx);
    thr_ctx.uc_stack.ss_sp = stack;
    thr_ctx.uc_stack.ss_size = size;
    thr_ctx.uc_link = &main_ctx;
    makecontext(&thr_ctx, thread_fn, 0);
    swapcontext(&main_ctx, &thr_ctx);
    shmem_barrier_all();
    swapcontext(&main_ctx, &thr_ctx); /* it ends, and uc_link brings us back */
    int n = shmem_n_pes();
    printf("PE %d got %ld\n", shmem_my_pe(), slot);
    free(stack);
    shmem_finalize();
    return slot != (shmem_my_pe() + n - 1) % n;
}
