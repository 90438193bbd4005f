/* api/fortran/shmem_f: the Fortran SHMEM routines outside RMA and the
 * collectives: setup and query, the Cray heap routines (SHPALLOC,
 * SHPCLMOVE, SHPDEALLC), cache no-ops, locks, fence and quiet, waits and
 * atomics.  See fortran.h for the conventions; each routine calls the C
 * routine or the internal operation the C routine uses. */
#include "fortran.h"
#include "findings.h"
#include "interpose.h"
#include "io.h"
#include "util.h"

#include <stdio.h>
#include <string.h>


sim_check_t ftn_checks[FTN_F_COUNT] = {FTN_FINDINGS(SIM_CHECK_ENTRY)};

static sim_layer_t ftn_layer = {.name = "fortran", .rank = 3, .checks = ftn_checks,
                                .nchecks = FTN_F_COUNT};

__attribute__((constructor)) static void register_layer(void)
{
    sim_layer_register(&ftn_layer);
}

int f_check_psync(const char *call, const void *psync)
{
    if (((uintptr_t)psync & 7) == 0)
        return 0;
    sim_pe_t *me = sim_pe_self();
    char name[96];
    sim_finding_raise(FTN_CHECK(PSYNC_MISALIGNED), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "pSync (%s) is not 8-byte aligned. The collectives use it as an array "
                      "of 8-byte words; a default INTEGER array lands on a 4-byte boundary "
                      "when an odd number of 4-byte items precede it in a COMMON block. Put "
                      "pSync first in its COMMON block (or declare it INTEGER*8); the call "
                      "was skipped.", sim_mem_name(psync, name, sizeof name));
    return -1;
}

void f_set_string(char *buf, size_t len, const char *s)
{
    size_t n = strlen(s);
    if (n > len)
        n = len;
    memcpy(buf, s, n);
    memset(buf + n, ' ', len - n);
}

/* ---- setup and query ---- */

void shmem_init_(void)
{
    shmem_init();
}

void start_pes_(const f_int *npes)
{
    start_pes(*npes);
}

void shmem_finalize_(void)
{
    shmem_finalize();
}

f_int shmem_my_pe_(void)
{
    return shmem_my_pe();
}

f_int shmem_n_pes_(void)
{
    return shmem_n_pes();
}

f_int my_pe_(void)
{
    return _my_pe();
}

f_int num_pes_(void)
{
    return _num_pes();
}

void shmem_global_exit_(const f_int *status)
{
    shmem_global_exit(*status);
}

/* Cray's CALL BARRIER(): shmem_barrier_all under its own name. */
void barrier_(void)
{
    F_ENTER("BARRIER");
    shm_barrier_all_as("BARRIER");
    F_LEAVE();
}

void shmem_info_get_version_(f_int *major, f_int *minor)
{
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

/* name is CHARACTER*(SHMEM_MAX_NAME_LEN). */
void shmem_info_get_name_(char *name)
{
    f_set_string(name, SHMEM_MAX_NAME_LEN, SHMEM_VENDOR_STRING);
}

f_log shmem_pe_accessible_(const f_int *pe)
{
    return shmem_pe_accessible(*pe) != 0;
}

f_log shmem_addr_accessible_(const void *addr, const f_int *pe)
{
    return shmem_addr_accessible(addr, *pe) != 0;
}

/* A Cray pointer (INTEGER*8) to dest on pe, or 0. */
f_int8 shmem_ptr_(const void *dest, const f_int *pe)
{
    F_ENTER("SHMEM_PTR");
    f_int8 p = (f_int8)(intptr_t)shmem_ptr(dest, *pe);
    F_LEAVE();
    return p;
}

/* Seconds of virtual time. */
double shmemx_wtime_(void)
{
    return (double)sim_now() / 1e9;
}

/* ---- the Cray heap routines ----
 * Lengths are in 32-bit words; addresses are Cray pointers.  Error codes:
 * -1 the length is not positive, -2 the symmetric heap is full, -3 the
 * address is not in the symmetric heap, -5 the address does not start a
 * live block (never allocated, or already freed).  With abort non-zero an
 * error ends the PE as abort() would, after the message. */

static void heap_error(const char *call, f_int code, const f_int *abort_flag)
{
    if (*abort_flag == 0)
        return;
    sim_io_break_line();
    fprintf(stderr, "shmemsim: %s on PE %d failed with error %d; abort was requested\n", call,
            shm_me(), (int)code);
    __wrap_abort();
}

/* Whether p starts a live block of the caller's heap: 0, or an error code. */
static f_int block_check(const void *p)
{
    size_t off;
    if (sim_heap_find(sim_heap(), p, &off) < 0)
        return -3;
    return sim_heap_size_of(sim_heap(), shm_me(), p) == (size_t)-1 ? -5 : 0;
}

void shpalloc_(f_int8 *addr, const f_int *length, f_int *errcode, const f_int *abort_flag)
{
    F_ENTER("SHPALLOC");
    *errcode = 0;
    if (*length <= 0)
        *errcode = -1;
    void *p = shm_alloc_as("SHPALLOC", 4, *length > 0 ? (size_t)*length * 4 : 0);
    if (*errcode == 0 && !p)
        *errcode = -2;
    *addr = *errcode ? 0 : (f_int8)(intptr_t)p;
    if (*errcode)
        heap_error("SHPALLOC", *errcode, abort_flag);
    F_LEAVE();
}

/* status: 0 the block kept its address, 1 it moved (contents copied). */
void shpclmove_(f_int8 *addr, const f_int *length, f_int *status, const f_int *abort_flag)
{
    F_ENTER("SHPCLMOVE");
    void *old = (void *)(intptr_t)*addr;
    *status = *length <= 0 ? -1 : block_check(old);
    void *p = shm_realloc_as("SHPCLMOVE", 4, *status ? NULL : old,
                             *status ? 0 : (size_t)*length * 4);
    if (*status == 0 && !p)
        *status = -2;
    if (*status == 0) {
        *status = p != old;
        *addr = (f_int8)(intptr_t)p;
    } else {
        heap_error("SHPCLMOVE", *status, abort_flag);
    }
    F_LEAVE();
}

static void dealloc(const char *call, const f_int8 *addr, f_int *errcode, const f_int *abort_flag)
{
    void *p = (void *)(intptr_t)*addr;
    *errcode = block_check(p);
    shm_free_as(call, *errcode ? NULL : p); /* collective: every PE takes part */
    if (*errcode)
        heap_error(call, *errcode, abort_flag);
}

void shpdeallc_(const f_int8 *addr, f_int *errcode, const f_int *abort_flag)
{
    F_ENTER("SHPDEALLC");
    dealloc("SHPDEALLC", addr, errcode, abort_flag);
    F_LEAVE();
}

void shpdealloc_(const f_int8 *addr, f_int *errcode, const f_int *abort_flag)
{
    F_ENTER("SHPDEALLOC");
    dealloc("SHPDEALLOC", addr, errcode, abort_flag);
    F_LEAVE();
}

/* ---- cache management: no-ops, as in C ---- */

void shmem_clear_cache_inv_(void) {}
void shmem_set_cache_inv_(void) {}
void shmem_udcflush_(void) {}
void shmem_clear_cache_line_inv_(void *dest) { (void)dest; }
void shmem_set_cache_line_inv_(void *dest) { (void)dest; }
void shmem_udcflush_line_(void *dest) { (void)dest; }

/* ---- locks ----
 * The specification's lock is an INTEGER of default kind (4 bytes); one of
 * 8 (INTEGER*8, C's long, what most libraries assume) works as well.  The
 * lock's size is its variable's: 4 bytes when the object it names ends
 * within 8 bytes (a lock that is the first of several variables of a
 * COMMON block is taken for 8).  A variable of fewer than 4 bytes is
 * refused. */

static size_t lock_bytes(const char *call, const void *lock)
{
    size_t room;
    if (!lock || sim_mem_object_room(shm_me(), lock, &room) != 0 || room >= sizeof(long))
        return sizeof(long);
    if (room >= 4)
        return 4;
    sim_pe_t *me = sim_pe_self();
    char name[96];
    sim_finding_raise(SHM_CHECK(LOCK_MISUSE), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "the lock %s has %zu bytes; a lock needs 4 (a default INTEGER) or 8 "
                      "(INTEGER*8). The call was skipped.", sim_mem_name(lock, name, sizeof name),
                      room);
    return 0;
}

void shmem_set_lock_(long *lock)
{
    F_ENTER("SHMEM_SET_LOCK");
    size_t n = lock_bytes("SHMEM_SET_LOCK", lock);
    if (n)
        shm_lock_set("shmem_set_lock", lock, n);
    F_LEAVE();
}

void shmem_clear_lock_(long *lock)
{
    F_ENTER("SHMEM_CLEAR_LOCK");
    size_t n = lock_bytes("SHMEM_CLEAR_LOCK", lock);
    if (n)
        shm_lock_clear("shmem_clear_lock", lock, n);
    F_LEAVE();
}

/* 0 when the lock was taken, 1 when it is held (or the call was refused). */
f_int shmem_test_lock_(long *lock)
{
    F_ENTER("SHMEM_TEST_LOCK");
    size_t n = lock_bytes("SHMEM_TEST_LOCK", lock);
    f_int r = n ? shm_lock_test("shmem_test_lock", lock, n) : 1;
    F_LEAVE();
    return r;
}

/* ---- ordering ---- */

void shmem_fence_(void)
{
    F_ENTER("SHMEM_FENCE");
    shmem_fence();
    F_LEAVE();
}

void shmem_quiet_(void)
{
    F_ENTER("SHMEM_QUIET");
    shmem_quiet();
    F_LEAVE();
}

/* ---- waits: X(link name, Fortran name, C type) ----
 * SHMEM_WAIT and SHMEM_WAIT_UNTIL take a default INTEGER. */
#define F_WAIT_TYPES(X)                                                        \
    X(shmem_int4_wait, "SHMEM_INT4_WAIT", int32_t)                             \
    X(shmem_int8_wait, "SHMEM_INT8_WAIT", int64_t)                             \
    X(shmem_wait, "SHMEM_WAIT", f_int)

static void f_wait(const char *call, void *ivar, size_t size, int cmp, int64_t value)
{
    shm_wait_t w = {.call = call, .ivars = ivar, .size = size, .is_signed = 1, .nelems = 1,
                    .cmp = cmp, .value = (uint64_t)value};
    shm_wait_until(&w, SHM_WAIT_ALL);
}

#define DEFINE_WAIT(L, F, T)                                                   \
    void L##_(T *ivar, const T *cmp_value)                                     \
    {                                                                          \
        F_ENTER(F);                                                            \
        f_wait(F, ivar, sizeof(T), SHMEM_CMP_NE, *cmp_value);                  \
        F_LEAVE();                                                             \
    }                                                                          \
    void L##_until_(T *ivar, const f_int *cmp, const T *cmp_value)            \
    {                                                                          \
        F_ENTER(F "_UNTIL");                                                   \
        f_wait(F "_UNTIL", ivar, sizeof(T), *cmp, *cmp_value);                 \
        F_LEAVE();                                                             \
    }
F_WAIT_TYPES(DEFINE_WAIT)

/* ---- atomics ----
 * Integer families X(link prefix, Fortran prefix, C type) take add, inc,
 * fadd, finc, cswap, fetch, set and swap; real ones fetch, set and swap.
 * Values travel as bit patterns (see shm_amo). */
#define F_AMO_INT_TYPES(X) X(shmem_int4, "SHMEM_INT4", int32_t) X(shmem_int8, "SHMEM_INT8", int64_t)
#define F_AMO_REAL_TYPES(X) X(shmem_real4, "SHMEM_REAL4", float) X(shmem_real8, "SHMEM_REAL8", double)

/* One atomic of Fortran routine call (the binding has marked the call). */
static uint64_t f_amo(const char *call, void *dest, size_t size, shm_amo_op_t op,
                      const void *value, const void *cond, f_int pe, int fetch)
{
    return shm_amo(call, SHMEM_CTX_DEFAULT, pe, op, dest, size,
                   value ? shm_bits(value, size) : 0, cond ? shm_bits(cond, size) : 0, fetch,
                   NULL);
}

/* Runs f_amo for routine F "SUFFIX" inside the binding (so the call site
 * is the program's) and returns the old value as T. */
#define AMO(T, F, SUFFIX, op, value, cond, fetch)                                      \
    F_ENTER(F SUFFIX);                                                                 \
    uint64_t old_ = f_amo(F SUFFIX, dest, sizeof(T), F_OP(T, op), value, cond, *pe, fetch); \
    F_LEAVE();                                                                         \
    return (((union { uint64_t u; T t; }){.u = old_}).t)
/* op for T: a floating-point type's atomics are atomic only among themselves. */
#define F_OP(T, op) ((op) | ((T)0.5 != 0 ? SHM_AMO_FP : 0))

#define DEFINE_AMO_COMMON(L, F, T)                                                     \
    T L##_fetch_(T *dest, const f_int *pe)                                             \
    {                                                                                  \
        AMO(T, F, "_FETCH", SHM_AMO_FETCH, NULL, NULL, 1);                             \
    }                                                                                  \
    void L##_set_(T *dest, const T *value, const f_int *pe)                            \
    {                                                                                  \
        F_ENTER(F "_SET");                                                             \
        f_amo(F "_SET", dest, sizeof(T), F_OP(T, SHM_AMO_SET), value, NULL, *pe, 0);   \
        F_LEAVE();                                                                     \
    }                                                                                  \
    T L##_swap_(T *dest, const T *value, const f_int *pe)                              \
    {                                                                                  \
        AMO(T, F, "_SWAP", SHM_AMO_SWAP, value, NULL, 1);                              \
    }
#define DEFINE_AMO_INT(L, F, T)                                                        \
    DEFINE_AMO_COMMON(L, F, T)                                                         \
    void L##_add_(T *dest, const T *value, const f_int *pe)                            \
    {                                                                                  \
        F_ENTER(F "_ADD");                                                             \
        f_amo(F "_ADD", dest, sizeof(T), SHM_AMO_ADD, value, NULL, *pe, 0);            \
        F_LEAVE();                                                                     \
    }                                                                                  \
    void L##_inc_(T *dest, const f_int *pe)                                            \
    {                                                                                  \
        T one = 1;                                                                     \
        F_ENTER(F "_INC");                                                             \
        f_amo(F "_INC", dest, sizeof(T), SHM_AMO_ADD, &one, NULL, *pe, 0);             \
        F_LEAVE();                                                                     \
    }                                                                                  \
    T L##_fadd_(T *dest, const T *value, const f_int *pe)                              \
    {                                                                                  \
        AMO(T, F, "_FADD", SHM_AMO_ADD, value, NULL, 1);                               \
    }                                                                                  \
    T L##_finc_(T *dest, const f_int *pe)                                              \
    {                                                                                  \
        T one = 1;                                                                     \
        AMO(T, F, "_FINC", SHM_AMO_ADD, &one, NULL, 1);                                \
    }                                                                                  \
    T L##_cswap_(T *dest, const T *cond, const T *value, const f_int *pe)              \
    {                                                                                  \
        AMO(T, F, "_CSWAP", SHM_AMO_CSWAP, value, cond, 1);                            \
    }
F_AMO_INT_TYPES(DEFINE_AMO_INT)
F_AMO_REAL_TYPES(DEFINE_AMO_COMMON)

/* Cray's untyped SHMEM_SWAP, SHMEM_FINC, SHMEM_FADD and SHMEM_CSWAP: on a
 * default INTEGER (SHMEM_SWAP also, bit for bit, on a default REAL); the
 * program declares each INTEGER. */
f_int shmem_swap_(f_int *dest, const f_int *value, const f_int *pe)
{
    AMO(f_int, "SHMEM", "_SWAP", SHM_AMO_SWAP, value, NULL, 1);
}
f_int shmem_finc_(f_int *dest, const f_int *pe)
{
    f_int one = 1;
    AMO(f_int, "SHMEM", "_FINC", SHM_AMO_ADD, &one, NULL, 1);
}
f_int shmem_fadd_(f_int *dest, const f_int *value, const f_int *pe)
{
    AMO(f_int, "SHMEM", "_FADD", SHM_AMO_ADD, value, NULL, 1);
}
f_int shmem_cswap_(f_int *dest, const f_int *cond, const f_int *value, const f_int *pe)
{
    AMO(f_int, "SHMEM", "_CSWAP", SHM_AMO_CSWAP, value, cond, 1);
}
