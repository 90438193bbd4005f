/* Compute-heavy: each PE smooths a symmetric array many times and
 * exchanges its edges once per step (the cost of instrumenting the
 * program's own loads and stores dominates). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16384
static double a[N + 2], b[N + 2];

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 20;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    for (int i = 0; i < N + 2; i++)
        a[i] = me + i * 1e-3;
    shmem_barrier_all();
    for (int s = 0; s < steps; s++) {
        shmem_double_p(&a[N + 1], a[N], (me + 1) % n); /* my right edge, their left halo */
        shmem_barrier_all();
        for (int i = 1; i <= N; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        shmem_barrier_all();
        for (int i = 1; i <= N; i++)
            a[i] = b[i];
    }
    double sum = 0;
    for (int i = 1; i <= N; i++)
        sum += a[i];
    if (me == 0)
        printf("sum %.3f\n", sum);
    shmem_finalize();
    return 0;
}
