/* GUPS-style lightweight active messages: every task sends NMSG updates
 * to every other task through one 8-byte buffer and one uhdr, rewriting
 * both right after LAPI_Xfer returns (IBM's GUPS does this: real LAPI
 * copies an AM_LW message at the call).  Each target sums what arrives and
 * checks the total; "task N ok" when every sum and count verifies. */
#include <lapi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NMSG 50

lapi_handle_t h;
int me, n, errors;
lapi_cntr_t tc;
long sum, hdr_sum;
long count;

void *lw_hndlr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
               compl_hndlr_t **comp, void **uinfo)
{
    (void)hp;
    lapi_return_info_t *ri = (lapi_return_info_t *)msg_len;
    long v, hv;
    if (ri->udata_one_pkt_ptr && ri->msg_len == sizeof v && *uhdr_len == sizeof hv) {
        memcpy(&v, ri->udata_one_pkt_ptr, sizeof v);
        memcpy(&hv, uhdr, sizeof hv);
        sum += v;
        hdr_sum += hv;
        count++;
    }
    ri->ctl_flags = LAPI_BURY_MSG;
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

/* What task src sends as its i-th update. */
static long value(int src, int i)
{
    return (long)src * 1000 + i + 1;
}

int main(void)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Addr_set(h, (void *)lw_hndlr, 1);
    LAPI_Gfence(h);
    long buf, hdr; /* one buffer for every message, as GUPS has */
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    int sent = 0;
    for (int i = 0; i < NMSG; i++)
        for (int d = 1; d < n; d++) {
            int tgt = (me + d) % n;
            lapi_xfer_t x;
            memset(&x, 0, sizeof x);
            buf = value(me, i);
            hdr = -value(me, i);
            x.Am.Xfer_type = LAPI_AM_LW_XFER;
            x.Am.tgt = (uint)tgt;
            x.Am.hdr_hdl = 1;
            x.Am.uhdr = &hdr;
            x.Am.uhdr_len = sizeof hdr;
            x.Am.udata = &buf;
            x.Am.udata_len = sizeof buf;
            x.Am.org_cntr = &oc;
            if (LAPI_Xfer(h, &x) != LAPI_SUCCESS)
                errors++;
            sent++;
            buf = -1; /* reused at once */
            hdr = -1;
        }
    /* The origin counter already counts every message: its buffers were
     * free when LAPI_Xfer returned. */
    int v = -1;
    LAPI_Getcntr(h, &oc, &v);
    if (v != sent) {
        printf("task %d: org_cntr %d after %d LW sends\n", me, v, sent);
        errors++;
    }
    LAPI_Gfence(h);
    long want = 0;
    for (int src = 0; src < n; src++)
        for (int i = 0; src != me && i < NMSG; i++)
            want += value(src, i);
    if (count != (long)NMSG * (n - 1) || sum != want || hdr_sum != -want) {
        printf("task %d: got %ld updates summing %ld (uhdr %ld), want %ld summing %ld\n", me,
               count, sum, hdr_sum, (long)NMSG * (n - 1), want);
        errors++;
    }
    LAPI_Term(h);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
