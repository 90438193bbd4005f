/* tests/check_main: runs every Check suite (or the one CK_RUN_SUITE names;
 * --list prints their names).  Each suite lives in its own check_<area>.c
 * and exports <area>_suite(). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUITES(X) X(rng) X(evq) X(net) X(sched) X(fault) X(coro) X(heap) X(units) X(scenario) X(testutil) X(programs) X(shmem_api) X(coll) X(lapi) X(faults) X(findings) \
    X(ending) X(report) X(alltoallv) X(fortran) X(crash) X(races) X(conform) X(build) X(html) X(threads)

#define DECLARE(name) Suite *name##_suite(void);
SUITES(DECLARE)

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
#define NAME(name) puts(#name);
        SUITES(NAME)
        return 0;
    }
    SRunner *sr = srunner_create(NULL);
#define ADD(name) srunner_add_suite(sr, name##_suite());
    SUITES(ADD)
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
