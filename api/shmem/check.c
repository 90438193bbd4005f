/* api/shmem/check: argument checks shared by the SHMEM routines.  A failed
 * check is user misuse: it raises a finding and the call does nothing. */
#include "shmem_impl.h"

#include <stdio.h>

int shm_check_pe(const char *call, int pe)
{
    if (pe >= 0 && pe < sim_w->npes)
        return 0;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise("invalid-pe", SIM_SEV_ERROR, me->id, call, me->call_site,
                      "PE %d does not exist: this job has %d PEs (0..%d). Pass a PE number "
                      "from shmem_n_pes(); the call was skipped.", pe, sim_w->npes,
                      sim_w->npes - 1);
    return -1;
}

int shm_check_ptr(const char *call, const char *arg, const void *addr, size_t len)
{
    if (addr || len == 0)
        return 0;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise("null-pointer", SIM_SEV_ERROR, me->id, call, me->call_site,
                      "argument '%s' is NULL with a length of %zu bytes. Pass a valid buffer "
                      "(NULL is only allowed with a zero length); the call was skipped.",
                      arg, len);
    return -1;
}

int shm_check_sym(const char *call, const char *arg, const void *addr, size_t len)
{
    if (shm_check_ptr(call, arg, addr, len))
        return -1;
    if (len == 0)
        return 0;
    sim_pe_t *me = sim_pe_self();
    if (sim_mem_xlate(me->id, addr, me->id))
        return 0;
    char what[96];
    sim_mem_describe(addr, what, sizeof what);
    sim_finding_raise("nonsymmetric-address", SIM_SEV_ERROR, me->id, call, me->call_site,
                      "argument '%s' is not symmetric: it points into %s. Remote "
                      "targets must be global/static variables or come from shmem_malloc; "
                      "the call was skipped.", arg, what);
    return -1;
}
