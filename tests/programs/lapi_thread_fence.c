/* LAPI's blocking calls from a program thread while the main program
 * waits outside LAPI (in pthread_join), as a communication thread does:
 * each task's thread puts a word to the next task, then LAPI_Fence (its
 * put complete) and LAPI_Gfence (every task's).  "task N ok" when the
 * word from the previous task arrived. */
#include <lapi.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX_TASKS 64
static lapi_handle_t h;
static long word;
static int me, n;
static void *words[MAX_TASKS];

static void *comm(void *arg)
{
    (void)arg;
    static long v;
    v = 100 + me;
    int next = (me + 1) % n;
    LAPI_Put(h, (uint)next, sizeof v, words[next], &v, NULL, NULL, NULL);
    LAPI_Fence(h);
    LAPI_Gfence(h);
    return NULL;
}

int main(int argc, char **argv)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    if (argc > 1 && !strcmp(argv[1], "poll"))
        LAPI_Senv(h, INTERRUPT_SET, 0);
    LAPI_Address_init(h, &word, words);
    pthread_t t;
    pthread_create(&t, NULL, comm, NULL);
    pthread_join(t, NULL);
    if (word == 100 + (me + n - 1) % n)
        printf("task %d ok\n", me);
    else
        printf("task %d: word %ld\n", me, word);
    LAPI_Term(h);
    return 0;
}
