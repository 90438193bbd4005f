/* The seed 000 example, tests/programs/seed000_alltoallv_packed.c included
 * unmodified, with PE 0 entering shmemx_alltoallv_packed 100us after the
 * others: their reservations in its target arrive before its own, so its
 * own block must go after them, not at offset 0.  The example's own checks
 * print an ERROR line if anything was lost. */
#include <shmem.h>
#include <shmemx.h>
#include <unistd.h>

#define shmemx_alltoallv_packed(...) \
    (shmem_my_pe() == 0 ? (void)usleep(100) : (void)0, shmemx_alltoallv_packed(__VA_ARGS__))

#include "seed000_alltoallv_packed.c"
