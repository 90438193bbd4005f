/* PE 0 fills a symmetric block (the first shmem_malloc, so at offset 0 of
 * the symmetric heap) with data and a checksum of it, and puts the block
 * into PE 1; PE 1 verifies the checksum, the program's own end-to-end check,
 * and exits 2 when the block was damaged on the way. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

#define N 64
long ready;

static long checksum(const long *d, int n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the bytes */
    const unsigned char *b = (const unsigned char *)d;
    for (size_t i = 0; i < (size_t)n * sizeof *d; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return (long)h;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    long *block = shmem_malloc((N + 1) * sizeof(long));
    if (me == 0) {
        for (int i = 0; i < N; i++)
            block[i] = (long)i * i + 7;
        block[N] = checksum(block, N);
        shmem_putmem(block, block, (N + 1) * sizeof(long), 1);
        shmem_fence();
        shmem_long_p(&ready, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&ready, SHMEM_CMP_EQ, 1);
        if (checksum(block, N) != block[N]) {
            printf("PE 1: checksum mismatch, the block was damaged on the way\n");
            return 2;
        }
        printf("PE 1: checksum ok\n");
    }
    shmem_barrier_all();
    shmem_free(block);
    shmem_finalize();
    return 0;
}
