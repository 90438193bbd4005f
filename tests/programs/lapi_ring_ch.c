/* One active message per task to its right neighbour, with a completion
 * handler: every task gets a completion-handler thread (at scale, as many
 * helper stacks as tasks).  "task N ok" when the handler ran with the
 * sender's value. */
#include <lapi.h>
#include <stdio.h>
#include <string.h>

lapi_handle_t h;
int me, n;
long got = -1, done;
lapi_cntr_t tc;

static void on_complete(lapi_handle_t *hp, void *uinfo)
{
    (void)hp;
    done = (long)uinfo;
}

void *hdr_hndlr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
                compl_hndlr_t **comp, void **uinfo)
{
    (void)hp;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&got, uhdr, sizeof got);
    *comp = on_complete;
    *uinfo = (void *)(got + 1);
    return NULL;
}

int main(void)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Addr_set(h, (void *)hdr_hndlr, 1);
    LAPI_Setcntr(h, &tc, 0);
    LAPI_Gfence(h);
    long v = me;
    lapi_cntr_t cc;
    LAPI_Setcntr(h, &cc, 0);
    LAPI_Amsend(h, (uint)((me + 1) % n), (void *)1, &v, sizeof v, NULL, 0, &tc, NULL, &cc);
    LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    LAPI_Gfence(h);
    int left = (me + n - 1) % n;
    if (got == left && done == left + 1)
        printf("task %d ok\n", me);
    else
        printf("task %d: got %ld, completion %ld, want %d\n", me, got, done, left);
    LAPI_Term(h);
    return 0;
}
