/* scripts/bench/lapi_pingpong: tasks 0 and 1 bounce a 4-byte LAPI_Put
 * argv[1] times, each Put counting on the target's counter (which the
 * receiver polls with LAPI_Getcntr and LAPI_Probe) and on an origin
 * counter; with argv[2] "cmpl" also on a completion counter that nobody
 * ever reads, as NetPIPE's LAPI module does.  The detector keeps what an
 * unread counter's increments carry: the two runs should cost alike. */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static lapi_handle_t h;
static lapi_cntr_t org, tgt, cmpl;
static char inbox[8], outbox[8];

static void wait_tgt(void)
{
    int v = 0;
    for (LAPI_Getcntr(h, &tgt, &v); v < 1; LAPI_Getcntr(h, &tgt, &v))
        LAPI_Probe(h);
    LAPI_Waitcntr(h, &tgt, 1, NULL);
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    int use_cmpl = argc > 2 && strcmp(argv[2], "cmpl") == 0, me, n;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    void *tgts[2], *boxes[2];
    LAPI_Setcntr(h, &org, 0);
    LAPI_Setcntr(h, &tgt, 0);
    LAPI_Setcntr(h, &cmpl, 0);
    LAPI_Address_init(h, &tgt, tgts);
    LAPI_Address_init(h, inbox, boxes);
    if (n == 2) {
        int peer = 1 - me;
        for (long i = 0; i < rounds; i++) {
            if (me == 1)
                wait_tgt();
            LAPI_Put(h, peer, 4, boxes[peer], outbox, tgts[peer], &org, use_cmpl ? &cmpl : NULL);
            LAPI_Waitcntr(h, &org, 1, NULL);
            if (me == 0)
                wait_tgt();
        }
    }
    LAPI_Gfence(h);
    LAPI_Term(h);
    return 0;
}
