/* Cray's legacy atomics on short: every PE increments, adds to, swaps and
 * compare-swaps 2-byte counters on PE 0, and the results are exact. */
#include <shmem.h>

#include "expect.h"
#include <stdio.h>

static int errors;
static short counter, sum, slot, word[2];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    word[1] = 0x1234; /* the neighbour of word[0]: a 2-byte op must leave it */
    slot = -1;
    shmem_barrier_all();
    short before = shmem_short_finc(&counter, 0);
    EXPECT(before >= 0 && before < npes);
    short added = shmem_short_fadd(&sum, (short)(me + 1), 0);
    EXPECT(added >= 0 && added < npes * (npes + 1) / 2);
    /* exactly one PE wins the compare-swap from -1 */
    short won = shmem_short_cswap(&slot, -1, (short)me, 0);
    shmem_short_fadd(&word[0], (short)-1, 0);
    shmem_barrier_all();
    if (me == 0) {
        EXPECT(counter == npes);
        EXPECT(sum == npes * (npes + 1) / 2);
        EXPECT(slot >= 0 && slot < npes);
        EXPECT(word[0] == -npes && word[1] == 0x1234);
    }
    short winner = shmem_short_g(&slot, 0);
    EXPECT((won == -1) == (winner == me));
    shmem_barrier_all();
    /* swap returns the previous value: the values form a chain of all PEs */
    short old = shmem_short_swap(&counter, (short)(100 + me), 0);
    EXPECT(old == npes || (old >= 100 && old < 100 + npes && old != 100 + me));
    shmem_barrier_all();
    printf("%d: cray short %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
