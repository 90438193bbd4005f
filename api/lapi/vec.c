/* api/lapi/vec: checking LAPI vectors and turning them into segments.
 *
 * IOVECTOR and GENERIC vectors are num_vecs (address, length) pairs;
 * STRIDED ones are num_vecs blocks of info[1] bytes from info[0], each
 * info[2] bytes after the previous one.  A transfer gathers the origin
 * segments in order and scatters them over the target segments in order,
 * stopping when either runs out: that is the GENERIC rule of the
 * LAPI_Amsendv page (extra origin bytes are discarded, extra target room
 * is left alone), and for IOVECTOR and STRIDED, whose shapes must match,
 * it copies vector i to vector i. */
#include "lapi_impl.h"

#include <stdlib.h>

/* The ORG_ or TGT_ flavour of each check. */
typedef struct {
    int vec_null, vec_type, vec_addr, vec_len, extent, stride, stride_addr_null;
} vec_codes_t;

static const vec_codes_t org_codes = {
    LAPI_ERR_ORG_VEC_NULL, LAPI_ERR_ORG_VEC_TYPE, LAPI_ERR_ORG_VEC_ADDR, LAPI_ERR_ORG_VEC_LEN,
    LAPI_ERR_ORG_EXTENT, LAPI_ERR_ORG_STRIDE, LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL};
static const vec_codes_t tgt_codes = {
    LAPI_ERR_TGT_VEC_NULL, LAPI_ERR_TGT_VEC_TYPE, LAPI_ERR_TGT_VEC_ADDR, LAPI_ERR_TGT_VEC_LEN,
    LAPI_ERR_TGT_EXTENT, LAPI_ERR_TGT_STRIDE, LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL};

static int valid_type(lapi_vectype_t t)
{
    return t == LAPI_GEN_IOVECTOR || t == LAPI_GEN_STRIDED_XFER || t == LAPI_GEN_GENERIC;
}

static int check_strided(const lapi_vec_t *v, const vec_codes_t *c)
{
    if (!v->info || !v->info[0])
        return c->stride_addr_null;
    ulong block = (ulong)(uintptr_t)v->info[1], stride = (ulong)(uintptr_t)v->info[2];
    if (block > stride)
        return c->stride;
    ulong extent;
    if (__builtin_mul_overflow(stride, (ulong)v->num_vecs, &extent) || extent > LAPI_MAX_MSG_SZ)
        return c->extent;
    return LAPI_SUCCESS;
}

static int check_pairs(const lapi_vec_t *v, const vec_codes_t *c)
{
    if (v->num_vecs == 0)
        return LAPI_SUCCESS;
    if (!v->info)
        return c->vec_addr;
    if (!v->len)
        return c->vec_len;
    ulong sum = 0;
    for (uint i = 0; i < v->num_vecs; i++) {
        if (!v->info[i] && v->len[i] != 0)
            return c->vec_addr;
        if (__builtin_add_overflow(sum, v->len[i], &sum) || sum > LAPI_MAX_MSG_SZ)
            return c->vec_len;
    }
    return LAPI_SUCCESS;
}

int lx_vec_check(const lapi_vec_t *v, int origin)
{
    const vec_codes_t *c = origin ? &org_codes : &tgt_codes;
    if (!v)
        return c->vec_null;
    if (!valid_type(v->vec_type))
        return c->vec_type;
    if (v->vec_type == LAPI_GEN_STRIDED_XFER)
        return check_strided(v, c);
    return check_pairs(v, c);
}

/* Order: missing vectors, bad types, different types, each vector's own
 * rules (origin first), then shapes that must match. */
int lx_vec_pair_check(const lapi_vec_t *tv, const lapi_vec_t *ov)
{
    if (!ov)
        return LAPI_ERR_ORG_VEC_NULL;
    if (!tv)
        return LAPI_ERR_TGT_VEC_NULL;
    if (!valid_type(ov->vec_type))
        return LAPI_ERR_ORG_VEC_TYPE;
    if (!valid_type(tv->vec_type))
        return LAPI_ERR_TGT_VEC_TYPE;
    if (ov->vec_type != tv->vec_type)
        return LAPI_ERR_VEC_TYPE_DIFF;
    int rc = lx_vec_check(ov, 1);
    if (rc == LAPI_SUCCESS)
        rc = lx_vec_check(tv, 0);
    if (rc != LAPI_SUCCESS || ov->vec_type == LAPI_GEN_GENERIC)
        return rc;
    if (ov->num_vecs != tv->num_vecs)
        return LAPI_ERR_VEC_NUM_DIFF;
    if (ov->vec_type == LAPI_GEN_STRIDED_XFER)
        return ov->info[1] == tv->info[1] ? LAPI_SUCCESS : LAPI_ERR_VEC_LEN_DIFF;
    for (uint i = 0; i < ov->num_vecs; i++)
        if (ov->len[i] != tv->len[i])
            return LAPI_ERR_VEC_LEN_DIFF;
    return LAPI_SUCCESS;
}

size_t lx_vec_bytes(const lapi_vec_t *v)
{
    if (v->vec_type == LAPI_GEN_STRIDED_XFER)
        return (size_t)(uintptr_t)v->info[1] * v->num_vecs;
    size_t sum = 0;
    for (uint i = 0; i < v->num_vecs; i++)
        sum += v->len[i];
    return sum;
}

/* A remote segment is checked as a range of the target's memory, as a
 * Put's or Get's is (a wild one is a finding and is dropped). */
static void *home_of(int pe, int remote, const void *addr, size_t len)
{
    return remote ? lx_remote_range(pe, addr, len, remote == LX_SEG_WRITE)
                  : sim_mem_home(pe, addr);
}

lx_seg_t *lx_vec_segs(const lapi_vec_t *v, int pe, int remote, int *n)
{
    lx_seg_t *s = sim_xmalloc(((size_t)v->num_vecs + 1) * sizeof *s);
    int k = 0;
    if (v->vec_type == LAPI_GEN_STRIDED_XFER) {
        char *base = v->info[0];
        size_t block = (size_t)(uintptr_t)v->info[1], stride = (size_t)(uintptr_t)v->info[2];
        for (uint i = 0; i < v->num_vecs && block; i++)
            s[k++] = (lx_seg_t){home_of(pe, remote, base + i * stride, block), block};
    } else {
        for (uint i = 0; i < v->num_vecs; i++)
            if (v->len[i])
                s[k++] = (lx_seg_t){home_of(pe, remote, v->info[i], v->len[i]), v->len[i]};
    }
    *n = k;
    return s;
}

ulong *lx_vec_lens(const lapi_vec_t *v)
{
    ulong *l = sim_xmalloc(((size_t)v->num_vecs + 1) * sizeof *l);
    for (uint i = 0; i < v->num_vecs; i++)
        l[i] = v->vec_type == LAPI_GEN_STRIDED_XFER ? (ulong)(uintptr_t)v->info[1] : v->len[i];
    return l;
}
