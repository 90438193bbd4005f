/* A computation with no simulator call in its loop: a weighted sum over
 * an image held in a local array (on the PE's stack), added into rows of
 * a heap image reached through a table of row pointers, so that every
 * step loads the same row pointer again, holding the same value, with the
 * same heap word between.  Nothing in it waits: it takes no virtual time
 * and no turn of the others.  Prints, per PE, the virtual time the loop
 * took and a checksum. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 100
#define R 10

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    double img[N][N];
    double **rows = malloc(N * sizeof *rows);
    rows[0] = calloc(N * N, sizeof **rows);
    for (int i = 1; i < N; i++)
        rows[i] = rows[i - 1] + N;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            img[i][j] = (i * 7 + j * 3 + me) % 17;
    shmem_barrier_all();
    long long t0 = now_ns();
    int pixel = 0;
    for (int i = R; i < N - R; i++)
        for (int j = R; j < N - R; j++, pixel++)
            if (pixel % npes == me)
                for (int k = -R; k <= R; k++)
                    for (int l = -R; l <= R; l++)
                        rows[i][j] = rows[i][j] + (k * k + l * l) * img[i + k][j + l];
    long long took = now_ns() - t0;
    double sum = 0;
    for (int i = 0; i < N * N; i++)
        sum += rows[0][i];
    printf("PE %d: the loop took %lld ns, sum %.0f\n", me, took, sum);
    free(rows[0]);
    free(rows);
    shmem_finalize();
    return 0;
}
