/* heap_big: large symmetric blocks.  shmem_malloc fills only the first
 * 16 MiB of a block with the 0xa5 garbage pattern (the rest holds what the
 * heap held: zeros here, never used); shmem_calloc zeroes all of a block,
 * also over memory an earlier block dirtied.  Prints "PE n ok" or what was
 * wrong (with a heap too small, that the blocks are NULL). */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define MIB ((size_t)1 << 20)
#define BIG (40 * MIB)

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), bad = 0;
    unsigned char *p = shmem_malloc(BIG);
    if (!p || p[0] != 0xa5 || p[16 * MIB - 1] != 0xa5 || p[16 * MIB] != 0 || p[BIG - 1] != 0) {
        printf("PE %d: malloc'd block: %02x %02x %02x %02x\n", me, p ? p[0] : 0,
               p ? p[16 * MIB - 1] : 0, p ? p[16 * MIB] : 0, p ? p[BIG - 1] : 0);
        bad = 1;
    }
    if (p)
        memset(p, 7, BIG);
    shmem_free(p);
    unsigned char *q = shmem_calloc(BIG + 3, 1); /* not a whole number of pages */
    for (size_t i = 0; q && i < BIG + 3; i += 4093)
        if (q[i]) {
            printf("PE %d: calloc'd byte %zu is %d\n", me, i, q[i]);
            bad = 1;
            break;
        }
    if (!q || q[BIG + 2] || q[BIG + 1]) {
        printf("PE %d: calloc'd block end not zero\n", me);
        bad = 1;
    }
    shmem_free(q);
    if (!bad)
        printf("PE %d ok\n", me);
    shmem_finalize();
    return bad;
}
