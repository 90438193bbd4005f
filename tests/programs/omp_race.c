/* A hybrid race: an OpenMP worker of PE 0 reads 'data' while PE 1 puts
 * into it, with nothing ordering the two (PE 1's flag is never waited
 * for).  Built with -DFIXED, the worker waits for the flag first. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static long data[8], flag;

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe();
    long seen = 0;
    if (me == 1) {
        long v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        shmem_long_put(data, v, 8, 0);
        shmem_fence();
        shmem_long_p(&flag, 1, 0);
    } else {
#pragma omp parallel num_threads(2) reduction(+ : seen)
        if (omp_get_thread_num() == 1) {
#ifdef FIXED
            shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
#endif
            for (int i = 0; i < 8; i++)
                seen += data[i];
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("seen %ld\n", seen);
    shmem_finalize();
    return 0;
}
