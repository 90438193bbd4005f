/* api/shmem/check: argument checks shared by the SHMEM routines.  A failed
 * check is user misuse and raises a finding.  The call then does what the
 * hardware would where that is defined (overlapping buffers are copied as
 * they are; a range past its object runs into whatever follows it) and is
 * skipped only where there is nothing sensible to do (no such PE, a NULL
 * or non-symmetric address, a range that leaves the PE's memory).  The
 * checks return -1 only when the call must be skipped. */
#include "shmem_impl.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int shm_check_pe(const char *call, int pe)
{
    if (pe >= 0 && pe < sim_npes())
        return 0;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(INVALID_PE), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "PE %d does not exist: this job has %d PEs (0..%d). Pass a PE number "
                      "from shmem_n_pes(); the call was skipped.", pe, sim_npes(),
                      sim_npes() - 1);
    return -1;
}

int shm_check_ptr(const char *call, const char *arg, const void *addr, size_t len)
{
    if (addr || len == 0)
        return 0;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(NULL_POINTER), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "argument '%s' is NULL with a length of %zu bytes. Pass a valid buffer "
                      "(NULL is only allowed with a zero length); the call was skipped.",
                      arg, len);
    return -1;
}

/* For a pSync too short for call: the constant its size should have
 * been, and the one whose value it has (the usual slip: an array declared
 * for one collective passed to another).  Empty when no constant fits. */
static void psync_hint(const char *call, size_t len, size_t room, char *buf, size_t n)
{
    static const struct {
        const char *word, *name;
        size_t longs;
    } need[] = {{"barrier", "SHMEM_BARRIER_SYNC_SIZE", SHMEM_BARRIER_SYNC_SIZE},
                {"sync", "SHMEM_BARRIER_SYNC_SIZE", SHMEM_BARRIER_SYNC_SIZE},
                {"broadcast", "SHMEM_BCAST_SYNC_SIZE", SHMEM_BCAST_SYNC_SIZE},
                {"_to_all", "SHMEM_REDUCE_SYNC_SIZE", SHMEM_REDUCE_SYNC_SIZE},
                {"collect", "SHMEM_COLLECT_SYNC_SIZE", SHMEM_COLLECT_SYNC_SIZE},
                {"alltoalls", "SHMEM_ALLTOALLS_SYNC_SIZE", SHMEM_ALLTOALLS_SYNC_SIZE},
                {"alltoall", "SHMEM_ALLTOALL_SYNC_SIZE", SHMEM_ALLTOALL_SYNC_SIZE}};
    char lower[64]; /* Fortran's names are upper case */
    size_t k = 0;
    for (; call[k] && k + 1 < sizeof lower; k++)
        lower[k] = (char)tolower((unsigned char)call[k]);
    lower[k] = 0;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        if (!strstr(lower, need[i].word) || need[i].longs * sizeof(long) != len)
            continue;
        /* The other collectives' constants of the size it has (several
         * share a value: all are named, the array could be any). */
        const char *names[8];
        int nhas = 0;
        for (size_t j = 0; j < sizeof need / sizeof need[0]; j++) {
            int dup = 0;
            for (int k2 = 0; k2 < nhas; k2++)
                dup |= strcmp(names[k2], need[j].name) == 0;
            if (need[j].longs * sizeof(long) == room && !dup)
                names[nhas++] = need[j].name;
        }
        char has[240] = "";
        for (int k2 = 0; k2 < nhas; k2++)
            sim_append(has, sizeof has, "%s%s", k2 == 0 ? "" : k2 == nhas - 1 ? " and " : ", ",
                       names[k2]);
        snprintf(buf, n, " This call's pSync must have %s (%zu) longs%s%s%s.", need[i].name,
                 need[i].longs, nhas ? "; this one has the size of " : "", has,
                 !nhas ? "" : nhas == 1 ? ", the constant of another collective"
                                        : ", constants of other collectives");
        return;
    }
}

/* The range [addr, addr+len) of the caller's symmetric memory must stay
 * inside the object addr points into (when that object is known).  Past
 * it, the access goes ahead into what follows, as on real hardware, while
 * it stays in the same symmetric region of memory. */
static int check_bounds(const char *call, const char *arg, const void *addr, size_t len,
                        int *clean)
{
    sim_pe_t *me = sim_pe_self();
    size_t room, region;
    char stray[300];
    *clean = 0;
    if (sim_mem_object_room(me->id, addr, &room) != 0) {
        if (!sim_mem_stray_name(me->id, addr, stray, sizeof stray))
            return 0;
        sim_finding_raise(SHM_CHECK(SYMMETRIC_OUT_OF_BOUNDS), SIM_SEV_ERROR, me->id, call,
                          me->call_site,
                          "argument '%s' (%zu bytes) points %s, into memory no allocation "
                          "holds (the heap's padding or free space). Allocate the object "
                          "large enough, or fix the index; the call went ahead, as hardware "
                          "would, and touched those bytes.", arg, len, stray);
        return 0;
    }
    if (room >= len) {
        *clean = 1;
        return 0;
    }
    int stays = sim_mem_region_room(me->id, addr, &region) == 0 && region >= len;
    char obj[200], spill[400], hint[400] = "";
    sim_mem_object_name(me->id, addr, obj, sizeof obj);
    sim_mem_spill_name(me->id, (const char *)addr + room, len - room, spill, sizeof spill);
    if (strcmp(arg, "pSync") == 0)
        psync_hint(call, len, room, hint, sizeof hint);
    sim_finding_raise(SHM_CHECK(SYMMETRIC_OUT_OF_BOUNDS), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "argument '%s' covers %zu bytes but only %zu remain in %s: the last %zu "
                      "bytes spill into %s.%s Make the object large enough or pass a smaller "
                      "count; %s", arg, len, room, obj, len - room, spill, hint,
                      stays ? "the call went ahead, as hardware would, and touched those bytes."
                            : "the call was skipped, as it would run off the end of the PE's "
                              "symmetric memory.");
    return stays ? 0 : -1;
}

int shm_check_local(const char *call, const char *arg, const void *addr, size_t len)
{
    if (shm_check_ptr(call, arg, addr, len))
        return -1;
    sim_pe_t *me = sim_pe_self();
    int clean;
    if (len && sim_mem_xlate(me->id, addr, me->id))
        return check_bounds(call, arg, addr, len, &clean);
    return 0;
}

/* The bytes of [p, p+len) inside the symmetric object p points into: an
 * argument that runs past its object into the next one is reported as
 * such (symmetric-out-of-bounds, naming what it spills into), and would
 * otherwise make a second finding for the same fault here. */
static size_t within_object(const void *p, size_t len)
{
    sim_pe_t *me = sim_pe_self();
    size_t room;
    if (len && sim_mem_xlate(me->id, p, me->id) && sim_mem_object_room(me->id, p, &room) == 0 &&
        room < len)
        return room;
    return len;
}

int shm_check_overlap(const char *call, const char *a_arg, const void *a, size_t alen,
                      const char *b_arg, const void *b, size_t blen, shm_same_t same)
{
    const char *pa = a, *pb = b;
    if (!a || !b)
        return 0;
    alen = within_object(a, alen);
    blen = within_object(b, blen);
    if (alen == 0 || blen == 0 || pa >= pb + blen || pb >= pa + alen)
        return 0;
    int identical = pa == pb && alen == blen;
    if (identical && same == SHM_SAME_ALLOWED)
        return 0;
    sim_pe_t *me = sim_pe_self();
    char an[96], bn[96];
    if (identical && (same == SHM_SAME_TOLERATED || same == SHM_SAME_COPY)) {
        sim_finding_raise(SHM_CHECK(OVERLAP), SIM_SEV_WARNING, me->id, call, me->call_site,
                          "'%s' and '%s' are the same array (%s, %zu bytes)%s", a_arg, b_arg,
                          sim_mem_name(a, an, sizeof an), alen,
                          same == SHM_SAME_COPY
                              ? " of this PE: the call copies it onto itself and changes "
                                "nothing. OpenSHMEM 1.5 forbids overlapping buffers (earlier "
                                "versions did not say); drop the call, or use separate buffers."
                              : ". The specification forbids overlapping arguments, but the "
                                "call never reads one where it writes other data (the root's "
                                "data stays where it is, the others do not read their source), "
                                "so implementations tolerate it; use separate arrays to be "
                                "portable.");
        return 0;
    }
    int may_be_equal = same == SHM_SAME_ALLOWED;
    sim_finding_raise(SHM_CHECK(OVERLAP), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "'%s' (%s, %zu bytes) and '%s' (%s, %zu bytes) overlap%s. The "
                      "specification leaves the result undefined: use separate buffers; the "
                      "call went ahead on the overlapping buffers, as hardware would.", a_arg, sim_mem_name(a, an, sizeof an), alen, b_arg,
                      sim_mem_name(b, bn, sizeof bn), blen,
                      may_be_equal ? " without being the same array (they may only be "
                                     "identical or disjoint)" : "");
    return 0;
}

int shm_check_disjoint(const char *call, const shm_arg_t *args, int n, shm_same_t first_same)
{
    int rc = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            rc |= shm_check_overlap(call, args[i].name, args[i].addr, args[i].len, args[j].name,
                                    args[j].addr, args[j].len,
                                    i == 0 && j == 1 ? first_same : SHM_SAME_IS_OVERLAP);
    return rc;
}

int shm_check_sym(const char *call, const char *arg, const void *addr, size_t len)
{
    if (shm_check_ptr(call, arg, addr, len))
        return -1;
    if (len == 0)
        return 0;
    sim_pe_t *me = sim_pe_self();
    shm_pe_t *s = shm_self();
    uint64_t layout = sim_mem_layout_changes(me->id);
    if (addr == s->sym_ok && len <= s->sym_ok_len && layout == s->sym_ok_layout)
        return 0; /* (found clean before, and nothing moved since) */
    if (sim_mem_xlate(me->id, addr, me->id)) {
        int clean, rc = check_bounds(call, arg, addr, len, &clean);
        if (clean) {
            s->sym_ok = addr;
            s->sym_ok_len = len;
            s->sym_ok_layout = layout;
        }
        return rc;
    }
    char what[200];
    sim_mem_describe(addr, what, sizeof what);
    sim_finding_raise(SHM_CHECK(NONSYMMETRIC_ADDRESS), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "argument '%s' is not symmetric: it points into %s. Remote "
                      "targets must be global/static variables or come from shmem_malloc; "
                      "the call was skipped.", arg, what);
    return -1;
}
