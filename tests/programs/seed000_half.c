/* The seed 000 example, tests/programs/seed000_alltoallv_packed.c included
 * unmodified, with target_len halved: its call passes half the length of
 * the target it allocated, so half of what each PE receives does not fit.
 * Under SHMEM_ALLTOALLV_TSIZE_CHK=trunc the example's own checks then say,
 * in its "received N elements of value P" lines, whose data did not fit. */
#include <shmem.h>
#include <shmemx.h>

#define shmemx_alltoallv_packed(target, target_len, ...) \
    shmemx_alltoallv_packed(target, (target_len) / 2, __VA_ARGS__)

#include "seed000_alltoallv_packed.c"
