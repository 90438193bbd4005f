/* The rest of the LAPI surface, each part checked; every task works with
 * its right neighbour (me + 1) and prints "task N ok" or what went wrong.
 *
 *   counters   Waitcntr subtracts (and reports the rest), zero-length
 *              Puts bump all three counters, NULL counters are allowed
 *   get        Get with target and origin counters; Getv STRIDED
 *   putv       Putv IOVECTOR into three globals of the neighbour
 *   xfer       LAPI_Xfer: PUT with a send-completion handler, GET with an
 *              origin completion handler, AM_LW through an Addr_set index
 *              (copying from udata_one_pkt_ptr, burying the message), AMV
 *              GENERIC, PUTV, GETV, RMW 64-bit with a send-completion handler
 *   handlers   Amsend naming the sender's own handler (symmetric code
 *              address); Addr_set/Addr_get; Address_init64
 *   threads    LAPI_GET_THREAD_FUNC: trylock and getowner across the two
 *              contexts, cond_wait/cond_signal between the main program and
 *              a completion handler, cond_timedwait timing out
 *   env        Qenv/Senv values and statistics */
#include <errno.h>
#include <lapi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MAX_TASKS 1024

lapi_handle_t h;
int me, n, right, left, errors;
lapi_cntr_t tc;                     /* target counter of this task */
long pub[16];                       /* read by the left neighbour */
long in_a, in_b[2], in_c[3];        /* Putv targets */
long lw_got = -1;                   /* AM_LW payload */
int own_hh_task = -1;               /* task that ran own_hh */
char generic_in[12];
long long rmw_var;
void *tcs[MAX_TASKS];

#define CHECK(cond, ...)                                       \
    do {                                                       \
        if (!(cond)) {                                         \
            printf("task %d: line %d: ", me, __LINE__);        \
            printf(__VA_ARGS__);                               \
            printf("\n");                                      \
            errors++;                                          \
        }                                                      \
    } while (0)

static void counters(void)
{
    lapi_cntr_t c, oc, cc;
    int cur = -1, v;
    LAPI_Setcntr(h, &c, 3);
    LAPI_Waitcntr(h, &c, 2, &cur);
    LAPI_Getcntr(h, &c, &v);
    CHECK(cur == 1 && v == 1, "Waitcntr left %d/%d, not 1", cur, v);
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &cc, 0);
    LAPI_Gfence(h);
    LAPI_Put(h, (uint)right, 0, NULL, NULL, tcs[right], &oc, &cc);
    LAPI_Put(h, (uint)right, sizeof pub[0], &in_a, &pub[0], NULL, NULL, NULL);
    LAPI_Waitcntr(h, &oc, 1, NULL);
    LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    LAPI_Gfence(h);
    CHECK(in_a == left * 100, "NULL-counter Put gave %ld", in_a);
    LAPI_Getcntr(h, &oc, &v);
    CHECK(v == 0, "origin counter %d after the wait", v);
}

static void get(void)
{
    long got[4], strided[4];
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    void *pubs[MAX_TASKS];
    LAPI_Address_init(h, pub, pubs);
    LAPI_Get(h, (uint)right, sizeof got, pubs[right], got, tcs[right], &oc);
    LAPI_Waitcntr(h, &oc, 1, NULL);
    for (int i = 0; i < 4; i++)
        CHECK(got[i] == right * 100 + i, "Get [%d] = %ld", i, got[i]);
    void *ti[3] = {pubs[right], (void *)sizeof(long), (void *)(2 * sizeof(long))};
    void *oi[3] = {strided, (void *)sizeof(long), (void *)sizeof(long)};
    lapi_vec_t tv = {LAPI_GEN_STRIDED_XFER, 4, ti, NULL};
    lapi_vec_t ov = {LAPI_GEN_STRIDED_XFER, 4, oi, NULL};
    CHECK(LAPI_Getv(h, (uint)right, &tv, &ov, tcs[right], &oc) == LAPI_SUCCESS, "Getv");
    LAPI_Waitcntr(h, &oc, 1, NULL);
    for (int i = 0; i < 4; i++)
        CHECK(strided[i] == right * 100 + 2 * i, "Getv [%d] = %ld", i, strided[i]);
    LAPI_Waitcntr(h, &tc, 2, NULL); /* the left neighbour's Get and Getv read us */
}

static void putv(void)
{
    long src[6];
    for (int i = 0; i < 6; i++)
        src[i] = me * 10 + i;
    void *oi[3] = {&src[0], &src[1], &src[3]}, *ti[3] = {&in_a, in_b, in_c};
    ulong len[3] = {sizeof(long), 2 * sizeof(long), 3 * sizeof(long)};
    lapi_vec_t ov = {LAPI_GEN_IOVECTOR, 3, oi, len}, tv = {LAPI_GEN_IOVECTOR, 3, ti, len};
    lapi_cntr_t cc;
    LAPI_Setcntr(h, &cc, 0);
    CHECK(LAPI_Putv(h, (uint)right, &tv, &ov, tcs[right], NULL, &cc) == LAPI_SUCCESS, "Putv");
    LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    CHECK(in_a == left * 10 && in_b[1] == left * 10 + 2 && in_c[2] == left * 10 + 5,
          "Putv landed %ld %ld %ld", in_a, in_b[1], in_c[2]);
}

int sh_ran, sh_src = -1, ch_ran, ch_saw = -1;
lapi_cntr_t get_oc;

void send_done(lapi_handle_t *hp, void *info, lapi_sh_info_t *si)
{
    (void)hp;
    /* The completion thread runs beside the main program: sh_src is
     * published by the atomic add that the main program's loop reads. */
    sh_src = (int)si->src;
    __atomic_fetch_add(&sh_ran, *(int *)info, __ATOMIC_RELEASE);
}

void get_done(lapi_handle_t *hp, void *info)
{
    (void)info;
    LAPI_Getcntr(*hp, &get_oc, &ch_saw);
    ch_ran++;
}

void *lw_hndlr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
               compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len;
    lapi_return_info_t *ri = (lapi_return_info_t *)msg_len;
    if (ri->udata_one_pkt_ptr && ri->msg_len == sizeof lw_got)
        memcpy(&lw_got, ri->udata_one_pkt_ptr, sizeof lw_got);
    ri->ctl_flags = LAPI_BURY_MSG;
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

lapi_vec_t gvec;
void *ginfo[2];
ulong glen[2] = {5, 7};

lapi_vec_t *generic_vh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *len_vec,
                       compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len;
    if (len_vec[0] != 12)
        errors++;
    gvec = (lapi_vec_t){LAPI_GEN_GENERIC, 2, ginfo, glen};
    ginfo[0] = generic_in;
    ginfo[1] = generic_in + 5;
    *comp = NULL;
    *uinfo = NULL;
    return &gvec;
}

static void xfer(void)
{
    lapi_xfer_t x;
    lapi_cntr_t oc;
    int one = 1;
    long v = me * 7 + 1;
    LAPI_Setcntr(h, &oc, 0);
    /* PUT with a send-completion handler */
    memset(&x, 0, sizeof x);
    x.Put = (lapi_put_t){LAPI_PUT_XFER, 0, (uint)right, (lapi_long_t)(uintptr_t)&in_a, &v,
                         sizeof v, send_done, &one, (lapi_long_t)(uintptr_t)tcs[right], &oc, NULL};
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "PUT_XFER");
    LAPI_Waitcntr(h, &oc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    CHECK(in_a == left * 7 + 1, "PUT_XFER landed %ld", in_a);
    /* GET with an origin completion handler: it runs before org_cntr moves */
    long got[2];
    void *pubs[MAX_TASKS];
    LAPI_Address_init(h, pub, pubs);
    LAPI_Setcntr(h, &get_oc, 0);
    memset(&x, 0, sizeof x);
    x.Get = (lapi_get_t){LAPI_GET_XFER, 0, (uint)right, (lapi_long_t)(uintptr_t)pubs[right], got,
                         sizeof got, 0, &get_oc, get_done, NULL};
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "GET_XFER");
    LAPI_Waitcntr(h, &get_oc, 1, NULL);
    CHECK(ch_ran == 1 && ch_saw == 0 && got[1] == right * 100 + 1, "GET_XFER %d %d %ld", ch_ran,
          ch_saw, got[1]);
    /* AM_LW through Addr_set index 1 (registered by every task) */
    long lw = me + 1000;
    memset(&x, 0, sizeof x);
    x.Am.Xfer_type = LAPI_AM_LW_XFER;
    x.Am.tgt = (uint)right;
    x.Am.hdr_hdl = 1;
    x.Am.udata = &lw;
    x.Am.udata_len = sizeof lw;
    x.Am.tgt_cntr = (lapi_long_t)(uintptr_t)tcs[right];
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "AM_LW_XFER");
    LAPI_Waitcntr(h, &tc, 1, NULL);
    CHECK(lw_got == left + 1000, "AM_LW gave %ld", lw_got);
    /* tc counts the next transfer too: nobody sends it until every AM_LW
     * has been counted (messages of a pair may overtake each other). */
    LAPI_Gfence(h);
    /* AMV, GENERIC: 12 bytes from one buffer into 5 + 7 */
    char src[12];
    for (int i = 0; i < 12; i++)
        src[i] = (char)('a' + (me + i) % 26);
    void *oi[1] = {src};
    ulong ol[1] = {12};
    lapi_vec_t ov = {LAPI_GEN_GENERIC, 1, oi, ol};
    memset(&x, 0, sizeof x);
    x.Amv.Xfer_type = LAPI_AMV_XFER;
    x.Amv.tgt = (uint)right;
    x.Amv.hdr_hdl = (lapi_long_t)(uintptr_t)generic_vh;
    x.Amv.org_vec = &ov;
    x.Amv.tgt_cntr = (lapi_long_t)(uintptr_t)tcs[right];
    x.Amv.org_cntr = &oc;
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "AMV_XFER");
    LAPI_Waitcntr(h, &oc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    for (int i = 0; i < 12; i++)
        CHECK(generic_in[i] == (char)('a' + (left + i) % 26), "AMV byte %d", i);
    /* PUTV then GETV of the same two words */
    long pv[2] = {me * 3, me * 3 + 1}, back[2] = {0, 0};
    void *pi[2] = {&pv[0], &pv[1]}, *ti[2] = {&in_b[0], &in_b[1]}, *bi[2] = {&back[0], &back[1]};
    ulong l2[2] = {sizeof(long), sizeof(long)};
    lapi_vec_t pov = {LAPI_GEN_IOVECTOR, 2, pi, l2}, ptv = {LAPI_GEN_IOVECTOR, 2, ti, l2};
    lapi_vec_t bov = {LAPI_GEN_IOVECTOR, 2, bi, l2};
    lapi_cntr_t cc;
    LAPI_Setcntr(h, &cc, 0);
    memset(&x, 0, sizeof x);
    x.Putv = (lapi_putv_t){LAPI_PUTV_XFER, 0, (uint)right, NULL, NULL, &pov, &ptv, 0, NULL, &cc};
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "PUTV_XFER");
    LAPI_Waitcntr(h, &cc, 1, NULL);
    memset(&x, 0, sizeof x);
    x.Getv = (lapi_getv_t){LAPI_GETV_XFER, 0, (uint)right, &bov, &ptv, 0, &oc, NULL, NULL};
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "GETV_XFER");
    LAPI_Waitcntr(h, &oc, 1, NULL);
    CHECK(back[0] == me * 3 && back[1] == me * 3 + 1, "GETV read back %ld %ld", back[0], back[1]);
    /* RMW, 64 bits, with a send-completion handler */
    long long add = 5, prev = -1;
    memset(&x, 0, sizeof x);
    x.Rmw = (lapi_rmw_t){LAPI_RMW_XFER, FETCH_AND_ADD, (uint)right, 64,
                         (lapi_long_t)(uintptr_t)&rmw_var, &add, &prev, &oc, send_done, &one};
    CHECK(LAPI_Xfer(h, &x) == LAPI_SUCCESS, "RMW_XFER");
    LAPI_Waitcntr(h, &oc, 1, NULL);
    CHECK(prev == 0 || prev == 5, "RMW_XFER prev %lld", prev);
    LAPI_Gfence(h);
    CHECK(rmw_var == 5, "RMW_XFER left %lld", rmw_var);
    while (__atomic_load_n(&sh_ran, __ATOMIC_ACQUIRE) < 2) /* run in the completion thread */
        LAPI_Probe(h);
    CHECK(sh_src == right, "send-completion info names task %d", sh_src);
}

void *own_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
             compl_hndlr_t **comp, void **uinfo)
{
    (void)uhdr; (void)uhdr_len; (void)msg_len;
    LAPI_Qenv(*hp, TASK_ID, &own_hh_task);
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

static void handlers(void)
{
    /* The sender's own handler address: the target runs its copy. */
    lapi_cntr_t cc;
    LAPI_Setcntr(h, &cc, 0);
    LAPI_Amsend(h, (uint)right, (void *)own_hh, NULL, 0, NULL, 0, tcs[right], NULL, &cc);
    LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    CHECK(own_hh_task == me, "own_hh ran as task %d", own_hh_task);
    /* An Addr_set index names the target's handler. */
    long lw = me + 2000;
    LAPI_Amsend(h, (uint)right, (void *)1, NULL, 0, &lw, sizeof lw, tcs[right], NULL, &cc);
    LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    CHECK(lw_got == left + 2000, "Amsend through index 1 gave %ld", lw_got);
    void *a = NULL;
    LAPI_Addr_get(h, &a, 1);
    CHECK(a == (void *)lw_hndlr, "Addr_get(1)");
    LAPI_Addr_get(h, &a, 2);
    CHECK(a == NULL, "Addr_get(2) of nothing");
    lapi_long_t tab[MAX_TASKS];
    LAPI_Address_init64(h, (lapi_long_t)me * 1000 + 7, tab);
    for (int i = 0; i < n; i++)
        CHECK(tab[i] == (lapi_long_t)i * 1000 + 7, "Address_init64 [%d]", i);
}

lapi_thread_func_t tf;
lapi_cond_t cond;
int shared, trylock_rc = -1;
unsigned long owner_seen = 99;
lapi_cntr_t tried;

void locker(lapi_handle_t *hp, void *info)
{
    (void)info;
    trylock_rc = tf.mutex_trylock(*hp);   /* the main program holds it */
    if (trylock_rc == 0)
        tf.mutex_unlock(*hp);
    tf.mutex_getowner(*hp, &owner_seen);
    LAPI_Setcntr(*hp, &tried, 1);
    tf.mutex_lock(*hp);                   /* until the main program waits on cond */
    shared = 1;
    tf.cond_signal(*hp, &cond);
    tf.mutex_unlock(*hp);
}

void *self_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
              compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    *comp = locker;
    *uinfo = NULL;
    return NULL;
}

static void threads(void)
{
    memset(&tf, 0, sizeof tf);
    tf.Util_type = LAPI_GET_THREAD_FUNC;
    CHECK(LAPI_Util(h, (lapi_util_t *)&tf) == LAPI_SUCCESS, "GET_THREAD_FUNC");
    tf.cond_init(h, &cond);
    tf.mutex_lock(h);
    CHECK(tf.mutex_lock(h) == 0 && tf.mutex_unlock(h) == 0, "the lock is recursive");
    LAPI_Setcntr(h, &tried, 0);
    LAPI_Amsend(h, (uint)me, (void *)self_hh, NULL, 0, NULL, 0, NULL, NULL, NULL);
    LAPI_Waitcntr(h, &tried, 1, NULL); /* holding the lock */
    /* A deadline far away: the signal comes first, and the timeout must
     * not stretch the run to it. */
    struct timespec far;
    clock_gettime(CLOCK_REALTIME, &far);
    far.tv_sec += 1;
    while (!shared)
        CHECK(tf.cond_timedwait(h, &cond, &far) == 0, "timedwait signalled");
    CHECK(trylock_rc == EBUSY && owner_seen == 1, "trylock %d, owner %lu", trylock_rc,
          owner_seen);
    struct timespec t0, dl, t1;
    clock_gettime(CLOCK_REALTIME, &t0);
    dl = t0;
    dl.tv_nsec += 5000;
    int rc = tf.cond_timedwait(h, &cond, &dl);
    clock_gettime(CLOCK_REALTIME, &t1);
    long waited = (t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec);
    CHECK(rc == ETIMEDOUT && waited >= 5000, "timedwait %d after %ld ns", rc, waited);
    unsigned long o = 99;
    tf.mutex_getowner(h, &o);
    CHECK(o == 1, "owner %lu while holding", o);
    tf.mutex_unlock(h);
    CHECK(tf.mutex_unlock(h) == EPERM, "unlock of a free lock");
    tf.mutex_getowner(h, &o);
    CHECK(o == 0, "owner %lu after unlock", o);
    tf.cond_destroy(h, &cond);
}

static void env(void)
{
    int v;
    LAPI_Qenv(h, NUM_TASKS, &v);
    CHECK(v == n, "NUM_TASKS %d", v);
    LAPI_Qenv(h, MAX_PKT_SZ, &v);
    CHECK(v == 2048, "MAX_PKT_SZ %d", v);
    LAPI_Qenv(h, MAX_UHDR_SZ, &v);
    CHECK(v == 1024, "MAX_UHDR_SZ %d", v);
    LAPI_Qenv(h, LOC_ADDRTBL_SZ, &v);
    CHECK(v == 256, "LOC_ADDRTBL_SZ %d", v);
    LAPI_Qenv(h, INTERRUPT_SET, &v);
    CHECK(v == 1, "INTERRUPT_SET %d", v);
    LAPI_Qenv(h, ERROR_CHK, &v);
    CHECK(v == 0, "ERROR_CHK %d", v);
    CHECK(LAPI_Senv(h, TIMEOUT, 60) == LAPI_SUCCESS, "Senv TIMEOUT");
    LAPI_Qenv(h, TIMEOUT, &v);
    CHECK(v == 60, "TIMEOUT %d", v);
    lapi_statistics_t st;
    LAPI_Qenv(h, QUERY_STATISTICS, (int *)&st);
    CHECK(n == 1 || (st.Tot_pkt_sent_cnt > 0 && st.Tot_data_recv > 0 && st.Tot_ack_recv > 0),
          "statistics %llu %llu %llu", st.Tot_pkt_sent_cnt, st.Tot_data_recv, st.Tot_ack_recv);
}

int main(void)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    right = (me + 1) % n;
    left = (me + n - 1) % n;
    for (int i = 0; i < 16; i++)
        pub[i] = me * 100 + i;
    LAPI_Setcntr(h, &tc, 0);
    LAPI_Addr_set(h, (void *)lw_hndlr, 1);
    LAPI_Address_init(h, &tc, tcs); /* also: everybody has registered index 1 */
    counters();
    LAPI_Gfence(h);
    get();
    LAPI_Gfence(h);
    putv();
    LAPI_Gfence(h);
    xfer();
    LAPI_Gfence(h);
    handlers();
    LAPI_Gfence(h);
    threads();
    LAPI_Gfence(h);
    env();
    LAPI_Gfence(h);
    LAPI_Term(h);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
