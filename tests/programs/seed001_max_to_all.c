/* Seed 001, C example: shmem_int_max_to_all(target, source, 3, 0, 0, 8,
 * pwrk, psync) in a complete program, and the semantically equivalent
 * sequence of three single-element calls alternating two pWrk/pSync pairs.
 * Needs 8 PEs (the active set is PEs 0..7); the other PEs skip the calls.
 * argv[1] == "even" runs it over the even PEs instead (PE_start 0,
 * logPE_stride 1, PE_size n/2), as in the seed's Fortran example. */
#include <mpp/shmem.h>
#include <stdio.h>
#include <string.h>

int target[3], source[3], target1[3];
int pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], pwrk1[SHMEM_REDUCE_MIN_WRKDATA_SIZE],
    pwrk2[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
long psync[SHMEM_REDUCE_SYNC_SIZE], psync1[SHMEM_REDUCE_SYNC_SIZE], psync2[SHMEM_REDUCE_SYNC_SIZE];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int even = argc > 1 && strcmp(argv[1], "even") == 0;
    int start = 0, log_stride = even ? 1 : 0, size = even ? (n + 1) / 2 : 8;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync[i] = psync1[i] = psync2[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < 3; i++)
        source[i] = (me * 37 + i * 11) % 50 - 20;
    shmem_barrier_all();
    int member = even ? me % 2 == 0 : me < 8;
    if (member) {
        shmem_int_max_to_all(target, source, 3, start, log_stride, size, pwrk, psync);
        shmem_int_max_to_all(&target1[0], &source[0], 1, start, log_stride, size, pwrk1, psync1);
        shmem_int_max_to_all(&target1[1], &source[1], 1, start, log_stride, size, pwrk2, psync2);
        shmem_int_max_to_all(&target1[2], &source[2], 1, start, log_stride, size, pwrk1, psync1);
        int errors = 0;
        for (int i = 0; i < 3; i++) {
            int want = -1000;
            for (int p = 0; p < size; p++) {
                int pe = start + (p << log_stride);
                int v = (pe * 37 + i * 11) % 50 - 20;
                want = v > want ? v : want;
            }
            errors += target[i] != want || target1[i] != want;
        }
        printf("PE %d: max = %d %d %d, errors %d\n", me, target[0], target[1], target[2], errors);
    }
    shmem_finalize();
    return 0;
}
