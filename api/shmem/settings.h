/* api/shmem/settings: the SHMEM_* environment variables the SHMEM layer
 * reads, in one table: name, the values it accepts (the first is the one
 * a variable names by index 0), what the default is, and what it sets.
 * They are read once, when a run starts; a value outside the list is a
 * usage error that names the variable and the values it accepts, never a
 * silent fallback.  (SHMEM_SYMMETRIC_SIZE, a size, is read by the command
 * line with --heap-size.) */
#ifndef SHM_SETTINGS_H
#define SHM_SETTINGS_H

#include <stddef.h>

/* X(NAME, variable, values (blank-separated), default, what it chooses) */
#define SHM_SETTINGS(X)                                                                       \
    X(BARRIER_ALGORITHM, "SHMEM_BARRIER_ALGORITHM", "dissem linear",                          \
      "linear up to 4 PEs, else dissem", "the barrier and sync algorithm")                    \
    X(BCAST_ALGORITHM, "SHMEM_BCAST_ALGORITHM", "tree linear", "linear up to 8 PEs, else tree", \
      "the broadcast algorithm")                                                              \
    X(REDUCE_ALGORITHM, "SHMEM_REDUCE_ALGORITHM", "tree linear",                              \
      "linear up to 8 PEs, else tree", "the reduction algorithm")                             \
    X(COLLECT_ALGORITHM, "SHMEM_COLLECT_ALGORITHM", "tree linear",                            \
      "linear up to 8 PEs, else tree", "the collect algorithm")                               \
    X(FCOLLECT_ALGORITHM, "SHMEM_FCOLLECT_ALGORITHM", "ring linear",                          \
      "linear up to 8 PEs, else ring", "the fcollect algorithm")                              \
    X(ALLTOALL_ALGORITHM, "SHMEM_ALLTOALL_ALGORITHM", "pairwise linear",                      \
      "linear up to 8 PEs, else pairwise", "the alltoall algorithm")                          \
    X(ALLTOALLV_TSIZE_CHK, "SHMEM_ALLTOALLV_TSIZE_CHK", "none abort trunc", "none",           \
      "what an alltoallv does with data that does not fit its target")

typedef enum {
#define SHM_SET_ENUM(name, var, values, dflt, what) SHM_SET_##name,
    SHM_SETTINGS(SHM_SET_ENUM)
#undef SHM_SET_ENUM
    SHM_SET_COUNT
} shm_setting_t;

/* Reads every setting from the environment (the layer's start hook); -1
 * with err when one has a value it does not accept. */
int shm_settings_read(char *err, size_t errlen);
/* The value of setting s as read: the index of its value in the list, or
 * -1 when the variable is not set. */
int shm_setting(shm_setting_t s);
/* The value of setting s as a word of its list, or dflt when not set. */
const char *shm_setting_word(shm_setting_t s, const char *dflt);

#endif
