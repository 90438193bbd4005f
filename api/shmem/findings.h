/* api/shmem/findings: the rules the SHMEM layer diagnoses (SPEC §5).
 *
 * One X-macro list of (NAME, id, help); a raise site names its rule as
 * SHM_CHECK(NAME), so a misspelt rule is a compile error.  The table is
 * registered with the engine as the SHMEM layer's (sim/layer). */
#ifndef SHM_FINDINGS_H
#define SHM_FINDINGS_H

#include "finding.h"

#define SHM_FINDINGS(X)                                                                          \
    X(PSYNC_UNINITIALIZED, "psync-uninitialized",                                                \
      "a collective started on a pSync word that is not SHMEM_SYNC_VALUE")                       \
    X(PSYNC_REUSE, "psync-reuse", "a collective entered with a pSync another member still uses") \
    X(PSYNC_MODIFIED, "psync-modified",                                                          \
      "the program or a put wrote a pSync word a collective is using")                           \
    X(PWRK_TOO_SMALL, "pwrk-too-small",                                                          \
      "a reduction's pWrk is smaller than the specification requires")                          \
    X(COLLECTIVE_ARGS_MISMATCH, "collective-args-mismatch",                                      \
      "members passed different sets, roots, counts or objects")                                 \
    X(COLLECTIVE_NOT_MEMBER, "collective-not-member",                                            \
      "a PE outside the active set or team called the collective")                               \
    X(COLLECTIVE_ORDER_MISMATCH, "collective-order-mismatch",                                    \
      "members called different collectives on one pSync")                                       \
    X(OVERLAP, "overlap", "buffers that must not overlap do (the call goes ahead)")              \
    X(NONSYMMETRIC_ADDRESS, "nonsymmetric-address",                                              \
      "a remote address that is not symmetric (the call is skipped)")                            \
    X(SYMMETRIC_OUT_OF_BOUNDS, "symmetric-out-of-bounds",                                        \
      "a range that runs past its symmetric object (it goes ahead)")                             \
    X(INVALID_PE, "invalid-pe", "a PE number outside the job or the context's team")            \
    X(NULL_POINTER, "null-pointer", "a NULL buffer with a non-zero length")                      \
    X(ALLTOALLV_OVERFLOW, "alltoallv-overflow", "an alltoallv's data does not fit its target")   \
    X(NBI_BUFFER_MODIFIED, "nbi-buffer-modified",                                                \
      "a non-blocking put's source changed before its quiet")                                    \
    X(NBI_DEAD_STACK_BUFFER, "nbi-dead-stack-buffer",                                            \
      "a non-blocking call's buffer was in a stack frame that returned before it completed") \
    X(NBI_FREED_BUFFER, "nbi-freed-buffer",                                                      \
      "a non-blocking call's buffer was freed before the call completed")                       \
    X(LOCK_MISUSE, "lock-misuse", "clearing a lock one does not hold, or setting one twice")     \
    X(PENDING_AT_FINALIZE, "pending-at-finalize",                                                \
      "finalize or exit with a lock held or operations incomplete")                              \
    X(HEAP_SIZE_MISMATCH, "heap-size-mismatch",                                                  \
      "PEs asked a collective allocation for different sizes")                                   \
    X(NOT_INITIALIZED, "not-initialized",                                                        \
      "a routine called before shmem_init or after shmem_finalize")                              \
    X(INVALID_ARGUMENT, "invalid-argument",                                                      \
      "an argument the routine does not accept (e.g. an alignment)")                             \
    X(THREAD_LEVEL, "thread-level",                                                              \
      "a call the thread level the library provided does not allow")                            \
    X(AMO_UNINITIALIZED, "amo-uninitialized",                                                    \
      "an atomic read heap bytes nothing had set since shmem_malloc")                           \
    X(WAIT_UNINITIALIZED, "wait-uninitialized",                                                  \
      "a wait or test was satisfied by heap bytes nothing had set")

enum {
#define SHM_F_ENUM(name, id, help) SHM_F_##name,
    SHM_FINDINGS(SHM_F_ENUM)
#undef SHM_F_ENUM
    SHM_F_COUNT
};
extern sim_check_t shm_checks[SHM_F_COUNT];
#define SHM_CHECK(name) (&shm_checks[SHM_F_##name])

#endif
