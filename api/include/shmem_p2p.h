/* shmem_p2p.h: part of <shmem.h> (include that, not this).  The OpenSHMEM
 * 1.5 point-to-point interface: setup and query extras, teams, contexts,
 * RMA, atomics, signals, point-to-point synchronisation, locks, the legacy
 * cache routines, and the C11 type-generic macros over them.  Collectives
 * are declared elsewhere in <shmem.h>.
 *
 * Every typed family is generated from the type tables below, one table per
 * table of the specification.  A table NAME(X, a) expands X(TYPE, TYPENAME,
 * a) once per type; a is passed through untouched (a routine-name suffix,
 * so one declaration macro serves several routines). */
#ifndef SHMEM_P2P_H
#define SHMEM_P2P_H

#ifndef SHMEM_H
#error "include <shmem.h>, not <shmem_p2p.h>"
#endif

/* ---- type tables ---- */

/* Standard RMA types with a C type of their own (usable in _Generic). */
#define SHMEM_RMA_STD_TYPES(X, a)                                              \
    X(float, float, a) X(double, double, a) X(long double, longdouble, a)      \
    X(char, char, a) X(signed char, schar, a) X(short, short, a) X(int, int, a) \
    X(long, long, a) X(long long, longlong, a) X(unsigned char, uchar, a)      \
    X(unsigned short, ushort, a) X(unsigned int, uint, a)                      \
    X(unsigned long, ulong, a) X(unsigned long long, ulonglong, a)
/* Standard RMA types that are typedefs of the ones above. */
#define SHMEM_RMA_SIZED_TYPES(X, a)                                            \
    X(int8_t, int8, a) X(int16_t, int16, a) X(int32_t, int32, a)               \
    X(int64_t, int64, a) X(uint8_t, uint8, a) X(uint16_t, uint16, a)           \
    X(uint32_t, uint32, a) X(uint64_t, uint64, a) X(size_t, size, a)           \
    X(ptrdiff_t, ptrdiff, a)
/* Table "Standard RMA Types and Names". */
#define SHMEM_RMA_TYPES(X, a) SHMEM_RMA_STD_TYPES(X, a) SHMEM_RMA_SIZED_TYPES(X, a)

/* Table "Standard AMO Types and Names", split as above. */
#define SHMEM_AMO_STD_TYPES(X, a)                                              \
    X(int, int, a) X(long, long, a) X(long long, longlong, a)                  \
    X(unsigned int, uint, a) X(unsigned long, ulong, a)                        \
    X(unsigned long long, ulonglong, a)
#define SHMEM_AMO_SIZED_TYPES(X, a)                                            \
    X(int32_t, int32, a) X(int64_t, int64, a) X(uint32_t, uint32, a)           \
    X(uint64_t, uint64, a) X(size_t, size, a) X(ptrdiff_t, ptrdiff, a)
#define SHMEM_AMO_TYPES(X, a) SHMEM_AMO_STD_TYPES(X, a) SHMEM_AMO_SIZED_TYPES(X, a)
/* Table "Extended AMO Types and Names": the standard ones plus these. */
#define SHMEM_AMO_EXT_ONLY_TYPES(X, a) X(float, float, a) X(double, double, a)
#define SHMEM_AMO_EXT_TYPES(X, a) SHMEM_AMO_TYPES(X, a) SHMEM_AMO_EXT_ONLY_TYPES(X, a)
/* Table "Bitwise AMO Types and Names", plus int, long and long long (the
 * names Sandia OpenSHMEM exports too); the first part has distinct C
 * types, so int32_t and int64_t select the int and long routines. */
#define SHMEM_AMO_BIT_STD_TYPES(X, a)                                          \
    X(unsigned int, uint, a) X(unsigned long, ulong, a)                        \
    X(unsigned long long, ulonglong, a) X(int, int, a) X(long, long, a)        \
    X(long long, longlong, a)
#define SHMEM_AMO_BIT_SIZED_TYPES(X, a)                                        \
    X(int32_t, int32, a) X(int64_t, int64, a) X(uint32_t, uint32, a) X(uint64_t, uint64, a)
#define SHMEM_AMO_BIT_TYPES(X, a) SHMEM_AMO_BIT_STD_TYPES(X, a) SHMEM_AMO_BIT_SIZED_TYPES(X, a)

/* Table "Point-to-Point Synchronization Types and Names" (the same types as
 * the standard AMO table), with the deprecated short and unsigned short,
 * which programs still use with every wait and test routine. */
#define SHMEM_P2P_DEPR_TYPES(X, a) X(short, short, a) X(unsigned short, ushort, a)
#define SHMEM_P2P_STD_TYPES(X, a) SHMEM_AMO_STD_TYPES(X, a) SHMEM_P2P_DEPR_TYPES(X, a)
#define SHMEM_P2P_TYPES(X, a) SHMEM_AMO_TYPES(X, a) SHMEM_P2P_DEPR_TYPES(X, a)
/* Deprecated shmem_TYPENAME_wait. */
#define SHMEM_WAIT_DEPR_TYPES(X, a)                                            \
    X(short, short, a) X(int, int, a) X(long, long, a) X(long long, longlong, a)

/* Deprecated (1.4) atomic names: add, inc, fadd, finc, cswap on every
 * standard AMO type... */
#define SHMEM_AMO_DEPR_TYPES(X, a) SHMEM_AMO_TYPES(X, a)
/* ...and fetch, set, swap on every extended one. */
#define SHMEM_AMO_DEPR_EXT_TYPES(X, a) SHMEM_AMO_EXT_TYPES(X, a)
/* Cray's legacy atomics on short (finc, fadd, cswap, swap), which the
 * OpenSHMEM tables never listed but old Cray programs call. */
#define SHMEM_AMO_CRAY_SHORT_TYPES(X, a) X(short, short, a)

/* Sized RMA routines: X(BITS, BYTES, a) for shmem_putBITS & co. */
#define SHMEM_RMA_SIZES(X, a) X(8, 1, a) X(16, 2, a) X(32, 4, a) X(64, 8, a) X(128, 16, a)

/* ---- constants and handles ---- */

/* Thread levels (shmem_init_thread). */
#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

/* Signal operators (put-with-signal). */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

/* shmem_malloc_with_hints hints. */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Context options. */
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

/* Team configuration: which fields of shmem_team_config_t are set. */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

/* Handles are opaque pointers.  The predefined ones hold addresses of
 * objects in the library (the same on every PE: each PE resolves them to
 * its own state); the invalid ones are null.  SHMEM_CTX_DEFAULT and the
 * predefined teams are link-time constants: variables, as in other
 * implementations, so that C++ may bind a reference to one. */
typedef struct shmem_ctx_s *shmem_ctx_t;
typedef struct shmem_team_s *shmem_team_t;
extern shmem_ctx_t shmemsim_ctx_default_handle;
extern shmem_team_t shmemsim_team_world_handle, shmemsim_team_shared_handle;
#define SHMEM_CTX_DEFAULT shmemsim_ctx_default_handle
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_TEAM_WORLD shmemsim_team_world_handle
#define SHMEM_TEAM_SHARED shmemsim_team_shared_handle
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

typedef struct {
    int num_contexts; /* contexts the team may create (a hint here) */
} shmem_team_config_t;

/* ---- setup, query, accessibility ---- */

int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);
void shmem_global_exit(int status);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);
void shmem_pcontrol(const int level, ...);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *shmem_ptr(const void *dest, int pe);
void *shmem_malloc_with_hints(size_t size, long hints);

/* ---- teams and contexts ---- */

int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
void shmem_team_destroy(shmem_team_t team);
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);

/* ---- OpenSHMEM 1.6 additions outside the collectives ---- */

int shmem_query_initialized(int *initialized);
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);
/* Context sessions: hints about a burst of operations; accepted, and they
 * change nothing (every operation is simulated alike).  The option
 * (SHMEM_CTX_SESSION_BATCH) and the config mask bit (..._TOTAL_OPS) are
 * 1.6's; SHMEM_SESSION_SAME_AMO is a drafts' option, kept for programs
 * written against one. */
#define SHMEM_CTX_SESSION_BATCH (1L << 1)
#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)
#define SHMEM_SESSION_SAME_AMO (1L << 0)
typedef struct {
    size_t total_ops; /* operations the session expects (a hint) */
} shmem_session_config_t;
typedef shmem_session_config_t shmem_ctx_session_config_t;
void shmem_ctx_session_start(shmem_ctx_t ctx, long options,
                             const shmem_session_config_t *config, long config_mask);
void shmem_ctx_session_stop(shmem_ctx_t ctx);
void shmem_pe_quiet(const int *target_pes, size_t npes);
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes);
void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);

/* ---- RMA ---- */

/* Each declaration macro declares the plain routine and its ctx_ form. */
#define SHMEMI_DECL_PUT(T, N, op)                                              \
    void shmem_##N##op(T *dest, const T *source, size_t nelems, int pe);       \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);
#define SHMEMI_DECL_IPUT(T, N, op)                                             \
    void shmem_##N##op(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                       size_t nelems, int pe);                                 \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, \
                           ptrdiff_t sst, size_t nelems, int pe);
/* 1.6 blocked strided: nblocks blocks of bsize elements. */
#define SHMEMI_DECL_IBPUT(T, N, op)                                            \
    void shmem_##N##op(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                       size_t bsize, size_t nblocks, int pe);                  \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, \
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
#define SHMEMI_DECL_P(T, N, op)                                                \
    void shmem_##N##_p(T *dest, T value, int pe);                              \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);         \
    T shmem_##N##_g(const T *source, int pe);                                  \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);
#define SHMEMI_DECL_SIZED(BITS, BYTES, op)                                     \
    SHMEMI_DECL_PUT(void, put##BITS, op) SHMEMI_DECL_PUT(void, get##BITS, op)  \
    SHMEMI_DECL_PUT(void, put##BITS##_nbi, op) SHMEMI_DECL_PUT(void, get##BITS##_nbi, op) \
    SHMEMI_DECL_IPUT(void, iput##BITS, op) SHMEMI_DECL_IPUT(void, iget##BITS, op)

SHMEM_RMA_TYPES(SHMEMI_DECL_PUT, _put)
SHMEM_RMA_TYPES(SHMEMI_DECL_PUT, _get)
SHMEM_RMA_TYPES(SHMEMI_DECL_PUT, _put_nbi)
SHMEM_RMA_TYPES(SHMEMI_DECL_PUT, _get_nbi)
SHMEM_RMA_TYPES(SHMEMI_DECL_IPUT, _iput)
SHMEM_RMA_TYPES(SHMEMI_DECL_IPUT, _iget)
SHMEM_RMA_TYPES(SHMEMI_DECL_P, )
SHMEM_RMA_SIZES(SHMEMI_DECL_SIZED, )
SHMEM_RMA_TYPES(SHMEMI_DECL_IBPUT, _ibput)
SHMEM_RMA_TYPES(SHMEMI_DECL_IBPUT, _ibget)
#define SHMEMI_DECL_SIZED_IB(BITS, BYTES, op)                                  \
    SHMEMI_DECL_IBPUT(void, ibput##BITS, ) SHMEMI_DECL_IBPUT(void, ibget##BITS, )
SHMEM_RMA_SIZES(SHMEMI_DECL_SIZED_IB, )
SHMEMI_DECL_PUT(void, putmem, ) SHMEMI_DECL_PUT(void, getmem, )
SHMEMI_DECL_PUT(void, putmem_nbi, ) SHMEMI_DECL_PUT(void, getmem_nbi, )

/* ---- atomics ---- */

#define SHMEMI_DECL_AMO_FETCH(T, N, op)                                        \
    T shmem_##N##op(const T *source, int pe);                                  \
    T shmem_ctx_##N##op(shmem_ctx_t ctx, const T *source, int pe);             \
    void shmem_##N##op##_nbi(T *fetch, const T *source, int pe);               \
    void shmem_ctx_##N##op##_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe);
#define SHMEMI_DECL_AMO_SET(T, N, op)                                          \
    void shmem_##N##op(T *dest, T value, int pe);                              \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, T value, int pe);
#define SHMEMI_DECL_AMO_INC(T, N, op)                                          \
    void shmem_##N##op(T *dest, int pe);                                       \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, int pe);
/* Fetching value operations (swap, fetch_add, fetch_and...) and their _nbi. */
#define SHMEMI_DECL_AMO_FOP(T, N, op)                                          \
    T shmem_##N##op(T *dest, T value, int pe);                                 \
    T shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, T value, int pe);            \
    void shmem_##N##op##_nbi(T *fetch, T *dest, T value, int pe);              \
    void shmem_ctx_##N##op##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
#define SHMEMI_DECL_AMO_FINC(T, N, op)                                         \
    T shmem_##N##op(T *dest, int pe);                                          \
    T shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, int pe);                     \
    void shmem_##N##op##_nbi(T *fetch, T *dest, int pe);                       \
    void shmem_ctx_##N##op##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe);
#define SHMEMI_DECL_AMO_CSWAP(T, N, op)                                        \
    T shmem_##N##op(T *dest, T cond, T value, int pe);                         \
    T shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, T cond, T value, int pe);    \
    void shmem_##N##op##_nbi(T *fetch, T *dest, T cond, T value, int pe);      \
    void shmem_ctx_##N##op##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, T value, int pe);

SHMEM_AMO_EXT_TYPES(SHMEMI_DECL_AMO_FETCH, _atomic_fetch)
SHMEM_AMO_EXT_TYPES(SHMEMI_DECL_AMO_SET, _atomic_set)
SHMEM_AMO_EXT_TYPES(SHMEMI_DECL_AMO_FOP, _atomic_swap)
SHMEM_AMO_TYPES(SHMEMI_DECL_AMO_CSWAP, _atomic_compare_swap)
SHMEM_AMO_TYPES(SHMEMI_DECL_AMO_FINC, _atomic_fetch_inc)
SHMEM_AMO_TYPES(SHMEMI_DECL_AMO_INC, _atomic_inc)
SHMEM_AMO_TYPES(SHMEMI_DECL_AMO_FOP, _atomic_fetch_add)
SHMEM_AMO_TYPES(SHMEMI_DECL_AMO_SET, _atomic_add)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_FOP, _atomic_fetch_and)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_SET, _atomic_and)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_FOP, _atomic_fetch_or)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_SET, _atomic_or)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_FOP, _atomic_fetch_xor)
SHMEM_AMO_BIT_TYPES(SHMEMI_DECL_AMO_SET, _atomic_xor)

/* Deprecated names (no ctx_ forms, no _nbi). */
#define SHMEMI_DECL_DEPR_AMO(T, N, a)                                          \
    void shmem_##N##_add(T *dest, T value, int pe);                            \
    void shmem_##N##_inc(T *dest, int pe);                                     \
    T shmem_##N##_fadd(T *dest, T value, int pe);                              \
    T shmem_##N##_finc(T *dest, int pe);                                       \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe);
#define SHMEMI_DECL_DEPR_AMO_EXT(T, N, a)                                      \
    T shmem_##N##_fetch(const T *source, int pe);                              \
    void shmem_##N##_set(T *dest, T value, int pe);                            \
    T shmem_##N##_swap(T *dest, T value, int pe);
SHMEM_AMO_DEPR_TYPES(SHMEMI_DECL_DEPR_AMO, )
SHMEM_AMO_DEPR_EXT_TYPES(SHMEMI_DECL_DEPR_AMO_EXT, )
#define SHMEMI_DECL_CRAY_SHORT_AMO(T, N, a)                                    \
    T shmem_##N##_finc(T *dest, int pe);                                       \
    T shmem_##N##_fadd(T *dest, T value, int pe);                              \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe);                     \
    T shmem_##N##_swap(T *dest, T value, int pe);
SHMEM_AMO_CRAY_SHORT_TYPES(SHMEMI_DECL_CRAY_SHORT_AMO, )
/* The untyped legacy swap on a long (C11: the generic below). */
long shmem_swap(long *target, long value, int pe);

/* ---- signals ---- */

#define SHMEMI_DECL_PUT_SIGNAL(T, N, op)                                       \
    void shmem_##N##op(T *dest, const T *source, size_t nelems, uint64_t *sig_addr, \
                       uint64_t signal, int sig_op, int pe);                   \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, \
                           uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
#define SHMEMI_DECL_SIZED_SIGNAL(BITS, BYTES, op)                              \
    SHMEMI_DECL_PUT_SIGNAL(void, put##BITS, _signal)                           \
    SHMEMI_DECL_PUT_SIGNAL(void, put##BITS, _signal_nbi)
SHMEM_RMA_TYPES(SHMEMI_DECL_PUT_SIGNAL, _put_signal)
SHMEM_RMA_TYPES(SHMEMI_DECL_PUT_SIGNAL, _put_signal_nbi)
SHMEM_RMA_SIZES(SHMEMI_DECL_SIZED_SIGNAL, )
SHMEMI_DECL_PUT_SIGNAL(void, putmem, _signal)
SHMEMI_DECL_PUT_SIGNAL(void, putmem, _signal_nbi)
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* ---- ordering and point-to-point synchronisation ---- */

void shmem_ctx_fence(shmem_ctx_t ctx);
void shmem_ctx_quiet(shmem_ctx_t ctx);

#define SHMEMI_DECL_WAIT_UNTIL(T, N, a)                                        \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);                \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);
#define SHMEMI_DECL_WAIT_SET(T, N, a)                                          \
    void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, \
                                    T cmp_value);                              \
    size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, \
                                      T cmp_value);                            \
    size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, \
                                       const int *status, int cmp, T cmp_value); \
    void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, \
                                           int cmp, T *cmp_values);            \
    size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, \
                                             int cmp, T *cmp_values);          \
    size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices, \
                                              const int *status, int cmp, T *cmp_values); \
    int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, \
                             T cmp_value);                                     \
    size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, \
                                T cmp_value);                                  \
    size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, \
                                 const int *status, int cmp, T cmp_value);     \
    int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                    T *cmp_values);                            \
    size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                       T *cmp_values);                         \
    size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, \
                                        const int *status, int cmp, T *cmp_values);
#define SHMEMI_DECL_WAIT_DEPR(T, N, a) void shmem_##N##_wait(T *ivar, T cmp_value);
SHMEM_P2P_TYPES(SHMEMI_DECL_WAIT_UNTIL, )
SHMEM_P2P_TYPES(SHMEMI_DECL_WAIT_SET, )
SHMEM_WAIT_DEPR_TYPES(SHMEMI_DECL_WAIT_DEPR, )
void shmem_wait(long *ivar, long cmp_value);
void shmem_wait_until(long *ivar, int cmp, long cmp_value); /* C11: the generic below */

/* ---- locks ---- */

void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

/* ---- cache management (removed in 1.5; no-ops kept for old programs) ---- */

void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);

/* Routines taking an optional leading ctx (and Cray's untyped collectives)
 * are told apart by argument count: NAME(args) becomes NAME_<count>(args). */
#define SHMEMI_NARG(...) SHMEMI_NARG_(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define SHMEMI_NARG_(_1, _2, _3, _4, _5, _6, _7, _8, _9, n, ...) n
#define SHMEMI_CAT(a, b) SHMEMI_CAT_(a, b)
#define SHMEMI_CAT_(a, b) a##b
#define SHMEMI_ARITY(name, ...) SHMEMI_CAT(name, SHMEMI_NARG(__VA_ARGS__))(__VA_ARGS__)

/* ---- C11 type-generic interface ---- */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)

/* The last association of every generic names a type no argument has, so
 * the tables can end each association with a comma. */
typedef struct shmemi_nomatch { int unused_; } shmemi_nomatch_t;
#define SHMEMI_GA(T, N, op) T: shmem_##N##op,
#define SHMEMI_GAC(T, N, op) T: shmem_ctx_##N##op,
/* The routine for the type of *p among TABLE's, plain or ctx_. */
#define SHMEMI_G(TABLE, op, p) _Generic(*(p), TABLE(SHMEMI_GA, op) shmemi_nomatch_t: 0)
#define SHMEMI_GC(TABLE, op, p) _Generic(*(p), TABLE(SHMEMI_GAC, op) shmemi_nomatch_t: 0)

#define SHMEMI_RMA SHMEM_RMA_STD_TYPES
#define SHMEMI_AMO SHMEM_AMO_STD_TYPES
#define SHMEMI_AMO_EXT(X, a) SHMEM_AMO_STD_TYPES(X, a) SHMEM_AMO_EXT_ONLY_TYPES(X, a)
#define SHMEMI_AMO_BIT SHMEM_AMO_BIT_STD_TYPES
#define SHMEMI_P2P SHMEM_P2P_STD_TYPES


/* RMA */
#define shmem_put(...) SHMEMI_ARITY(shmemi_put_, __VA_ARGS__)
#define shmemi_put_4(p, ...) SHMEMI_G(SHMEMI_RMA, _put, p)(p, __VA_ARGS__)
#define shmemi_put_5(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _put, p)(c, p, __VA_ARGS__)
#define shmem_get(...) SHMEMI_ARITY(shmemi_get_, __VA_ARGS__)
#define shmemi_get_4(p, ...) SHMEMI_G(SHMEMI_RMA, _get, p)(p, __VA_ARGS__)
#define shmemi_get_5(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _get, p)(c, p, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEMI_ARITY(shmemi_put_nbi_, __VA_ARGS__)
#define shmemi_put_nbi_4(p, ...) SHMEMI_G(SHMEMI_RMA, _put_nbi, p)(p, __VA_ARGS__)
#define shmemi_put_nbi_5(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _put_nbi, p)(c, p, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEMI_ARITY(shmemi_get_nbi_, __VA_ARGS__)
#define shmemi_get_nbi_4(p, ...) SHMEMI_G(SHMEMI_RMA, _get_nbi, p)(p, __VA_ARGS__)
#define shmemi_get_nbi_5(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _get_nbi, p)(c, p, __VA_ARGS__)
#define shmem_iput(...) SHMEMI_ARITY(shmemi_iput_, __VA_ARGS__)
#define shmemi_iput_6(p, ...) SHMEMI_G(SHMEMI_RMA, _iput, p)(p, __VA_ARGS__)
#define shmemi_iput_7(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _iput, p)(c, p, __VA_ARGS__)
#define shmem_iget(...) SHMEMI_ARITY(shmemi_iget_, __VA_ARGS__)
#define shmemi_iget_6(p, ...) SHMEMI_G(SHMEMI_RMA, _iget, p)(p, __VA_ARGS__)
#define shmemi_iget_7(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _iget, p)(c, p, __VA_ARGS__)
#define shmem_p(...) SHMEMI_ARITY(shmemi_p_, __VA_ARGS__)
#define shmemi_p_3(p, ...) SHMEMI_G(SHMEMI_RMA, _p, p)(p, __VA_ARGS__)
#define shmemi_p_4(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _p, p)(c, p, __VA_ARGS__)
#define shmem_g(...) SHMEMI_ARITY(shmemi_g_, __VA_ARGS__)
#define shmemi_g_2(p, ...) SHMEMI_G(SHMEMI_RMA, _g, p)(p, __VA_ARGS__)
#define shmemi_g_3(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _g, p)(c, p, __VA_ARGS__)

/* 1.6 blocked strided */
#define shmem_ibput(...) SHMEMI_ARITY(shmemi_ibput_, __VA_ARGS__)
#define shmemi_ibput_7(p, ...) SHMEMI_G(SHMEMI_RMA, _ibput, p)(p, __VA_ARGS__)
#define shmemi_ibput_8(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _ibput, p)(c, p, __VA_ARGS__)
#define shmem_ibget(...) SHMEMI_ARITY(shmemi_ibget_, __VA_ARGS__)
#define shmemi_ibget_7(p, ...) SHMEMI_G(SHMEMI_RMA, _ibget, p)(p, __VA_ARGS__)
#define shmemi_ibget_8(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _ibget, p)(c, p, __VA_ARGS__)
/* 1.6 signal updates, with or without a context */
#define shmem_signal_add(...) SHMEMI_ARITY(shmemi_signal_add_, __VA_ARGS__)
#define shmemi_signal_add_3(...) (shmem_signal_add)(__VA_ARGS__)
#define shmemi_signal_add_4(...) shmem_ctx_signal_add(__VA_ARGS__)
#define shmem_signal_set(...) SHMEMI_ARITY(shmemi_signal_set_, __VA_ARGS__)
#define shmemi_signal_set_3(...) (shmem_signal_set)(__VA_ARGS__)
#define shmemi_signal_set_4(...) shmem_ctx_signal_set(__VA_ARGS__)

/* Atomics */
#define shmem_atomic_fetch(...) SHMEMI_ARITY(shmemi_afetch_, __VA_ARGS__)
#define shmemi_afetch_2(p, ...) SHMEMI_G(SHMEMI_AMO_EXT, _atomic_fetch, p)(p, __VA_ARGS__)
#define shmemi_afetch_3(c, p, ...) SHMEMI_GC(SHMEMI_AMO_EXT, _atomic_fetch, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) SHMEMI_ARITY(shmemi_afetch_nbi_, __VA_ARGS__)
#define shmemi_afetch_nbi_3(p, ...) SHMEMI_G(SHMEMI_AMO_EXT, _atomic_fetch_nbi, p)(p, __VA_ARGS__)
#define shmemi_afetch_nbi_4(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO_EXT, _atomic_fetch_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_set(...) SHMEMI_ARITY(shmemi_aset_, __VA_ARGS__)
#define shmemi_aset_3(p, ...) SHMEMI_G(SHMEMI_AMO_EXT, _atomic_set, p)(p, __VA_ARGS__)
#define shmemi_aset_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_EXT, _atomic_set, p)(c, p, __VA_ARGS__)
#define shmem_atomic_swap(...) SHMEMI_ARITY(shmemi_aswap_, __VA_ARGS__)
#define shmemi_aswap_3(p, ...) SHMEMI_G(SHMEMI_AMO_EXT, _atomic_swap, p)(p, __VA_ARGS__)
#define shmemi_aswap_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_EXT, _atomic_swap, p)(c, p, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) SHMEMI_ARITY(shmemi_aswap_nbi_, __VA_ARGS__)
#define shmemi_aswap_nbi_4(p, ...) SHMEMI_G(SHMEMI_AMO_EXT, _atomic_swap_nbi, p)(p, __VA_ARGS__)
#define shmemi_aswap_nbi_5(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO_EXT, _atomic_swap_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_compare_swap(...) SHMEMI_ARITY(shmemi_acswap_, __VA_ARGS__)
#define shmemi_acswap_4(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_compare_swap, p)(p, __VA_ARGS__)
#define shmemi_acswap_5(c, p, ...) SHMEMI_GC(SHMEMI_AMO, _atomic_compare_swap, p)(c, p, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) SHMEMI_ARITY(shmemi_acswap_nbi_, __VA_ARGS__)
#define shmemi_acswap_nbi_5(p, ...) \
    SHMEMI_G(SHMEMI_AMO, _atomic_compare_swap_nbi, p)(p, __VA_ARGS__)
#define shmemi_acswap_nbi_6(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO, _atomic_compare_swap_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) SHMEMI_ARITY(shmemi_afinc_, __VA_ARGS__)
#define shmemi_afinc_2(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_fetch_inc, p)(p, __VA_ARGS__)
#define shmemi_afinc_3(c, p, ...) SHMEMI_GC(SHMEMI_AMO, _atomic_fetch_inc, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) SHMEMI_ARITY(shmemi_afinc_nbi_, __VA_ARGS__)
#define shmemi_afinc_nbi_3(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_fetch_inc_nbi, p)(p, __VA_ARGS__)
#define shmemi_afinc_nbi_4(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO, _atomic_fetch_inc_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_inc(...) SHMEMI_ARITY(shmemi_ainc_, __VA_ARGS__)
#define shmemi_ainc_2(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_inc, p)(p, __VA_ARGS__)
#define shmemi_ainc_3(c, p, ...) SHMEMI_GC(SHMEMI_AMO, _atomic_inc, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) SHMEMI_ARITY(shmemi_afadd_, __VA_ARGS__)
#define shmemi_afadd_3(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_fetch_add, p)(p, __VA_ARGS__)
#define shmemi_afadd_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO, _atomic_fetch_add, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) SHMEMI_ARITY(shmemi_afadd_nbi_, __VA_ARGS__)
#define shmemi_afadd_nbi_4(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_fetch_add_nbi, p)(p, __VA_ARGS__)
#define shmemi_afadd_nbi_5(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO, _atomic_fetch_add_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_add(...) SHMEMI_ARITY(shmemi_aadd_, __VA_ARGS__)
#define shmemi_aadd_3(p, ...) SHMEMI_G(SHMEMI_AMO, _atomic_add, p)(p, __VA_ARGS__)
#define shmemi_aadd_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO, _atomic_add, p)(c, p, __VA_ARGS__)
/* Bitwise: and, or, xor, each fetching, fetching _nbi and plain. */
#define shmem_atomic_fetch_and(...) SHMEMI_ARITY(shmemi_afand_, __VA_ARGS__)
#define shmemi_afand_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_and, p)(p, __VA_ARGS__)
#define shmemi_afand_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_and, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) SHMEMI_ARITY(shmemi_afand_nbi_, __VA_ARGS__)
#define shmemi_afand_nbi_4(p, ...) \
    SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_and_nbi, p)(p, __VA_ARGS__)
#define shmemi_afand_nbi_5(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_and_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_and(...) SHMEMI_ARITY(shmemi_aand_, __VA_ARGS__)
#define shmemi_aand_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_and, p)(p, __VA_ARGS__)
#define shmemi_aand_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_and, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) SHMEMI_ARITY(shmemi_afor_, __VA_ARGS__)
#define shmemi_afor_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_or, p)(p, __VA_ARGS__)
#define shmemi_afor_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_or, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) SHMEMI_ARITY(shmemi_afor_nbi_, __VA_ARGS__)
#define shmemi_afor_nbi_4(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_or_nbi, p)(p, __VA_ARGS__)
#define shmemi_afor_nbi_5(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_or_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_or(...) SHMEMI_ARITY(shmemi_aor_, __VA_ARGS__)
#define shmemi_aor_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_or, p)(p, __VA_ARGS__)
#define shmemi_aor_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_or, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) SHMEMI_ARITY(shmemi_afxor_, __VA_ARGS__)
#define shmemi_afxor_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_xor, p)(p, __VA_ARGS__)
#define shmemi_afxor_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_xor, p)(c, p, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) SHMEMI_ARITY(shmemi_afxor_nbi_, __VA_ARGS__)
#define shmemi_afxor_nbi_4(p, ...) \
    SHMEMI_G(SHMEMI_AMO_BIT, _atomic_fetch_xor_nbi, p)(p, __VA_ARGS__)
#define shmemi_afxor_nbi_5(c, p, ...) \
    SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_fetch_xor_nbi, p)(c, p, __VA_ARGS__)
#define shmem_atomic_xor(...) SHMEMI_ARITY(shmemi_axor_, __VA_ARGS__)
#define shmemi_axor_3(p, ...) SHMEMI_G(SHMEMI_AMO_BIT, _atomic_xor, p)(p, __VA_ARGS__)
#define shmemi_axor_4(c, p, ...) SHMEMI_GC(SHMEMI_AMO_BIT, _atomic_xor, p)(c, p, __VA_ARGS__)

/* Deprecated generic atomics (no ctx forms). */
#define shmem_fetch(s, ...) SHMEMI_G(SHMEMI_AMO_EXT, _fetch, s)(s, __VA_ARGS__)
#define shmem_set(d, ...) SHMEMI_G(SHMEMI_AMO_EXT, _set, d)(d, __VA_ARGS__)
#define shmem_swap(d, ...) SHMEMI_G(SHMEMI_AMO_EXT, _swap, d)(d, __VA_ARGS__)
#define shmem_add(d, ...) SHMEMI_G(SHMEMI_AMO, _add, d)(d, __VA_ARGS__)
#define shmem_inc(d, ...) SHMEMI_G(SHMEMI_AMO, _inc, d)(d, __VA_ARGS__)
#define shmem_fadd(d, ...) SHMEMI_G(SHMEMI_AMO, _fadd, d)(d, __VA_ARGS__)
#define shmem_finc(d, ...) SHMEMI_G(SHMEMI_AMO, _finc, d)(d, __VA_ARGS__)
#define shmem_cswap(d, ...) SHMEMI_G(SHMEMI_AMO, _cswap, d)(d, __VA_ARGS__)

/* Signals */
#define shmem_put_signal(...) SHMEMI_ARITY(shmemi_put_signal_, __VA_ARGS__)
#define shmemi_put_signal_7(p, ...) SHMEMI_G(SHMEMI_RMA, _put_signal, p)(p, __VA_ARGS__)
#define shmemi_put_signal_8(c, p, ...) SHMEMI_GC(SHMEMI_RMA, _put_signal, p)(c, p, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHMEMI_ARITY(shmemi_put_signal_nbi_, __VA_ARGS__)
#define shmemi_put_signal_nbi_7(p, ...) SHMEMI_G(SHMEMI_RMA, _put_signal_nbi, p)(p, __VA_ARGS__)
#define shmemi_put_signal_nbi_8(c, p, ...) \
    SHMEMI_GC(SHMEMI_RMA, _put_signal_nbi, p)(c, p, __VA_ARGS__)

/* Point-to-point synchronisation (no ctx forms). */
#define shmem_wait_until(v, ...) SHMEMI_G(SHMEMI_P2P, _wait_until, v)(v, __VA_ARGS__)
#define shmem_wait_until_all(v, ...) SHMEMI_G(SHMEMI_P2P, _wait_until_all, v)(v, __VA_ARGS__)
#define shmem_wait_until_any(v, ...) SHMEMI_G(SHMEMI_P2P, _wait_until_any, v)(v, __VA_ARGS__)
#define shmem_wait_until_some(v, ...) SHMEMI_G(SHMEMI_P2P, _wait_until_some, v)(v, __VA_ARGS__)
#define shmem_wait_until_all_vector(v, ...)                                    \
    SHMEMI_G(SHMEMI_P2P, _wait_until_all_vector, v)(v, __VA_ARGS__)
#define shmem_wait_until_any_vector(v, ...)                                    \
    SHMEMI_G(SHMEMI_P2P, _wait_until_any_vector, v)(v, __VA_ARGS__)
#define shmem_wait_until_some_vector(v, ...)                                   \
    SHMEMI_G(SHMEMI_P2P, _wait_until_some_vector, v)(v, __VA_ARGS__)
#define shmem_test(v, ...) SHMEMI_G(SHMEMI_P2P, _test, v)(v, __VA_ARGS__)
#define shmem_test_all(v, ...) SHMEMI_G(SHMEMI_P2P, _test_all, v)(v, __VA_ARGS__)
#define shmem_test_any(v, ...) SHMEMI_G(SHMEMI_P2P, _test_any, v)(v, __VA_ARGS__)
#define shmem_test_some(v, ...) SHMEMI_G(SHMEMI_P2P, _test_some, v)(v, __VA_ARGS__)
#define shmem_test_all_vector(v, ...) SHMEMI_G(SHMEMI_P2P, _test_all_vector, v)(v, __VA_ARGS__)
#define shmem_test_any_vector(v, ...) SHMEMI_G(SHMEMI_P2P, _test_any_vector, v)(v, __VA_ARGS__)
#define shmem_test_some_vector(v, ...) SHMEMI_G(SHMEMI_P2P, _test_some_vector, v)(v, __VA_ARGS__)

#endif /* C11 */

#endif
