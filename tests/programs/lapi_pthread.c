/* LAPI from a program thread: each task's pthread puts a word to the next
 * task and waits on the origin counter while the main program waits on its
 * target counter; both then add to a counter under the LAPI_Util
 * GET_THREAD_FUNC lock, the thread waiting on a condition the main program
 * signals.  With "fence", LAPI's blocking calls from a thread while the
 * main program waits outside LAPI (in pthread_join), as a communication
 * thread does: the thread puts the word with no counter, then LAPI_Fence
 * (its put complete) and LAPI_Gfence (every task's).  With "poll" (or
 * "fence-poll"), the task runs in polling mode.  "task N ok" when every
 * value is right. */
#include <lapi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_TASKS 64
static lapi_handle_t h;
static lapi_cntr_t tc;
static long word, count;
static int me, n, ready;
static void *tcs[MAX_TASKS], *words[MAX_TASKS];
static lapi_thread_func_t tf;
static lapi_cond_t cond;

static void *fencer(void *arg)
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

static void *sender(void *arg)
{
    (void)arg;
    static long v;
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    v = 100 + me;
    int next = (me + 1) % n;
    LAPI_Put(h, (uint)next, sizeof v, words[next], &v, tcs[next], &oc, NULL);
    LAPI_Waitcntr(h, &oc, 1, NULL);
    tf.mutex_lock(h);
    while (!ready)
        tf.cond_wait(h, &cond);
    count += 10;
    tf.mutex_unlock(h);
    return NULL;
}

int main(int argc, char **argv)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    const char *mode = argc > 1 ? argv[1] : "";
    if (strstr(mode, "poll"))
        LAPI_Senv(h, INTERRUPT_SET, 0);
    int fence = strncmp(mode, "fence", 5) == 0;
    memset(&tf, 0, sizeof tf);
    tf.Util_type = LAPI_GET_THREAD_FUNC;
    LAPI_Util(h, (lapi_util_t *)&tf);
    tf.cond_init(h, &cond);
    LAPI_Setcntr(h, &tc, 0);
    LAPI_Address_init(h, &tc, tcs);
    LAPI_Address_init(h, &word, words);
    pthread_t t;
    if (fence) {
        pthread_create(&t, NULL, fencer, NULL);
        pthread_join(t, NULL);
        int ok = word == 100 + (me + n - 1) % n;
        LAPI_Term(h);
        printf("task %d %s\n", me, ok ? "ok" : "WRONG");
        return !ok;
    }
    pthread_create(&t, NULL, sender, NULL);
    LAPI_Waitcntr(h, &tc, 1, NULL);
    tf.mutex_lock(h);
    count += 1;
    ready = 1;
    tf.cond_signal(h, &cond);
    tf.mutex_unlock(h);
    pthread_join(t, NULL);
    int prev = (me + n - 1) % n, ok = word == 100 + prev && count == 11;
    LAPI_Gfence(h);
    LAPI_Term(h);
    printf("task %d %s\n", me, ok ? "ok" : "WRONG");
    return !ok;
}
