/* The profiling interface: this program defines its own shmem_putmem and
 * shmem_long_p, which count their calls and go on through pshmem_putmem
 * and pshmem_long_p.  Every put must land and be counted once.  Prints
 * "PE n profiled P puts, Q p's ok". */
#include <pshmem.h>
#include <shmem.h>
#include <stdio.h>

static long puts_seen, ps_seen;

void shmem_putmem(void *dest, const void *source, size_t nelems, int pe)
{
    puts_seen++;
    pshmem_putmem(dest, source, nelems, pe);
}

void shmem_long_p(long *dest, long value, int pe)
{
    ps_seen++;
    pshmem_long_p(dest, value, pe);
}

static char buf[4][16];
static long word;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    char msg[16];
    for (int k = 0; k < 4; k++) {
        snprintf(msg, sizeof msg, "%d-%d", me, k);
        shmem_putmem(buf[k], msg, sizeof msg, right);
    }
    shmem_long_p(&word, 100 + me, right);
    shmem_barrier_all();
    int left = (me + npes - 1) % npes, ok = word == 100 + left;
    for (int k = 0; k < 4; k++) {
        snprintf(msg, sizeof msg, "%d-%d", left, k);
        for (int i = 0; msg[i]; i++)
            ok &= buf[k][i] == msg[i];
    }
    printf("PE %d profiled %ld puts, %ld p's %s\n", me, puts_seen, ps_seen, ok ? "ok" : "WRONG");
    shmem_finalize();
    return !ok;
}
