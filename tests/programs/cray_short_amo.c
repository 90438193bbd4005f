/* Cray's legacy atomics on short: every PE increments, adds to, swaps and
 * compare-swaps 2-byte counters on PE 0, and the results are exact; then
 * the same under Cray's shmemx_short_ names, with its put with signal of
 * six arguments (the signal set) beside Sandia's of seven. */
#include <shmem.h>
#include <shmemx.h>

#include "expect.h"
#include <stdio.h>

static int errors;
static short counter, sum, slot, word[2], xs;
static long landed[2];
static uint64_t set_sig, add_sig;

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
    shmemx_short_add(&xs, 2, 0);
    shmemx_short_inc(&xs, 0);
    shmem_quiet();
    shmem_barrier_all();
    EXPECT(me != 0 || xs == 3 * npes);
    shmem_barrier_all(); /* (PE 0 has read it) */
    EXPECT(shmemx_short_fadd(&xs, 1, 0) >= 3 * npes);
    EXPECT(shmemx_short_finc(&xs, 0) > 3 * npes);
    shmem_barrier_all();
    EXPECT(me != 0 || xs == 5 * npes);
    shmem_barrier_all();
    /* one PE wins the compare-swap, and the swap sees its mark */
    short swapped = shmemx_short_cswap(&xs, (short)(5 * npes), (short)(-1 - me), 0);
    EXPECT(swapped == 5 * npes || swapped < 0);
    shmem_barrier_all();
    if (me == 0)
        EXPECT(shmemx_short_swap(&xs, 0, 0) < 0);
    long mine = 100 + me;
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    shmemx_long_put_signal(&landed[0], &mine, 1, &set_sig, 7, right);
    shmemx_putmem_signal(&landed[1], &mine, sizeof mine, &add_sig, 2, SHMEM_SIGNAL_ADD, right);
    shmem_signal_wait_until(&set_sig, SHMEM_CMP_EQ, 7);
    shmem_signal_wait_until(&add_sig, SHMEM_CMP_EQ, 2);
    EXPECT(landed[0] == 100 + left && landed[1] == 100 + left);
    shmem_barrier_all();
    printf("%d: cray short %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
