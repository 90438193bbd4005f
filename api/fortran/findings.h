/* api/fortran/findings: the rules the Fortran bindings diagnose beyond
 * the SHMEM layer's, as an X-macro list of (NAME, id, help); a raise site
 * names its rule as FTN_CHECK(NAME).  Registered with the engine as the
 * Fortran layer's table (sim/layer). */
#ifndef FTN_FINDINGS_H
#define FTN_FINDINGS_H

#include "finding.h"

#define FTN_FINDINGS(X) \
    X(PSYNC_MISALIGNED, "psync-misaligned", "a Fortran pSync array that is not 8-byte aligned")

enum {
#define FTN_F_ENUM(name, id, help) FTN_F_##name,
    FTN_FINDINGS(FTN_F_ENUM)
#undef FTN_F_ENUM
    FTN_F_COUNT
};
extern sim_check_t ftn_checks[FTN_F_COUNT];
#define FTN_CHECK(name) (&ftn_checks[FTN_F_##name])

#endif
