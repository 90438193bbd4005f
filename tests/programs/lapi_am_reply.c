/* Active messages whose completion handlers reply, as ARMCI's server side
 * does: every task sends a request to every other task, with a user
 * header and a payload that fits one packet for some targets and spans
 * several for others.
 *
 * At the target the header handler copies the user header (valid only
 * during the call), takes one-packet payloads from udata_one_pkt_ptr and
 * buries the message, or returns a buffer for longer ones.  The completion
 * handler, in the completion thread, then blocks twice: a LAPI_Get of the
 * requester's "secret" with LAPI_Waitcntr, and a reply LAPI_Amsend whose
 * origin counter it waits for.  The reply's header handler at the
 * requester records the answer and asks for an inline (LAPI_LOCAL_STATE)
 * completion handler.
 *
 * Checked: payload checksums and secrets; that udata_one_pkt_ptr is set
 * exactly when uhdr + data fit MAX_PKT_SZ; header handlers and completion
 * handlers each run one at a time; a target counter moves only after its
 * completion handler has returned; completion counters at the origin.
 * "lapi_am_reply polling" runs in polling mode.  Prints "task N ok". */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TASKS 1024

typedef struct {
    long long from, len, sum;   /* request: requester, payload bytes, checksum */
} req_hdr_t;

typedef struct {
    long long from, sum, secret;
} reply_hdr_t;

typedef struct {
    req_hdr_t hdr;
    unsigned char *data;
    int one_packet;
} pending_t;

lapi_handle_t h;
int me, n, pkt, errors;
int secret;                          /* read remotely by the completion handlers */
void *req_hh[MAX_TASKS], *reply_hh[MAX_TASKS];
void *secret_addr[MAX_TASKS], *reply_cntr_addr[MAX_TASKS];
lapi_cntr_t req_cntr;                /* requests completed here (target counter) */
lapi_cntr_t reply_cntr;              /* replies received here */
long long answers[MAX_TASKS][2];     /* per replier: checksum, secret */
int in_header, in_completion, completions_done, inline_done;
int one_packet_seen, multi_packet_seen;

static long long checksum(const unsigned char *p, long long len)
{
    long long s = 0;
    for (long long i = 0; i < len; i++)
        s = s * 31 + p[i];
    return s;
}

static void fail(const char *what)
{
    if (errors++ < 10)
        printf("task %d: %s\n", me, what);
}

void reply_inline(lapi_handle_t *hp, void *info)
{
    (void)hp;
    (void)info;
    inline_done++;
}

void *reply_header(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
                   compl_hndlr_t **comp, void **uinfo)
{
    (void)hp;
    lapi_return_info_t *ri = (lapi_return_info_t *)msg_len;
    reply_hdr_t r;
    if (*uhdr_len != sizeof r || ri->msg_len != 0)
        fail("reply header of the wrong size");
    memcpy(&r, uhdr, sizeof r);
    answers[r.from][0] = r.sum;
    answers[r.from][1] = r.secret;
    ri->ret_flags = LAPI_LOCAL_STATE;
    *comp = reply_inline;
    *uinfo = NULL;
    return NULL;
}

void request_done(lapi_handle_t *hp, void *info)
{
    pending_t *p = info;
    if (in_completion++)
        fail("two completion handlers at once");
    long long sum = checksum(p->data, p->hdr.len);
    if (sum != p->hdr.sum)
        fail("payload checksum");
    /* Blocking LAPI calls are allowed here. */
    lapi_cntr_t gc;
    int their_secret = -1;
    LAPI_Setcntr(*hp, &gc, 0);
    LAPI_Get(*hp, (uint)p->hdr.from, sizeof their_secret, secret_addr[p->hdr.from],
             &their_secret, NULL, &gc);
    LAPI_Waitcntr(*hp, &gc, 1, NULL);
    reply_hdr_t r = {me, sum, their_secret};
    lapi_cntr_t oc;
    LAPI_Setcntr(*hp, &oc, 0);
    LAPI_Amsend(*hp, (uint)p->hdr.from, reply_hh[p->hdr.from], &r, sizeof r, NULL, 0,
                reply_cntr_addr[p->hdr.from], &oc, NULL);
    LAPI_Waitcntr(*hp, &oc, 1, NULL);
    free(p->data);
    free(p);
    completions_done++;
    in_completion--;
}

void *request_header(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
                     compl_hndlr_t **comp, void **uinfo)
{
    (void)hp;
    if (in_header++)
        fail("two header handlers at once");
    lapi_return_info_t *ri = (lapi_return_info_t *)msg_len;
    pending_t *p = malloc(sizeof *p);
    memcpy(&p->hdr, uhdr, sizeof p->hdr);
    if (*uhdr_len != sizeof p->hdr || (long long)ri->msg_len != p->hdr.len ||
        ri->src != p->hdr.from)
        fail("request header, msg_len or src");
    p->data = malloc((size_t)p->hdr.len + 1);
    int fits = (long long)sizeof p->hdr + p->hdr.len <= pkt;
    if ((ri->udata_one_pkt_ptr != NULL) != fits)
        fail("udata_one_pkt_ptr not set exactly when the message fits one packet");
    void *buf = p->data;
    if (ri->udata_one_pkt_ptr) {
        memcpy(p->data, ri->udata_one_pkt_ptr, (size_t)p->hdr.len);
        ri->ctl_flags = LAPI_BURY_MSG;
        buf = NULL;
        one_packet_seen++;
    } else {
        multi_packet_seen++;
    }
    *comp = request_done;
    *uinfo = p;
    in_header--;
    return buf;
}

int main(int argc, char **argv)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    if (argc > 1 && strcmp(argv[1], "polling") == 0)
        info.protocol = LAPI_INTERRUPT_OFF;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Qenv(h, MAX_PKT_SZ, &pkt);
    secret = 1000 + me;
    LAPI_Setcntr(h, &req_cntr, 0);
    LAPI_Setcntr(h, &reply_cntr, 0);
    LAPI_Address_init(h, (void *)request_header, req_hh);
    LAPI_Address_init(h, (void *)reply_header, reply_hh);
    LAPI_Address_init(h, &secret, secret_addr);
    LAPI_Address_init(h, &reply_cntr, reply_cntr_addr);
    void *req_cntr_addr[MAX_TASKS];
    LAPI_Address_init(h, &req_cntr, req_cntr_addr);

    lapi_cntr_t oc, cc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &cc, 0);
    unsigned char *payload[MAX_TASKS];
    req_hdr_t hdr[MAX_TASKS];
    for (int d = 1; d < n; d++) {
        int t = (me + d) % n;
        long long len = (d % 3 == 0) ? 3 * pkt + 17 * d : 8 * d; /* some span packets */
        payload[t] = malloc((size_t)len + 1);
        for (long long i = 0; i < len; i++)
            payload[t][i] = (unsigned char)(me * 13 + t * 7 + i);
        hdr[t] = (req_hdr_t){me, len, checksum(payload[t], len)};
        int rc = LAPI_Amsend(h, (uint)t, req_hh[t], &hdr[t], sizeof hdr[t], payload[t],
                             (ulong)len, req_cntr_addr[t], &oc, &cc);
        if (rc != LAPI_SUCCESS)
            fail("LAPI_Amsend failed");
    }
    LAPI_Waitcntr(h, &oc, n - 1, NULL);   /* payloads may be reused */
    LAPI_Waitcntr(h, &req_cntr, n - 1, NULL);
    if (completions_done != n - 1)
        fail("target counter moved before the completion handlers finished");
    LAPI_Waitcntr(h, &reply_cntr, n - 1, NULL);
    if (inline_done != n - 1)
        fail("inline completion handlers");
    LAPI_Waitcntr(h, &cc, n - 1, NULL);
    for (int d = 1; d < n; d++) {
        int t = (me + d) % n;
        if (answers[t][0] != hdr[t].sum || answers[t][1] != secret)
            fail("wrong reply");
        free(payload[t]);
    }
    if (n >= 4 && (one_packet_seen == 0 || multi_packet_seen == 0))
        fail("expected both one-packet and multi-packet requests");
    LAPI_Gfence(h);
    LAPI_Term(h);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
