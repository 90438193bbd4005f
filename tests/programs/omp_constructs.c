/* Every OpenMP construct the simulator's run-time library provides, each
 * calling SHMEM from the team's worker threads under
 * SHMEM_THREAD_MULTIPLE; each result is checked against what it must be. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
static long inbox[N];            /* symmetric: filled by the left neighbour */
static long hits;                /* symmetric: atomically counted */
static int failures;

static void check(const char *what, long got, long want)
{
    if (got != want) {
        printf("FAIL %s: %ld, want %ld\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    check("provided", provided, SHMEM_THREAD_MULTIPLE);
    int nthreads = 0;

    /* parallel + for (static): each worker puts its share of the array. */
#pragma omp parallel
    {
#pragma omp single
        nthreads = omp_get_num_threads();
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
            shmem_long_p(&inbox[i], 1000L * me + i, right);
    }
    shmem_barrier_all();
    int left = (me + npes - 1) % npes;
    for (int i = 0; i < N; i++)
        check("parallel for", inbox[i], 1000L * left + i);
    check("team size", nthreads, 4);

    /* dynamic schedule + atomics from workers. */
#pragma omp parallel for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
        shmem_long_atomic_inc(&hits, right);
    shmem_barrier_all();
    check("dynamic + atomic_inc", shmem_long_atomic_fetch(&hits, me), N);

    /* single, master, barrier, critical, atomic, reduction. */
    long crit = 0, atom = 0, red = 0, singles = 0, masters = 0;
#pragma omp parallel reduction(+ : red)
    {
#pragma omp single
        singles++;
#pragma omp master
        masters++;
#pragma omp barrier
#pragma omp critical
        crit += shmem_long_g(&inbox[omp_get_thread_num()], me);
#pragma omp atomic
        atom += 2;
#pragma omp for
        for (int i = 0; i < N; i++)
            red += shmem_long_g(&inbox[i], me);
    }
    long want_red = 0, want_crit = 0;
    for (int i = 0; i < N; i++)
        want_red += 1000L * left + i;
    for (int t = 0; t < nthreads; t++)
        want_crit += 1000L * left + t;
    check("single", singles, 1);
    check("master", masters, 1);
    check("critical", crit, want_crit);
    check("atomic", atom, 2L * nthreads);
    check("reduction", red, want_red);

    /* sections: each section gets a value from another PE. */
    long s1 = 0, s2 = 0, s3 = 0;
#pragma omp parallel sections
    {
#pragma omp section
        s1 = shmem_long_g(&inbox[1], right);
#pragma omp section
        s2 = shmem_long_g(&inbox[2], right);
#pragma omp section
        s3 = shmem_long_g(&inbox[3], right);
    }
    check("sections", s1 + s2 + s3, 3000L * me + 6);

    /* task / taskwait: tasks put, the creator waits, then quiets. */
    static long done[16];
#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < 16; k++) {
#pragma omp task firstprivate(k)
            shmem_long_p(&done[k], k + 1, right);
        }
#pragma omp taskwait
        shmem_quiet();
    }
    shmem_barrier_all();
    long tsum = 0;
    for (int k = 0; k < 16; k++)
        tsum += done[k];
    check("task/taskwait", tsum, 136);

    /* ordered: the iterations print in order whatever the schedule. */
    long order[N / 4], pos = 0;
#pragma omp parallel for ordered schedule(dynamic)
    for (int i = 0; i < N / 4; i++) {
#pragma omp ordered
        order[pos++] = i;
    }
    for (int i = 0; i < N / 4; i++)
        check("ordered", order[i], i);

    shmem_barrier_all();
    printf("PE %d: %d threads, %s\n", me, nthreads, failures ? "FAILED" : "all constructs right");
    shmem_finalize();
    return failures != 0;
}
