/* Busy polling: every task but 0 polls with LAPI_Probe + LAPI_Getcntr
 * until its target counter moves; task 0 first sleeps 10 ms of virtual
 * time (or, with the argument "probes", calls LAPI_Probe 10 times, as a
 * loop timing the dispatcher does), then puts one word to each of them.
 * "task N ok" when each poller got the word. */
#include <lapi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_TASKS 64

lapi_handle_t h;
lapi_cntr_t tc;
long word;
void *tcs[MAX_TASKS], *words[MAX_TASKS];

int main(int argc, char **argv)
{
    int me, n, errors = 0;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Senv(h, INTERRUPT_SET, 0); /* polling mode, as NetPIPE runs */
    LAPI_Setcntr(h, &tc, 0);
    LAPI_Address_init(h, &tc, tcs);
    LAPI_Address_init(h, &word, words);
    if (me == 0) {
        if (argc > 1 && strcmp(argv[1], "probes") == 0)
            for (int i = 0; i < 10; i++)
                LAPI_Probe(h);
        else
            usleep(10000);
        static long v[MAX_TASKS];
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        for (int t = 1; t < n; t++) {
            v[t] = 100 + t;
            LAPI_Put(h, (uint)t, sizeof v[t], words[t], &v[t], tcs[t], &oc, NULL);
        }
        LAPI_Waitcntr(h, &oc, n - 1, NULL);
    } else {
        int val = 0;
        long polls = 0;
        while (val < 1) {
            LAPI_Probe(h);
            LAPI_Getcntr(h, &tc, &val);
            polls++;
        }
        if (word != 100 + me) {
            printf("task %d: got %ld after %ld polls\n", me, word, polls);
            errors++;
        }
    }
    LAPI_Gfence(h);
    LAPI_Term(h);
    if (!errors)
        printf("task %d ok\n", me);
    return errors != 0;
}
