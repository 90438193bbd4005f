/* Nested parallel regions: omp_nested [off|api|env].
 *
 * An outer region of 2 threads each opens an inner region of 3; every
 * thread of every inner team counts itself on PE 0 with a SHMEM atomic
 * and records what the OpenMP queries tell it.  "api" turns nesting on
 * with omp_set_max_active_levels, "env" expects the environment to have
 * done so (OMP_NESTED, OMP_MAX_ACTIVE_LEVELS or an OMP_NUM_THREADS
 * list); "off" (the default) expects the inner regions to run with one
 * thread each, as OpenMP's default max-active-levels of 1 says.  Each
 * inner thread also opens a third level, which has one thread unless
 * max-active-levels is 3 or more. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static long count;      /* symmetric: inner threads of every PE */
static int failures;

#define CHECK(what, got, want)                                                         \
    do {                                                                               \
        long got_ = (got), want_ = (want);                                             \
        if (got_ != want_) {                                                           \
            _Pragma("omp critical") {                                                  \
                printf("FAIL %s: %ld, want %ld\n", what, got_, want_);                 \
                failures++;                                                            \
            }                                                                          \
        }                                                                              \
    } while (0)

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "off";
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (!strcmp(mode, "api"))
        omp_set_max_active_levels(2);
    int nested = strcmp(mode, "off") != 0;
    int inner = nested ? 3 : 1;
    CHECK("max active levels", omp_get_max_active_levels() >= 2, nested);
    int seen[2][3] = {{0}};
    int third = nested && omp_get_max_active_levels() >= 3 ? 2 : 1;

#pragma omp parallel num_threads(2)
    {
        int outer = omp_get_thread_num();
        CHECK("outer team", omp_get_num_threads(), 2);
        CHECK("outer max threads", omp_get_max_threads() > 1, nested);
#pragma omp parallel num_threads(3)
        {
            int t = omp_get_thread_num();
            CHECK("inner team", omp_get_num_threads(), inner);
            CHECK("level", omp_get_level(), 2);
            CHECK("active level", omp_get_active_level(), nested ? 2 : 1);
            CHECK("in parallel", omp_in_parallel(), 1);
            CHECK("ancestor at level 1", omp_get_ancestor_thread_num(1), outer);
            CHECK("ancestor at level 0", omp_get_ancestor_thread_num(0), 0);
            CHECK("ancestor at level 3", omp_get_ancestor_thread_num(3), -1);
            CHECK("team size at level 1", omp_get_team_size(1), 2);
            CHECK("team size at level 2", omp_get_team_size(2), inner);
            CHECK("team size at level 0", omp_get_team_size(0), 1);
            shmem_long_atomic_inc(&count, 0);
#pragma omp atomic
            seen[outer][t]++;
#pragma omp barrier
            /* a third level: one thread unless max-active-levels allows it */
#pragma omp parallel num_threads(2)
            CHECK("third level team", omp_get_num_threads(), third);
        }
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK("inner threads counted", shmem_long_atomic_fetch(&count, 0), (long)npes * 2 * inner);
    for (int o = 0; o < 2; o++)
        for (int t = 0; t < 3; t++)
            CHECK("each inner thread once", seen[o][t], t < inner);
    if (!failures)
        printf("PE %d: nested regions right (%s)\n", me, mode);
    shmem_finalize();
    return failures != 0;
}
