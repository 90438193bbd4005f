/* tests/check_main: runs every Check suite.  Each suite lives in its own
 * check_<area>.c and exports <area>_suite(). */
#include <check.h>
#include <stdlib.h>

#define SUITES(X) X(rng) X(evq) X(coro) X(heap) X(units) X(scenario) X(testutil) X(programs) X(shmem_api) X(coll) X(lapi) X(faults) X(findings) \
    X(ending) X(report) X(alltoallv) X(fortran) X(crash) X(races) X(conform) X(build) X(html)

#define DECLARE(name) Suite *name##_suite(void);
SUITES(DECLARE)

int main(void)
{
    SRunner *sr = srunner_create(NULL);
#define ADD(name) srunner_add_suite(sr, name##_suite());
    SUITES(ADD)
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
