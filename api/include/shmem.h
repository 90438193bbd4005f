/* shmem.h: the OpenSHMEM interface implemented by shmemsim.
 *
 * Programs include this unchanged and are built with shmemsim-cc; every
 * routine runs against the simulator's memories and network.  Typed
 * families are generated from the type tables below. */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN 256
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING "shmemsim (deterministic SHMEM simulator)"
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

/* Point-to-point comparison operators. */
#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_GE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_LE 6
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* Types usable with the point-to-point synchronisation routines:
 * X(TYPE, TYPENAME). */
#define SHMEM_P2P_TYPES(X) \
    X(long, long)

/* Types usable with single-element put/get: X(TYPE, TYPENAME). */
#define SHMEM_PG_TYPES(X) \
    X(long, long)

/* Library setup and query */
void shmem_init(void);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);

/* Symmetric heap */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);
void *shmalloc(size_t size);
void *shmemalign(size_t alignment, size_t size);
void *shrealloc(void *ptr, size_t size);
void shfree(void *ptr);

/* Remote memory access */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
#define SHMEM_DECL_PG(T, N)                              \
    void shmem_##N##_p(T *dest, T value, int pe);        \
    T shmem_##N##_g(const T *source, int pe);
SHMEM_PG_TYPES(SHMEM_DECL_PG)
#undef SHMEM_DECL_PG

/* Ordering, completion and synchronisation */
void shmem_quiet(void);
void shmem_fence(void);
void shmem_barrier_all(void);
#define SHMEM_DECL_WAIT(T, N) \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);
SHMEM_P2P_TYPES(SHMEM_DECL_WAIT)
#undef SHMEM_DECL_WAIT

#ifdef __cplusplus
}
#endif

#endif
