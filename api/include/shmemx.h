/* shmemx.h: Cray SHMEM extensions (shmemx_*) implemented by shmemsim. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Each PE sends s_sizes[i] bytes at source + s_offsets[i] to member i of the
 * active set, which stores them at target + t_offsets[j] (j = the sender's
 * index); on return t_sizes[j] holds the bytes received from member j.  With
 * SHMEM_ALLTOALLV_TSIZE_CHK=abort|trunc, t_sizes[j] must hold on entry the
 * most bytes accepted from member j. */
void shmemx_alltoallv(void *target, size_t *t_offsets, size_t *t_sizes, const void *source,
                      size_t *s_offsets, size_t *s_sizes, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
/* Like shmemx_alltoallv, but incoming data is packed contiguously into
 * target in an order the network decides; *t_size receives the bytes
 * deposited, at most target_len are expected. */
void shmemx_alltoallv_packed(void *target, size_t target_len, size_t *t_size,
                             const void *source, size_t *s_offsets, size_t *s_sizes,
                             int PE_start, int logPE_stride, int PE_size, long *pSync);

/* ---- Sandia OpenSHMEM's shmemx_ spellings ----
 * Programs written before OpenSHMEM 1.5 (and 1.6) called the routines that
 * became standard by these names.  Each is the standard routine: fixed
 * names are macros, typed families inline wrappers made from the type
 * tables of <shmem.h> (always inlined, so a call still names the
 * program's own line). */
/* Sandia's way to tell the library how to tell threads apart; the
 * simulator schedules a PE's threads itself and needs no help: ignored. */
void shmemx_register_gettid(uint64_t (*gettid_fn)(void));

typedef shmem_team_t shmemx_team_t;
typedef shmem_team_config_t shmemx_team_config_t;
#define SHMEMX_TEAM_WORLD SHMEM_TEAM_WORLD
#define SHMEMX_TEAM_SHARED SHMEM_TEAM_SHARED
#define SHMEMX_TEAM_NODE SHMEM_TEAM_SHARED /* every PE is on this one node */
#define SHMEMX_TEAM_INVALID SHMEM_TEAM_INVALID
#define SHMEMX_TEAM_NUM_CONTEXTS SHMEM_TEAM_NUM_CONTEXTS
#define SHMEMX_SIGNAL_SET SHMEM_SIGNAL_SET
#define SHMEMX_SIGNAL_ADD SHMEM_SIGNAL_ADD
/* shmem_malloc_with_hints: allocate without the exit barrier (every PE
 * still makes the call; the block is ready once the program synchronises). */
#define SHMEMX_MALLOC_NO_BARRIER (1L << 20) /* the value api/shmem/heap.c tests */
#define SHMEMX_CMP_EQ SHMEM_CMP_EQ
#define SHMEMX_CMP_NE SHMEM_CMP_NE
#define SHMEMX_CMP_GT SHMEM_CMP_GT
#define SHMEMX_CMP_GE SHMEM_CMP_GE
#define SHMEMX_CMP_LT SHMEM_CMP_LT
#define SHMEMX_CMP_LE SHMEM_CMP_LE

/* Team splits.  Sandia's shmemx names take OpenSHMEM's arguments; Cray's
 * take fewer (no configurations) and return nothing, errors being
 * findings: told apart by the argument count.  Cray's Cartesian splits
 * number the parent's first xrange * yrange (* zrange) members x fastest;
 * a range of 0 last means as many as the parent has; members past the
 * grid get SHMEM_TEAM_INVALID.  Every member of the parent calls them. */
int shmemx_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                              const shmem_team_config_t *config, long config_mask,
                              shmem_team_t *new_team);
int shmemx_team_split_2d(shmem_team_t parent_team, int xrange,
                         const shmem_team_config_t *xaxis_config, long xaxis_mask,
                         shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                         long yaxis_mask, shmem_team_t *yaxis_team);
void shmemxi_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                                shmem_team_t *new_team);
void shmemxi_team_split_2d(shmem_team_t parent_team, int xrange, int yrange,
                           shmem_team_t *xaxis_team, shmem_team_t *yaxis_team);
void shmemx_team_split_3d(shmem_team_t parent_team, int xrange, int yrange, int zrange,
                          shmem_team_t *xaxis_team, shmem_team_t *yaxis_team,
                          shmem_team_t *zaxis_team);
/* Cray's split by colour, as MPI_Comm_split: members passing one colour
 * form a team ranked by key (ties by parent index); a negative colour
 * (SHMEMX_COLOR_UNDEFINED) joins none and gets SHMEM_TEAM_INVALID. */
#define SHMEMX_COLOR_UNDEFINED (-1)
#ifndef SHMEM_COLOR_UNDEFINED
#define SHMEM_COLOR_UNDEFINED SHMEMX_COLOR_UNDEFINED
#endif
#define SHMEMX_TEAM_NULL SHMEM_TEAM_INVALID
#ifndef SHMEM_TEAM_NULL
#define SHMEM_TEAM_NULL SHMEM_TEAM_INVALID /* Cray's name for "no team" */
#endif
void shmemx_team_split(shmem_team_t parent_team, int color, int key, shmem_team_t *new_team);
#define shmemx_team_split_color shmemx_team_split
/* Cray's team reductions, shmemx_team_TYPE_OP_to_all: the active-set
 * reduction over a team's members (who alone call it), with the
 * program's pWrk and pSync. */
#define SHMEMXI_DECL_TEAM_TO_ALL(T, N, OP)                                               \
    void shmemx_team_##N##_##OP##_to_all(shmem_team_t team, T *dest, const T *source,    \
                                         int nreduce, T *pWrk, long *pSync);
#define SHMEMXI_DECL_TEAM_BITWISE(T, N)                                                   \
    SHMEMXI_DECL_TEAM_TO_ALL(T, N, and)                                                   \
    SHMEMXI_DECL_TEAM_TO_ALL(T, N, or) SHMEMXI_DECL_TEAM_TO_ALL(T, N, xor)
#define SHMEMXI_DECL_TEAM_MINMAX(T, N)                                                    \
    SHMEMXI_DECL_TEAM_TO_ALL(T, N, min) SHMEMXI_DECL_TEAM_TO_ALL(T, N, max)
#define SHMEMXI_DECL_TEAM_ARITH(T, N)                                                     \
    SHMEMXI_DECL_TEAM_TO_ALL(T, N, sum) SHMEMXI_DECL_TEAM_TO_ALL(T, N, prod)
SHMEM_REDUCE_INT_TYPES(SHMEMXI_DECL_TEAM_BITWISE)
SHMEM_REDUCE_INT_TYPES(SHMEMXI_DECL_TEAM_MINMAX)
SHMEM_REDUCE_FLOAT_TYPES(SHMEMXI_DECL_TEAM_MINMAX)
SHMEM_REDUCE_INT_TYPES(SHMEMXI_DECL_TEAM_ARITH)
SHMEM_REDUCE_FLOAT_TYPES(SHMEMXI_DECL_TEAM_ARITH)
#define shmemx_team_split_strided(...) SHMEMI_ARITY(shmemxi_team_split_strided_, __VA_ARGS__)
#define shmemxi_team_split_strided_5 shmemxi_team_split_strided
#define shmemxi_team_split_strided_7 shmem_team_split_strided
#define shmemx_team_split_2d(...) SHMEMI_ARITY(shmemxi_team_split_2d_, __VA_ARGS__)
#define shmemxi_team_split_2d_5 shmemxi_team_split_2d
#define shmemxi_team_split_2d_8 shmem_team_split_2d
/* Cray's communication sessions: hints about a burst of operations on a
 * context, accepted and not needed here. */
#define SHMEMX_SESSION_BUNDLE (1L << 0)
#define SHMEMX_SESSION_HRP (1L << 1)
#define SHMEMX_SESSION_STAMO (1L << 2)
#define SHMEMX_SESSION_NO_CNCR_TACCESS (1L << 3)
#define SHMEMX_SESSION_OP_PUT (1L << 4)
#define SHMEMX_SESSION_OP_AMO (1L << 5)
#define SHMEMX_SESSION_OP_FAMO (1L << 6)
#define SHMEMX_SESSION_OP_PWS (1L << 7)
#define SHMEMX_SESSION_DC (1L << 8)
#define SHMEM_SESSION_BUNDLE SHMEMX_SESSION_BUNDLE
#define SHMEM_SESSION_HRP SHMEMX_SESSION_HRP
#define SHMEM_SESSION_STAMO SHMEMX_SESSION_STAMO
#define SHMEM_SESSION_NO_CNCR_TACCESS SHMEMX_SESSION_NO_CNCR_TACCESS
#define SHMEM_SESSION_OP_PUT SHMEMX_SESSION_OP_PUT
#define SHMEM_SESSION_OP_AMO SHMEMX_SESSION_OP_AMO
#define SHMEM_SESSION_OP_FAMO SHMEMX_SESSION_OP_FAMO
#define SHMEM_SESSION_OP_PWS SHMEMX_SESSION_OP_PWS
#define SHMEM_SESSION_DC SHMEMX_SESSION_DC
void shmemx_session_start(shmem_ctx_t ctx, long options);
void shmemx_session_stop(shmem_ctx_t ctx);
#define shmemx_team_my_pe shmem_team_my_pe
#define shmemx_team_n_pes shmem_team_n_pes
#define shmemx_team_translate_pe shmem_team_translate_pe
#define shmemx_team_get_config shmem_team_get_config
#define shmemx_team_destroy shmem_team_destroy
#define shmemx_team_create_ctx shmem_team_create_ctx
#define shmemx_ctx_get_team shmem_ctx_get_team
#define shmemx_team_sync shmem_team_sync
#define shmemx_sync shmem_team_sync
#define shmemx_team_ptr shmem_team_ptr
#define shmemx_signal_add shmem_signal_add
#define shmemx_signal_set shmem_signal_set
#define shmemx_ctx_signal_add shmem_ctx_signal_add
#define shmemx_ctx_signal_set shmem_ctx_signal_set
#define shmemx_signal_fetch shmem_signal_fetch
#define shmemx_signal_wait_until shmem_signal_wait_until
#define shmemx_pe_quiet shmem_pe_quiet
#define shmemx_ctx_pe_quiet shmem_ctx_pe_quiet
#define shmemx_pcontrol shmem_pcontrol
#define shmemx_putmem_signal_nbi shmem_putmem_signal_nbi
/* The thread setup under its extension names (Sandia's returned int,
 * Cray's nothing: a call of either form compiles). */
#define shmemx_init_thread shmem_init_thread
#define shmemx_query_thread shmem_query_thread
/* Cray's atomics on short under their shmemx_ names. */
void shmemx_short_add(short *target, short value, int pe);
void shmemx_short_inc(short *target, int pe);
short shmemx_short_fadd(short *target, short value, int pe);
short shmemx_short_finc(short *target, int pe);
short shmemx_short_cswap(short *target, short cond, short value, int pe);
short shmemx_short_swap(short *target, short value, int pe);

/* Seconds of virtual time, as Sandia's wall-clock timer (here the
 * simulated clock); a routine of the library, so configure finds it.
 * Programs test the macro, as Sandia's header defines it, before
 * defining a fallback of the same name. */
double shmemx_wtime(void);
#define HAVE_SHMEMX_WTIME 1

#define SHMEMXI static __inline__ __attribute__((always_inline, artificial, unused))

#define SHMEMXI_P2P(T, N, a)                                                             \
    SHMEMXI void shmemx_##N##_wait_until_all(T *v, size_t n, const int *st, int c, T x)   \
    { shmem_##N##_wait_until_all(v, n, st, c, x); }                                       \
    SHMEMXI size_t shmemx_##N##_wait_until_any(T *v, size_t n, const int *st, int c, T x) \
    { return shmem_##N##_wait_until_any(v, n, st, c, x); }                                \
    SHMEMXI size_t shmemx_##N##_wait_until_some(T *v, size_t n, size_t *ix, const int *st, \
                                                int c, T x)                               \
    { return shmem_##N##_wait_until_some(v, n, ix, st, c, x); }                           \
    SHMEMXI void shmemx_##N##_wait_until_all_vector(T *v, size_t n, const int *st, int c, \
                                                    T *x)                                 \
    { shmem_##N##_wait_until_all_vector(v, n, st, c, x); }                                \
    SHMEMXI size_t shmemx_##N##_wait_until_any_vector(T *v, size_t n, const int *st, int c, \
                                                      T *x)                               \
    { return shmem_##N##_wait_until_any_vector(v, n, st, c, x); }                         \
    SHMEMXI size_t shmemx_##N##_wait_until_some_vector(T *v, size_t n, size_t *ix,        \
                                                       const int *st, int c, T *x)        \
    { return shmem_##N##_wait_until_some_vector(v, n, ix, st, c, x); }                    \
    SHMEMXI int shmemx_##N##_test_all(T *v, size_t n, const int *st, int c, T x)          \
    { return shmem_##N##_test_all(v, n, st, c, x); }                                      \
    SHMEMXI size_t shmemx_##N##_test_any(T *v, size_t n, const int *st, int c, T x)       \
    { return shmem_##N##_test_any(v, n, st, c, x); }                                      \
    SHMEMXI size_t shmemx_##N##_test_some(T *v, size_t n, size_t *ix, const int *st, int c, \
                                          T x)                                            \
    { return shmem_##N##_test_some(v, n, ix, st, c, x); }                                 \
    SHMEMXI int shmemx_##N##_test_all_vector(T *v, size_t n, const int *st, int c, T *x)  \
    { return shmem_##N##_test_all_vector(v, n, st, c, x); }                               \
    SHMEMXI size_t shmemx_##N##_test_any_vector(T *v, size_t n, const int *st, int c, T *x) \
    { return shmem_##N##_test_any_vector(v, n, st, c, x); }                               \
    SHMEMXI size_t shmemx_##N##_test_some_vector(T *v, size_t n, size_t *ix, const int *st, \
                                                 int c, T *x)                             \
    { return shmem_##N##_test_some_vector(v, n, ix, st, c, x); }
SHMEM_P2P_TYPES(SHMEMXI_P2P, )

#define SHMEMXI_SIGNAL(T, N, op)                                                          \
    SHMEMXI void shmemx_##N##op(T *d, const T *s, size_t n, uint64_t *sig, uint64_t v,    \
                                int sop, int pe)                                          \
    { shmem_##N##op(d, s, n, sig, v, sop, pe); }
SHMEM_RMA_TYPES(SHMEMXI_SIGNAL, _put_signal_nbi)
/* The blocking put with signal: Sandia's form names the signal operation
 * (7 arguments), Cray's sets the signal (6): told apart by the count. */
#define SHMEMXI_SIGNAL_67(T, N, a)                                                        \
    SHMEMXI void shmemxi_##N##_put_signal_7(T *d, const T *s, size_t n, uint64_t *sig,    \
                                            uint64_t v, int sop, int pe)                  \
    { shmem_##N##_put_signal(d, s, n, sig, v, sop, pe); }                                 \
    SHMEMXI void shmemxi_##N##_put_signal_6(T *d, const T *s, size_t n, uint64_t *sig,    \
                                            uint64_t v, int pe)                           \
    { shmem_##N##_put_signal(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe); }
SHMEM_RMA_TYPES(SHMEMXI_SIGNAL_67, )
#define SHMEMXI_SIGNAL_67_SIZED(BITS, BYTES, a)                                           \
    SHMEMXI void shmemxi_put##BITS##_signal_7(void *d, const void *s, size_t n,           \
                                              uint64_t *sig, uint64_t v, int sop, int pe) \
    { shmem_put##BITS##_signal(d, s, n, sig, v, sop, pe); }                               \
    SHMEMXI void shmemxi_put##BITS##_signal_6(void *d, const void *s, size_t n,           \
                                              uint64_t *sig, uint64_t v, int pe)          \
    { shmem_put##BITS##_signal(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe); }
SHMEM_RMA_SIZES(SHMEMXI_SIGNAL_67_SIZED, )
SHMEMXI void shmemxi_putmem_signal_7(void *d, const void *s, size_t n, uint64_t *sig,
                                     uint64_t v, int sop, int pe)
{ shmem_putmem_signal(d, s, n, sig, v, sop, pe); }
SHMEMXI void shmemxi_putmem_signal_6(void *d, const void *s, size_t n, uint64_t *sig,
                                     uint64_t v, int pe)
{ shmem_putmem_signal(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe); }
#define shmemx_float_put_signal(...) SHMEMI_ARITY(shmemxi_float_put_signal_, __VA_ARGS__)
#define shmemx_double_put_signal(...) SHMEMI_ARITY(shmemxi_double_put_signal_, __VA_ARGS__)
#define shmemx_longdouble_put_signal(...) SHMEMI_ARITY(shmemxi_longdouble_put_signal_, __VA_ARGS__)
#define shmemx_char_put_signal(...) SHMEMI_ARITY(shmemxi_char_put_signal_, __VA_ARGS__)
#define shmemx_schar_put_signal(...) SHMEMI_ARITY(shmemxi_schar_put_signal_, __VA_ARGS__)
#define shmemx_short_put_signal(...) SHMEMI_ARITY(shmemxi_short_put_signal_, __VA_ARGS__)
#define shmemx_int_put_signal(...) SHMEMI_ARITY(shmemxi_int_put_signal_, __VA_ARGS__)
#define shmemx_long_put_signal(...) SHMEMI_ARITY(shmemxi_long_put_signal_, __VA_ARGS__)
#define shmemx_longlong_put_signal(...) SHMEMI_ARITY(shmemxi_longlong_put_signal_, __VA_ARGS__)
#define shmemx_uchar_put_signal(...) SHMEMI_ARITY(shmemxi_uchar_put_signal_, __VA_ARGS__)
#define shmemx_ushort_put_signal(...) SHMEMI_ARITY(shmemxi_ushort_put_signal_, __VA_ARGS__)
#define shmemx_uint_put_signal(...) SHMEMI_ARITY(shmemxi_uint_put_signal_, __VA_ARGS__)
#define shmemx_ulong_put_signal(...) SHMEMI_ARITY(shmemxi_ulong_put_signal_, __VA_ARGS__)
#define shmemx_ulonglong_put_signal(...) SHMEMI_ARITY(shmemxi_ulonglong_put_signal_, __VA_ARGS__)
#define shmemx_int8_put_signal(...) SHMEMI_ARITY(shmemxi_int8_put_signal_, __VA_ARGS__)
#define shmemx_int16_put_signal(...) SHMEMI_ARITY(shmemxi_int16_put_signal_, __VA_ARGS__)
#define shmemx_int32_put_signal(...) SHMEMI_ARITY(shmemxi_int32_put_signal_, __VA_ARGS__)
#define shmemx_int64_put_signal(...) SHMEMI_ARITY(shmemxi_int64_put_signal_, __VA_ARGS__)
#define shmemx_uint8_put_signal(...) SHMEMI_ARITY(shmemxi_uint8_put_signal_, __VA_ARGS__)
#define shmemx_uint16_put_signal(...) SHMEMI_ARITY(shmemxi_uint16_put_signal_, __VA_ARGS__)
#define shmemx_uint32_put_signal(...) SHMEMI_ARITY(shmemxi_uint32_put_signal_, __VA_ARGS__)
#define shmemx_uint64_put_signal(...) SHMEMI_ARITY(shmemxi_uint64_put_signal_, __VA_ARGS__)
#define shmemx_size_put_signal(...) SHMEMI_ARITY(shmemxi_size_put_signal_, __VA_ARGS__)
#define shmemx_ptrdiff_put_signal(...) SHMEMI_ARITY(shmemxi_ptrdiff_put_signal_, __VA_ARGS__)
#define shmemx_put8_signal(...) SHMEMI_ARITY(shmemxi_put8_signal_, __VA_ARGS__)
#define shmemx_put16_signal(...) SHMEMI_ARITY(shmemxi_put16_signal_, __VA_ARGS__)
#define shmemx_put32_signal(...) SHMEMI_ARITY(shmemxi_put32_signal_, __VA_ARGS__)
#define shmemx_put64_signal(...) SHMEMI_ARITY(shmemxi_put64_signal_, __VA_ARGS__)
#define shmemx_put128_signal(...) SHMEMI_ARITY(shmemxi_put128_signal_, __VA_ARGS__)
#define shmemx_putmem_signal(...) SHMEMI_ARITY(shmemxi_putmem_signal_, __VA_ARGS__)

#define SHMEMXI_IB(T, N, op)                                                              \
    SHMEMXI void shmemx_##N##op(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t b, \
                                size_t nb, int pe)                                        \
    { shmem_##N##op(d, s, dst, sst, b, nb, pe); }
SHMEM_RMA_TYPES(SHMEMXI_IB, _ibput)
SHMEM_RMA_TYPES(SHMEMXI_IB, _ibget)
#define SHMEMXI_CTX_IB(T, N, op)                                                          \
    SHMEMXI void shmemx_ctx_##N##op(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst,        \
                                    ptrdiff_t sst, size_t b, size_t nb, int pe)           \
    { shmem_ctx_##N##op(c, d, s, dst, sst, b, nb, pe); }
SHMEM_RMA_TYPES(SHMEMXI_CTX_IB, _ibput)
SHMEM_RMA_TYPES(SHMEMXI_CTX_IB, _ibget)
/* The sized forms, with and without a context. */
#define SHMEMXI_IB_SIZED(op)                                                              \
    SHMEMXI void shmemx_##op(void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst,        \
                             size_t b, size_t nb, int pe)                                 \
    { shmem_##op(d, s, dst, sst, b, nb, pe); }                                            \
    SHMEMXI void shmemx_ctx_##op(shmem_ctx_t c, void *d, const void *s, ptrdiff_t dst,    \
                                 ptrdiff_t sst, size_t b, size_t nb, int pe)              \
    { shmem_ctx_##op(c, d, s, dst, sst, b, nb, pe); }
SHMEMXI_IB_SIZED(ibput8) SHMEMXI_IB_SIZED(ibput16) SHMEMXI_IB_SIZED(ibput32)
SHMEMXI_IB_SIZED(ibput64) SHMEMXI_IB_SIZED(ibput128)
SHMEMXI_IB_SIZED(ibget8) SHMEMXI_IB_SIZED(ibget16) SHMEMXI_IB_SIZED(ibget32)
SHMEMXI_IB_SIZED(ibget64) SHMEMXI_IB_SIZED(ibget128)

#define SHMEMXI_FOP_NBI(T, N, op)                                                         \
    SHMEMXI void shmemx_##N##op##_nbi(T *f, T *d, T v, int pe) { shmem_##N##op##_nbi(f, d, v, pe); }
#define SHMEMXI_AMO_NBI(T, N, a)                                                          \
    SHMEMXI void shmemx_##N##_atomic_fetch_nbi(T *f, const T *d, int pe)                  \
    { shmem_##N##_atomic_fetch_nbi(f, d, pe); }                                           \
    SHMEMXI void shmemx_##N##_atomic_fetch_inc_nbi(T *f, T *d, int pe)                    \
    { shmem_##N##_atomic_fetch_inc_nbi(f, d, pe); }                                       \
    SHMEMXI void shmemx_##N##_atomic_compare_swap_nbi(T *f, T *d, T c, T v, int pe)       \
    { shmem_##N##_atomic_compare_swap_nbi(f, d, c, v, pe); }                              \
    SHMEMXI_FOP_NBI(T, N, _atomic_fetch_add) SHMEMXI_FOP_NBI(T, N, _atomic_swap)
SHMEM_AMO_TYPES(SHMEMXI_AMO_NBI, )
#define SHMEMXI_BIT_NBI(T, N, a)                                                          \
    SHMEMXI_FOP_NBI(T, N, _atomic_fetch_and) SHMEMXI_FOP_NBI(T, N, _atomic_fetch_or)      \
    SHMEMXI_FOP_NBI(T, N, _atomic_fetch_xor)
SHMEM_AMO_BIT_TYPES(SHMEMXI_BIT_NBI, )

#define SHMEMXI_TEAM_COLL(T, N)                                                           \
    SHMEMXI int shmemx_##N##_broadcast(shmem_team_t t, T *d, const T *s, size_t n, int r) \
    { return shmem_##N##_broadcast(t, d, s, n, r); }                                      \
    SHMEMXI int shmemx_##N##_collect(shmem_team_t t, T *d, const T *s, size_t n)          \
    { return shmem_##N##_collect(t, d, s, n); }                                           \
    SHMEMXI int shmemx_##N##_fcollect(shmem_team_t t, T *d, const T *s, size_t n)         \
    { return shmem_##N##_fcollect(t, d, s, n); }                                          \
    SHMEMXI int shmemx_##N##_alltoall(shmem_team_t t, T *d, const T *s, size_t n)         \
    { return shmem_##N##_alltoall(t, d, s, n); }                                          \
    SHMEMXI int shmemx_##N##_alltoalls(shmem_team_t t, T *d, const T *s, ptrdiff_t dst,   \
                                       ptrdiff_t sst, size_t n)                           \
    { return shmem_##N##_alltoalls(t, d, s, dst, sst, n); }
SHMEM_TEAM_STD_TYPES(SHMEMXI_TEAM_COLL)
#define SHMEMXI_REDUCE(T, N, OP)                                                          \
    SHMEMXI int shmemx_##N##_##OP(shmem_team_t t, T *d, const T *s, size_t n)             \
    { return shmem_##N##_##OP(t, d, s, n); }
#define SHMEMXI_BITWISE(T, N)                                                             \
    SHMEMXI_REDUCE(T, N, and_reduce) SHMEMXI_REDUCE(T, N, or_reduce)                      \
    SHMEMXI_REDUCE(T, N, xor_reduce)
#define SHMEMXI_STD(T, N)                                                                 \
    SHMEMXI_REDUCE(T, N, min_reduce) SHMEMXI_REDUCE(T, N, max_reduce)                     \
    SHMEMXI_REDUCE(T, N, sum_reduce) SHMEMXI_REDUCE(T, N, prod_reduce)                    \
    SHMEMXI_REDUCE(T, N, sum_inscan) SHMEMXI_REDUCE(T, N, sum_exscan)
#define SHMEMXI_COMPLEX(T, N)                                                             \
    SHMEMXI_REDUCE(T, N, sum_reduce) SHMEMXI_REDUCE(T, N, prod_reduce)                    \
    SHMEMXI_REDUCE(T, N, sum_inscan) SHMEMXI_REDUCE(T, N, sum_exscan)
SHMEM_TEAM_BITWISE_TYPES(SHMEMXI_BITWISE)
SHMEM_TEAM_STD_TYPES(SHMEMXI_STD)
SHMEM_TEAM_COMPLEX_TYPES(SHMEMXI_COMPLEX)

/* ---- Cray's non-blocking calls (_nb) ----
 * shmemx_TYPE_put_nb and _get_nb (with the sized, mem and ctx_ forms, and
 * put-with-signal) and the _nb atomics are the standard _nbi calls:
 * shmem_quiet (or a barrier) completes them, and after
 * shmemx_local_complete the sources of puts may be reused, though nothing
 * is known delivered.  The transfer handle that Cray SHMEM's older
 * interface passes last (void **, often NULL) is accepted and ignored:
 * completion is by shmem_quiet there too. */
void shmemx_local_complete(void);
#define SHMEMXI_NB(T, N, a)                                                               \
    SHMEMXI void shmemx_##N##_put_nb(T *d, const T *s, size_t n, int pe, ...)             \
    { shmem_##N##_put_nbi(d, s, n, pe); }                                                 \
    SHMEMXI void shmemx_##N##_get_nb(T *d, const T *s, size_t n, int pe, ...)             \
    { shmem_##N##_get_nbi(d, s, n, pe); }                                                 \
    SHMEMXI void shmemx_ctx_##N##_put_nb(shmem_ctx_t c, T *d, const T *s, size_t n, int pe) \
    { shmem_ctx_##N##_put_nbi(c, d, s, n, pe); }                                          \
    SHMEMXI void shmemx_ctx_##N##_get_nb(shmem_ctx_t c, T *d, const T *s, size_t n, int pe) \
    { shmem_ctx_##N##_get_nbi(c, d, s, n, pe); }                                          \
    SHMEMXI void shmemx_##N##_put_signal_nb(T *d, const T *s, size_t n, uint64_t *sig,    \
                                            uint64_t v, int sop, int pe, ...)             \
    { shmem_##N##_put_signal_nbi(d, s, n, sig, v, sop, pe); }
SHMEM_RMA_TYPES(SHMEMXI_NB, )
#define SHMEMXI_NB_SIZED(BITS, BYTES, a)                                                  \
    SHMEMXI void shmemx_put##BITS##_nb(void *d, const void *s, size_t n, int pe, ...)     \
    { shmem_put##BITS##_nbi(d, s, n, pe); }                                               \
    SHMEMXI void shmemx_get##BITS##_nb(void *d, const void *s, size_t n, int pe, ...)     \
    { shmem_get##BITS##_nbi(d, s, n, pe); }                                               \
    SHMEMXI void shmemx_ctx_put##BITS##_nb(shmem_ctx_t c, void *d, const void *s, size_t n, \
                                           int pe)                                        \
    { shmem_ctx_put##BITS##_nbi(c, d, s, n, pe); }                                        \
    SHMEMXI void shmemx_ctx_get##BITS##_nb(shmem_ctx_t c, void *d, const void *s, size_t n, \
                                           int pe)                                        \
    { shmem_ctx_get##BITS##_nbi(c, d, s, n, pe); }                                        \
    SHMEMXI void shmemx_put##BITS##_signal_nb(void *d, const void *s, size_t n,           \
                                              uint64_t *sig, uint64_t v, int sop, int pe, ...) \
    { shmem_put##BITS##_signal_nbi(d, s, n, sig, v, sop, pe); }
SHMEM_RMA_SIZES(SHMEMXI_NB_SIZED, )
SHMEMXI void shmemx_putmem_nb(void *d, const void *s, size_t n, int pe, ...)
{ shmem_putmem_nbi(d, s, n, pe); }
SHMEMXI void shmemx_getmem_nb(void *d, const void *s, size_t n, int pe, ...)
{ shmem_getmem_nbi(d, s, n, pe); }
SHMEMXI void shmemx_ctx_putmem_nb(shmem_ctx_t c, void *d, const void *s, size_t n, int pe)
{ shmem_ctx_putmem_nbi(c, d, s, n, pe); }
SHMEMXI void shmemx_ctx_getmem_nb(shmem_ctx_t c, void *d, const void *s, size_t n, int pe)
{ shmem_ctx_getmem_nbi(c, d, s, n, pe); }
SHMEMXI void shmemx_putmem_signal_nb(void *d, const void *s, size_t n, uint64_t *sig,
                                     uint64_t v, int sop, int pe, ...)
{ shmem_putmem_signal_nbi(d, s, n, sig, v, sop, pe); }
/* The atomics (fetched value first, as Cray's): it lands in *r when the
 * call completes. */
#define SHMEMXI_AMO_NB(T, N, a)                                                           \
    SHMEMXI void shmemx_##N##_finc_nb(T *r, T *t, int pe, ...)                            \
    { shmem_##N##_atomic_fetch_inc_nbi(r, t, pe); }                                       \
    SHMEMXI void shmemx_##N##_fadd_nb(T *r, T *t, T v, int pe, ...)                       \
    { shmem_##N##_atomic_fetch_add_nbi(r, t, v, pe); }                                    \
    SHMEMXI void shmemx_##N##_cswap_nb(T *r, T *t, T c, T v, int pe, ...)                 \
    { shmem_##N##_atomic_compare_swap_nbi(r, t, c, v, pe); }                              \
    SHMEMXI void shmemx_##N##_inc_nb(T *t, int pe, ...) { shmem_##N##_atomic_inc(t, pe); } \
    SHMEMXI void shmemx_##N##_add_nb(T *t, T v, int pe, ...) { shmem_##N##_atomic_add(t, v, pe); }
SHMEM_AMO_TYPES(SHMEMXI_AMO_NB, )
#define SHMEMXI_SWAP_NB(T, N, a)                                                          \
    SHMEMXI void shmemx_##N##_swap_nb(T *r, T *t, T v, int pe, ...)                       \
    { shmem_##N##_atomic_swap_nbi(r, t, v, pe); }
SHMEM_AMO_EXT_TYPES(SHMEMXI_SWAP_NB, )

/* Cray's thread hints: the simulator tells a PE's threads apart itself. */
SHMEMXI int shmemx_thread_register(void) { return 0; }
SHMEMXI int shmemx_thread_unregister(void) { return 0; }
/* Orders (completes) what the PE issued on the default context: a thread's
 * own operations among them. */
SHMEMXI void shmemx_thread_fence(void) { shmem_fence(); }
SHMEMXI void shmemx_thread_quiet(void) { shmem_quiet(); }

/* Cray's untyped active-set collectives, by their argument count: with
 * eight (or seven) arguments shmem[x]_broadcast, _collect and _fcollect are
 * the 64-bit active-set routines; with a team first, the 1.5 generics. */
#define shmemx_broadcast(...) SHMEMI_ARITY(shmemi_broadcast_, __VA_ARGS__)
#define shmemx_collect(...) SHMEMI_ARITY(shmemi_collect_, __VA_ARGS__)
#define shmemx_fcollect(...) SHMEMI_ARITY(shmemi_fcollect_, __VA_ARGS__)

/* The generic names (C11). */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#define SHMEMXI_GA(T, N, op) T: shmemx_##N##op,
#define SHMEMXI_GAC(T, N, op) T: shmemx_ctx_##N##op,
#define SHMEMXI_G(TABLE, op, p) _Generic(*(p), TABLE(SHMEMXI_GA, op) shmemi_nomatch_t: 0)
#define SHMEMXI_GC(TABLE, op, p) _Generic(*(p), TABLE(SHMEMXI_GAC, op) shmemi_nomatch_t: 0)
/* In the branch a call does not take, *p may have a type of no table. */
#define SHMEMXI_GD(TABLE, op, p) _Generic(*(p), TABLE(SHMEMXI_GA, op) default: 0)
#define SHMEMXI_GCD(TABLE, op, p) _Generic(*(p), TABLE(SHMEMXI_GAC, op) default: 0)
/* shmemx_put_nb(dest, src, n, pe), (ctx, dest, src, n, pe), or Cray
 * SHMEM's (dest, src, n, pe, handle): told apart by the first argument. */
#define shmemx_put_nb(...) SHMEMI_ARITY(shmemxi_put_nb_, __VA_ARGS__)
#define shmemxi_put_nb_4(d, ...) SHMEMXI_G(SHMEMI_RMA, _put_nb, d)(d, __VA_ARGS__)
#define shmemxi_put_nb_5(a, b, ...)                                                       \
    _Generic((a), shmem_ctx_t: SHMEMXI_GCD(SHMEMI_RMA, _put_nb, b),                       \
             default: SHMEMXI_GD(SHMEMI_RMA, _put_nb, a))(a, b, __VA_ARGS__)
#define shmemx_get_nb(...) SHMEMI_ARITY(shmemxi_get_nb_, __VA_ARGS__)
#define shmemxi_get_nb_4(d, ...) SHMEMXI_G(SHMEMI_RMA, _get_nb, d)(d, __VA_ARGS__)
#define shmemxi_get_nb_5(a, b, ...)                                                       \
    _Generic((a), shmem_ctx_t: SHMEMXI_GCD(SHMEMI_RMA, _get_nb, b),                       \
             default: SHMEMXI_GD(SHMEMI_RMA, _get_nb, a))(a, b, __VA_ARGS__)
#define shmemx_fadd_nb(r, ...) SHMEMXI_G(SHMEMI_AMO, _fadd_nb, r)(r, __VA_ARGS__)
#define shmemx_finc_nb(r, ...) SHMEMXI_G(SHMEMI_AMO, _finc_nb, r)(r, __VA_ARGS__)
#define shmemx_cswap_nb(r, ...) SHMEMXI_G(SHMEMI_AMO, _cswap_nb, r)(r, __VA_ARGS__)
#define shmemx_swap_nb(r, ...) SHMEMXI_G(SHMEMI_AMO_EXT, _swap_nb, r)(r, __VA_ARGS__)
#define shmemx_add_nb(t, ...) SHMEMXI_G(SHMEMI_AMO, _add_nb, t)(t, __VA_ARGS__)
#define shmemx_inc_nb(t, ...) SHMEMXI_G(SHMEMI_AMO, _inc_nb, t)(t, __VA_ARGS__)
#endif
/* The generic names that are the standard ones under a second name (C11
 * generics in C, overloads in C++). */
#if (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L) || defined(__cplusplus)
#define shmemx_wait_until_all(...) shmem_wait_until_all(__VA_ARGS__)
#define shmemx_wait_until_any(...) shmem_wait_until_any(__VA_ARGS__)
#define shmemx_wait_until_some(...) shmem_wait_until_some(__VA_ARGS__)
#define shmemx_wait_until_all_vector(...) shmem_wait_until_all_vector(__VA_ARGS__)
#define shmemx_wait_until_any_vector(...) shmem_wait_until_any_vector(__VA_ARGS__)
#define shmemx_wait_until_some_vector(...) shmem_wait_until_some_vector(__VA_ARGS__)
#define shmemx_test_all(...) shmem_test_all(__VA_ARGS__)
#define shmemx_test_any(...) shmem_test_any(__VA_ARGS__)
#define shmemx_test_some(...) shmem_test_some(__VA_ARGS__)
#define shmemx_test_all_vector(...) shmem_test_all_vector(__VA_ARGS__)
#define shmemx_test_any_vector(...) shmem_test_any_vector(__VA_ARGS__)
#define shmemx_test_some_vector(...) shmem_test_some_vector(__VA_ARGS__)
#define shmemx_put_signal(...) shmem_put_signal(__VA_ARGS__)
#define shmemx_put_signal_nbi(...) shmem_put_signal_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_nbi(...) shmem_atomic_fetch_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_inc_nbi(...) shmem_atomic_fetch_inc_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_add_nbi(...) shmem_atomic_fetch_add_nbi(__VA_ARGS__)
#define shmemx_atomic_compare_swap_nbi(...) shmem_atomic_compare_swap_nbi(__VA_ARGS__)
#define shmemx_atomic_swap_nbi(...) shmem_atomic_swap_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_and_nbi(...) shmem_atomic_fetch_and_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_or_nbi(...) shmem_atomic_fetch_or_nbi(__VA_ARGS__)
#define shmemx_atomic_fetch_xor_nbi(...) shmem_atomic_fetch_xor_nbi(__VA_ARGS__)
#define shmemx_alltoall(...) shmem_alltoall(__VA_ARGS__)
#define shmemx_alltoalls(...) shmem_alltoalls(__VA_ARGS__)
#define shmemx_and_reduce(...) shmem_and_reduce(__VA_ARGS__)
#define shmemx_or_reduce(...) shmem_or_reduce(__VA_ARGS__)
#define shmemx_xor_reduce(...) shmem_xor_reduce(__VA_ARGS__)
#define shmemx_min_reduce(...) shmem_min_reduce(__VA_ARGS__)
#define shmemx_max_reduce(...) shmem_max_reduce(__VA_ARGS__)
#define shmemx_sum_reduce(...) shmem_sum_reduce(__VA_ARGS__)
#define shmemx_prod_reduce(...) shmem_prod_reduce(__VA_ARGS__)
#define shmemx_sum_inscan(...) shmem_sum_inscan(__VA_ARGS__)
#define shmemx_sum_exscan(...) shmem_sum_exscan(__VA_ARGS__)
#define shmemx_ibput(...) shmem_ibput(__VA_ARGS__)
#define shmemx_ibget(...) shmem_ibget(__VA_ARGS__)
#endif

/* ---- Open MPI's (OSHMEM's) shmemx_ names ----
 * Programs written for Open MPI's oshcc call its extensions: an
 * allocation with a placement hint (there is one kind of memory here:
 * the hint is accepted and changes nothing), and the 16-, 32- and 64-bit
 * forms of elemental transfers, atomics, waits and the active-set
 * reductions, each the standard routine of the same type (int16_t, int32_t
 * and int64_t are short, int and long). */
enum {
    SHMEM_HINT_NONE = 0,
    SHMEM_HINT_LOW_LAT_MEM = 1 << 0,
    SHMEM_HINT_HIGH_BW_MEM = 1 << 1,
    SHMEM_HINT_NEAR_NIC_MEM = 1 << 2,
    SHMEM_HINT_DEVICE_GPU_MEM = 1 << 3,
    SHMEM_HINT_DEVICE_NIC_MEM = 1 << 4,
    SHMEM_HINT_PSYNC = 1 << 16,
    SHMEM_HINT_PWORK = 1 << 17,
    SHMEM_HINT_ATOMICS = 1 << 18
};
SHMEMXI void *shmemx_malloc_with_hint(size_t size, long hint)
{ (void)hint; return shmem_malloc(size); }
/* put, get, iput and iget of BITS-bit elements as PputS, PgetS, PiputS
 * and PigetS, qualified Q (also <mpp/shmem.h>'s Cray names in C++). */
#define SHMEMI_RMA_FORWARD(Q, P, S, BITS)                                                  \
    Q void P##put##S(void *t, const void *s, size_t n, int pe) { shmem_put##BITS(t, s, n, pe); } \
    Q void P##get##S(void *t, const void *s, size_t n, int pe) { shmem_get##BITS(t, s, n, pe); } \
    Q void P##iput##S(void *t, const void *s, ptrdiff_t tst, ptrdiff_t sst, size_t n, int pe) \
    { shmem_iput##BITS(t, s, tst, sst, n, pe); }                                          \
    Q void P##iget##S(void *t, const void *s, ptrdiff_t tst, ptrdiff_t sst, size_t n, int pe) \
    { shmem_iget##BITS(t, s, tst, sst, n, pe); }
SHMEMI_RMA_FORWARD(SHMEMXI, shmemx_, 16, 16)
#define SHMEMXI_OMPI_PG(T, N)                                                             \
    SHMEMXI void shmemx_##N##_p(T *a, T v, int pe) { shmem_##N##_p(a, v, pe); }           \
    SHMEMXI T shmemx_##N##_g(const T *a, int pe) { return shmem_##N##_g(a, pe); }
SHMEMXI_OMPI_PG(int16_t, int16)
SHMEMXI_OMPI_PG(int32_t, int32)
SHMEMXI_OMPI_PG(int64_t, int64)
#define SHMEMXI_OMPI_AMO(T, N)                                                            \
    SHMEMXI T shmemx_##N##_swap(T *d, T v, int pe) { return shmem_##N##_atomic_swap(d, v, pe); } \
    SHMEMXI T shmemx_##N##_cswap(T *d, T c, T v, int pe)                                 \
    { return shmem_##N##_atomic_compare_swap(d, c, v, pe); }                              \
    SHMEMXI T shmemx_##N##_fadd(T *d, T v, int pe) { return shmem_##N##_atomic_fetch_add(d, v, pe); } \
    SHMEMXI T shmemx_##N##_finc(T *d, int pe) { return shmem_##N##_atomic_fetch_inc(d, pe); } \
    SHMEMXI void shmemx_##N##_add(T *d, T v, int pe) { shmem_##N##_atomic_add(d, v, pe); } \
    SHMEMXI void shmemx_##N##_inc(T *d, int pe) { shmem_##N##_atomic_inc(d, pe); }        \
    SHMEMXI void shmemx_##N##_wait(T *a, T v) { shmem_##N##_wait_until(a, SHMEM_CMP_NE, v); } \
    SHMEMXI void shmemx_##N##_wait_until(T *a, int c, T v) { shmem_##N##_wait_until(a, c, v); }
SHMEMXI_OMPI_AMO(int32_t, int32)
SHMEMXI_OMPI_AMO(int64_t, int64)
#define SHMEMXI_OMPI_TO_ALL(T, N, S, OP)                                                  \
    SHMEMXI void shmemx_##N##_##OP##_to_all(T *t, const T *s, int n, int start, int lstride, \
                                            int size, T *w, long *ps)                     \
    { shmem_##S##_##OP##_to_all(t, s, n, start, lstride, size, w, ps); }
#define SHMEMXI_OMPI_TO_ALL_OPS(T, N, S)                                                  \
    SHMEMXI_OMPI_TO_ALL(T, N, S, and) SHMEMXI_OMPI_TO_ALL(T, N, S, or)                    \
    SHMEMXI_OMPI_TO_ALL(T, N, S, xor) SHMEMXI_OMPI_TO_ALL(T, N, S, max)                   \
    SHMEMXI_OMPI_TO_ALL(T, N, S, min) SHMEMXI_OMPI_TO_ALL(T, N, S, sum)                   \
    SHMEMXI_OMPI_TO_ALL(T, N, S, prod)
SHMEMXI_OMPI_TO_ALL_OPS(int16_t, int16, short)
SHMEMXI_OMPI_TO_ALL_OPS(int32_t, int32, int)
SHMEMXI_OMPI_TO_ALL_OPS(int64_t, int64, long)
/* Open MPI's older spellings of those that are not standard names. */
#define shmem_int32_wait shmemx_int32_wait
#define shmem_int64_wait shmemx_int64_wait
#define shmem_int16_and_to_all shmemx_int16_and_to_all
#define shmem_int16_or_to_all shmemx_int16_or_to_all
#define shmem_int16_xor_to_all shmemx_int16_xor_to_all
#define shmem_int16_max_to_all shmemx_int16_max_to_all
#define shmem_int16_min_to_all shmemx_int16_min_to_all
#define shmem_int16_sum_to_all shmemx_int16_sum_to_all
#define shmem_int16_prod_to_all shmemx_int16_prod_to_all
#define shmem_int32_and_to_all shmemx_int32_and_to_all
#define shmem_int32_or_to_all shmemx_int32_or_to_all
#define shmem_int32_xor_to_all shmemx_int32_xor_to_all
#define shmem_int32_max_to_all shmemx_int32_max_to_all
#define shmem_int32_min_to_all shmemx_int32_min_to_all
#define shmem_int32_sum_to_all shmemx_int32_sum_to_all
#define shmem_int32_prod_to_all shmemx_int32_prod_to_all
#define shmem_int64_and_to_all shmemx_int64_and_to_all
#define shmem_int64_or_to_all shmemx_int64_or_to_all
#define shmem_int64_xor_to_all shmemx_int64_xor_to_all
#define shmem_int64_max_to_all shmemx_int64_max_to_all
#define shmem_int64_min_to_all shmemx_int64_min_to_all
#define shmem_int64_sum_to_all shmemx_int64_sum_to_all
#define shmem_int64_prod_to_all shmemx_int64_prod_to_all

#ifdef __cplusplus
}
#endif

#endif
