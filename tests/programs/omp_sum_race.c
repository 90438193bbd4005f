/* omp_sum_race: the threads of every PE sum a symmetric array into a
 * global, the way argv[1] says: "plain" (sum += ... with nothing around
 * it: a race between the threads), "reduction" (a reduction clause),
 * "critical" (each addition in omp critical), "atomic" (omp atomic),
 * "ordered" (an ordered loop), "tasks" (one task per block, each into its
 * own slot, summed after taskwait).  Every PE prints its sum. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 64
long a[N], sum, part[8];

int main(int argc, char **argv)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    const char *how = argc > 1 ? argv[1] : "plain";
    for (int i = 0; i < N; i++)
        a[i] = i + 1;
    if (!strcmp(how, "plain")) {
#pragma omp parallel for num_threads(4)
        for (int i = 0; i < N; i++)
            sum += a[i];
    } else if (!strcmp(how, "reduction")) {
        long s = 0;
#pragma omp parallel for num_threads(4) reduction(+ : s)
        for (int i = 0; i < N; i++)
            s += a[i];
        sum = s;
    } else if (!strcmp(how, "critical")) {
#pragma omp parallel for num_threads(4)
        for (int i = 0; i < N; i++) {
#pragma omp critical
            sum += a[i];
        }
    } else if (!strcmp(how, "atomic")) {
#pragma omp parallel for num_threads(4)
        for (int i = 0; i < N; i++) {
#pragma omp atomic
            sum += a[i];
        }
    } else if (!strcmp(how, "ordered")) {
#pragma omp parallel for ordered schedule(dynamic, 4) num_threads(4)
        for (int i = 0; i < N; i++) {
#pragma omp ordered
            sum += a[i];
        }
    } else if (!strcmp(how, "tasks")) {
#pragma omp parallel num_threads(4)
#pragma omp single
        {
            for (int b = 0; b < 8; b++) {
#pragma omp task firstprivate(b)
                for (int i = b * 8; i < b * 8 + 8; i++)
                    part[b] += a[i];
            }
#pragma omp taskwait
            for (int b = 0; b < 8; b++)
                sum += part[b];
        }
    }
    printf("PE %d: %ld\n", shmem_my_pe(), sum);
    shmem_finalize();
    return 0;
}
