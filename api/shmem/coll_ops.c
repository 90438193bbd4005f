/* api/shmem/coll_ops: the element-wise operations of every reduction,
 * generated once from the team tables (a superset of the active-set
 * types, with the same names) for both reduce.c and team_coll.c. */
#include "coll.h"

#define COLL_OP(T, N, OP, EXPR)                                  \
    void coll_op_##N##_##OP(void *acc, const void *in, size_t n) \
    {                                                            \
        T *a = acc;                                              \
        const T *b = in;                                         \
        for (size_t i = 0; i < n; i++)                           \
            a[i] = (EXPR);                                       \
    }
#define BITWISE(T, N)                                                           \
    COLL_OP(T, N, and, a[i] & b[i]) COLL_OP(T, N, or, a[i] | b[i])              \
    COLL_OP(T, N, xor, a[i] ^ b[i])
#define MINMAX(T, N)                                                            \
    COLL_OP(T, N, min, b[i] < a[i] ? b[i] : a[i])                               \
    COLL_OP(T, N, max, b[i] > a[i] ? b[i] : a[i])
#define ARITH(T, N) COLL_OP(T, N, sum, a[i] + b[i]) COLL_OP(T, N, prod, a[i] * b[i])
SHMEM_TEAM_BITWISE_TYPES(BITWISE)
SHMEM_TEAM_STD_TYPES(MINMAX)
SHMEM_TEAM_STD_TYPES(ARITH)
SHMEM_TEAM_COMPLEX_TYPES(ARITH)
