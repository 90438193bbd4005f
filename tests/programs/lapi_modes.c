/* Progress modes and ordering.
 *
 *   lapi_modes interrupt|polling|senv|locked
 *     Task 1 sends task 0 a Put (into flag, bumping cntr) and an active
 *     message (whose header handler sets hh_ran) while task 0 computes
 *     (sleeps) without calling LAPI.  Task 0 prints what it sees after the
 *     sleep, and again after one LAPI_Probe.  In interrupt mode the
 *     messages are handled during the sleep; in polling mode
 *     (LAPI_INTERRUPT_OFF, or "senv": LAPI_Senv(INTERRUPT_SET, 0)) only in
 *     the Probe; "locked" is interrupt mode with the LAPI lock held
 *     through the sleep, released before the Probe.
 *
 *   lapi_modes order|fence
 *     Task 0 puts 1 then 2 into the same word of task 1, 100 times, with
 *     LAPI_Fence between the two Puts only for "fence"; after a LAPI_Gfence
 *     task 1 counts how often the word ended as 1 (the Puts overtook each
 *     other).  The word is never 0: Gfence completes both Puts. */
#include <lapi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_TASKS 1024

lapi_handle_t h;
int me, n;
long flag;
lapi_cntr_t cntr;
int hh_ran;
long word;

void *hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len, compl_hndlr_t **comp,
         void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    hh_ran = 1;
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

static void progress(const char *mode)
{
    lapi_thread_func_t tf;
    memset(&tf, 0, sizeof tf);
    tf.Util_type = LAPI_GET_THREAD_FUNC;
    LAPI_Util(h, (lapi_util_t *)&tf);
    void *flags[MAX_TASKS], *cntrs[MAX_TASKS];
    LAPI_Address_init(h, &flag, flags);
    LAPI_Address_init(h, &cntr, cntrs);
    if (me == 0 && !strcmp(mode, "locked"))
        tf.mutex_lock(h);
    LAPI_Gfence(h);
    if (me == 1) {
        long v = 42;
        lapi_cntr_t oc, cc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Setcntr(h, &cc, 0);
        LAPI_Put(h, 0, sizeof v, flags[0], &v, cntrs[0], &oc, &cc);
        LAPI_Amsend(h, 0, (void *)hh, NULL, 0, NULL, 0, NULL, &oc, &cc);
        LAPI_Waitcntr(h, &oc, 2, NULL);
        LAPI_Waitcntr(h, &cc, 2, NULL);
    }
    if (me == 0) {
        usleep(50); /* computing: no LAPI call */
        printf("after the sleep: flag %ld, cntr %d, header handler %d\n", flag, cntr.cntr,
               hh_ran);
        if (!strcmp(mode, "locked"))
            tf.mutex_unlock(h);
        LAPI_Probe(h);
        printf("after a probe: flag %ld, cntr %d, header handler %d\n", flag, cntr.cntr, hh_ran);
    }
}

static void order(int fenced)
{
    void *words[MAX_TASKS];
    LAPI_Address_init(h, &word, words);
    int late = 0, zero = 0;
    for (int trial = 0; trial < 100; trial++) {
        word = 0;
        LAPI_Gfence(h);
        if (me == 0) {
            long one = 1, two = 2;
            lapi_cntr_t oc;
            LAPI_Setcntr(h, &oc, 0);
            LAPI_Put(h, 1, sizeof one, words[1], &one, NULL, &oc, NULL);
            if (fenced)
                LAPI_Fence(h);
            LAPI_Put(h, 1, sizeof two, words[1], &two, NULL, &oc, NULL);
            LAPI_Waitcntr(h, &oc, 2, NULL);
        }
        LAPI_Gfence(h);
        late += me == 1 && word == 1;
        zero += me == 1 && word == 0;
    }
    if (me == 1)
        printf("reordered %d of 100, lost %d\n", late, zero);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "interrupt";
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    if (!strcmp(mode, "polling"))
        info.protocol = LAPI_INTERRUPT_OFF;
    LAPI_Init(&h, &info);
    if (!strcmp(mode, "senv"))
        LAPI_Senv(h, INTERRUPT_SET, 0);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Setcntr(h, &cntr, 0);
    if (!strcmp(mode, "order") || !strcmp(mode, "fence"))
        order(!strcmp(mode, "fence"));
    else
        progress(mode);
    LAPI_Gfence(h);
    LAPI_Term(h);
    printf("task %d done\n", me);
    return 0;
}
