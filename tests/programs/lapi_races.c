/* One LAPI race per case, and its corrected twin: lapi_races CASE bad|good.
 *
 * Each bad case has two conflicting accesses that nothing orders in LAPI's
 * terms (counters, LAPI_Fence, LAPI_Gfence, the dispatcher's mode for a
 * handler against its task's program), on lines marked A(case) and
 * B(case); the detector must name both lines on the first run.  The good
 * twin waits for the counter or fence that orders them and must raise
 * nothing under any seed.  Every case runs on 3 tasks. */
#include <lapi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TASKS 64

static lapi_handle_t h;
static int me, bad;
static long buf[4], src[4], dst[4], word;
static long long counter;
static lapi_cntr_t tc;   /* target counter of the transfers into this task */
static void *bufs[MAX_TASKS], *srcs[MAX_TASKS], *words[MAX_TASKS], *counters[MAX_TASKS],
    *tcs[MAX_TASKS];

/* Task 0 puts into task 1's buf; task 1 reads it before / after its
 * target counter says the data is there. */
static void put_load(void)
{
    long v[4] = {1, 2, 3, 4};
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Put(h, 1, sizeof v, bufs[1], v, tcs[1], &oc, NULL); /* A(put-load) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (me == 1) {
        if (!bad)
            LAPI_Waitcntr(h, &tc, 1, NULL);
        printf("buf[2]=%ld\n", buf[2]); /* B(put-load) */
    }
}

/* Task 0 changes the origin buffer of its Put before / after the origin
 * counter says LAPI has read it. */
static void origin_store(void)
{
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        src[0] = 7;
        LAPI_Put(h, 1, sizeof src, bufs[1], src, tcs[1], &oc, NULL); /* A(origin-store) */
        if (!bad)
            LAPI_Waitcntr(h, &oc, 1, NULL);
        src[0] = 8; /* B(origin-store) */
    }
    if (me == 1)
        LAPI_Waitcntr(h, &tc, 1, NULL);
}

/* Task 0 gets task 1's src into its dst and reads dst before / after the
 * origin counter says the data has come. */
static void get_load(void)
{
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Get(h, 1, sizeof dst, srcs[1], dst, NULL, &oc); /* A(get-load) */
        if (!bad)
            LAPI_Waitcntr(h, &oc, 1, NULL);
        printf("dst[1]=%ld\n", dst[1]); /* B(get-load) */
    }
}

/* Two Puts of task 0 to one word of task 1: LAPI may apply them in either
 * order unless a fence separates them. */
static void put_put(void)
{
    if (me == 0) {
        long one = 1, two = 2;
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Put(h, 1, sizeof one, words[1], &one, NULL, &oc, NULL); /* A(put-put) */
        if (!bad)
            LAPI_Fence(h);
        LAPI_Put(h, 1, sizeof two, words[1], &two, NULL, &oc, NULL); /* B(put-put) */
        LAPI_Waitcntr(h, &oc, 2, NULL);
    }
}

/* Two unfenced puts of one task into one word: of the same data they
 * leave the word as either order would (a scatter with a repeated
 * subscript, a benchmark repeating a put), and are no race; of other
 * data they are. */
static void put_same(void)
{
    if (me == 0) {
        long one = 7, two = bad ? 8 : 7;
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Put(h, 1, sizeof one, words[1], &one, NULL, &oc, NULL); /* A(put-same) */
        LAPI_Put(h, 1, sizeof two, words[1], &two, NULL, &oc, NULL); /* B(put-same) */
        LAPI_Waitcntr(h, &oc, 2, NULL);
    }
}

/* The same from two tasks (GA's overlapping patches of equal values). */
static void put_same_two(void)
{
    if (me == 0 || me == 2) {
        long v = bad && me == 2 ? 8 : 7;
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        if (me == 0)
            LAPI_Put(h, 1, sizeof v, words[1], &v, NULL, &oc, NULL); /* A(put-same-two) */
        else
            LAPI_Put(h, 1, sizeof v, words[1], &v, NULL, &oc, NULL); /* B(put-same-two) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
}

/* The same into a malloc'd word: LAPI targets any memory, and the race
 * is told the same way (its place said without an address). */
static long *heap_word;
static void *heap_words[MAX_TASKS];
static void put_put_heap(void)
{
    if (me == 0) {
        long one = 1, two = 2;
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Put(h, 1, sizeof one, heap_words[1], &one, NULL, &oc, NULL); /* A(put-put-heap) */
        if (!bad)
            LAPI_Fence(h);
        LAPI_Put(h, 1, sizeof two, heap_words[1], &two, NULL, &oc, NULL); /* B(put-put-heap) */
        LAPI_Waitcntr(h, &oc, 2, NULL);
    }
}

/* Task 1 updates task 0's counter with LAPI_Rmw64 while task 2 overwrites
 * it with a Put; the good twin orders them with a Gfence. */
static void rmw_put(void)
{
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    if (me == 1) {
        long long one = 1, old;
        LAPI_Rmw64(h, FETCH_AND_ADD, 0, counters[0], &one, &old, &oc); /* A(rmw-put) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (!bad)
        LAPI_Gfence(h);
    if (me == 2) {
        long long z = 100;
        LAPI_Put(h, 0, sizeof z, counters[0], &z, NULL, &oc, NULL); /* B(rmw-put) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
}

/* Task 0 puts with no counters and fences; task 1 reads after a Gfence
 * both pass (good) or before it (bad). */
static void fence_load(void)
{
    if (me == 0) {
        long v = 9;
        LAPI_Put(h, 1, sizeof v, words[1], &v, NULL, NULL, NULL); /* A(fence-load) */
    }
    if (!bad)
        LAPI_Gfence(h);
    if (me == 1)
        printf("word=%ld\n", word); /* B(fence-load) */
}

/* Task 0 writes task 1's buf, learns it is complete from its completion
 * counter, and tells task 2, which then reads buf from task 1 with a Get:
 * ordered only if task 0 waited for cmpl_cntr before telling. */
static void completion_chain(void)
{
    if (me == 0) {
        long v[4] = {5, 6, 7, 8}, flag = 1;
        lapi_cntr_t oc, cc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Setcntr(h, &cc, 0);
        LAPI_Put(h, 1, sizeof v, bufs[1], v, NULL, &oc, &cc); /* A(completion-chain) */
        if (!bad)
            LAPI_Waitcntr(h, &cc, 1, NULL);
        LAPI_Put(h, 2, sizeof flag, words[2], &flag, tcs[2], &oc, NULL);
        LAPI_Waitcntr(h, &oc, 2, NULL);
        if (bad) /* too late to order anything, but cc must outlive the put */
            LAPI_Waitcntr(h, &cc, 1, NULL);
    }
    if (me == 2) {
        long got[4];
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Waitcntr(h, &tc, 1, NULL);
        LAPI_Get(h, 1, sizeof got, bufs[1], got, NULL, &oc); /* B(completion-chain) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
        printf("got[3]=%ld\n", got[3]);
    }
}

/* ---- handlers against the task's own program ---- */

static long am_buf[4];       /* where data_hh lands an active message's data */
static int hh_seen;          /* set by seen_hh */
static int done_flag;        /* set by done_ch */
static lapi_cntr_t done_c;   /* set by done_ch after done_flag */
static void *seen_hhs[MAX_TASKS], *data_hhs[MAX_TASKS], *done_hhs[MAX_TASKS];

void *seen_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
              compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    hh_seen = 1; /* A(handler-load) A(polling-flag) */
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

void *data_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
              compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    *comp = NULL;
    *uinfo = NULL;
    return am_buf;
}

void done_ch(lapi_handle_t *hp, void *info)
{
    (void)info;
    done_flag = 1; /* A(handler-flag) */
    LAPI_Setcntr(*hp, &done_c, 1);
}

void *done_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
              compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    *comp = done_ch;
    *uinfo = NULL;
    return NULL;
}

/* Task 0's active message runs a header handler at task 1 that sets a
 * variable; task 1 reads it before / after the message's target counter
 * (which moves once its handlers are done). */
static void handler_load(void)
{
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Amsend(h, 1, seen_hhs[1], NULL, 0, NULL, 0, tcs[1], &oc, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (me == 1) {
        if (!bad)
            LAPI_Waitcntr(h, &tc, 1, NULL);
        printf("hh_seen=%d\n", hh_seen); /* B(handler-load) */
    }
}

/* A completion handler (on the completion thread) sets a plain flag that
 * the program polls (bad), or sets a counter after it that the program
 * waits on (good). */
static void handler_flag(void)
{
    LAPI_Setcntr(h, &done_c, 0);
    LAPI_Gfence(h);
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Amsend(h, 1, done_hhs[1], NULL, 0, NULL, 0, NULL, &oc, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (me == 1) {
        if (bad)
            while (!done_flag) /* B(handler-flag) */
                LAPI_Probe(h);
        else
            LAPI_Waitcntr(h, &done_c, 1, NULL);
        printf("done_flag=%d\n", done_flag);
    }
}

/* Task 1 stores into the buffer an active message from task 0 lands in:
 * after the Gfence that task 0 sends after (bad), or before it (good). */
static void am_data_store(void)
{
    if (me == 1 && !bad)
        am_buf[1] = 3;
    LAPI_Gfence(h);
    if (me == 0) {
        long v[4] = {1, 2, 3, 4};
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Amsend(h, 1, data_hhs[1], NULL, 0, v, sizeof v, NULL, &oc, NULL); /* A(am-data-store) */
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (me == 1 && bad)
        am_buf[1] = 3; /* B(am-data-store) */
}

/* Task 0 sends an active message's data from src and writes src again
 * before (bad) or after (good) the message's completion counter says its
 * data landed at task 1: the landing means the buffer was read. */
static void am_origin_store(void)
{
    if (me == 0) {
        lapi_cntr_t cc;
        LAPI_Setcntr(h, &cc, 0);
        src[0] = 7;
        LAPI_Amsend(h, 1, data_hhs[1], NULL, 0, src, sizeof src, NULL, NULL, &cc); /* A(am-origin-store) */
        if (!bad)
            LAPI_Waitcntr(h, &cc, 1, NULL);
        src[0] = 8; /* B(am-origin-store) */
        if (bad)
            LAPI_Waitcntr(h, &cc, 1, NULL);
    }
}

/* Task 0 changes the user header of its active message before / after
 * the origin counter says LAPI has read it. */
static long uhdr_word;
static void am_uhdr_store(void)
{
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        uhdr_word = 7;
        LAPI_Amsend(h, 1, data_hhs[1], &uhdr_word, sizeof uhdr_word, NULL, 0, NULL, &oc, NULL); /* A(am-uhdr-store) */
        if (!bad)
            LAPI_Waitcntr(h, &oc, 1, NULL);
        uhdr_word = 8; /* B(am-uhdr-store) */
        if (bad)
            LAPI_Waitcntr(h, &oc, 1, NULL);
    }
}

/* A thread of task 1's program and its main thread both store one word;
 * the good twin joins the thread first. */
int exit_flag; /* (read at the end: its stores are kept) */
static void *store_flag(void *arg)
{
    (void)arg;
    exit_flag = 1; /* A(thread-store) */
    return NULL;
}

static void thread_store(void)
{
    if (me != 1)
        return;
    pthread_t t;
    pthread_create(&t, NULL, store_flag, NULL);
    if (!bad)
        pthread_join(t, NULL);
    usleep(10);
    exit_flag = 2; /* B(thread-store) */
    if (bad)
        pthread_join(t, NULL);
    printf("exit_flag %d\n", exit_flag);
}

/* A header handler sets a plain flag the program polls with LAPI_Probe:
 * a race in interrupt mode (bad), where the dispatcher runs beside the
 * program, but not in polling mode (good), where it runs inside the
 * Probe. */
static void polling_flag(void)
{
    if (!bad)
        LAPI_Senv(h, INTERRUPT_SET, 0);
    LAPI_Gfence(h);
    if (me == 0) {
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Amsend(h, 1, seen_hhs[1], NULL, 0, NULL, 0, NULL, &oc, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    if (me == 1)
        while (!hh_seen) /* B(polling-flag) */
            LAPI_Probe(h);
}

/* header-completion: the first message's completion handler (on the
 * completion thread) reads shared_word; the second message's header
 * handler (in the dispatcher) writes it. */
static long shared_word;
static void *read_hhs[MAX_TASKS], *write_hhs[MAX_TASKS];

void read_ch(lapi_handle_t *hp, void *info)
{
    (void)hp;
    (void)info;
    printf("shared_word=%ld\n", shared_word); /* A(header-completion) */
}

void *read_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
              compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    *comp = read_ch;
    *uinfo = NULL;
    return NULL;
}

void *write_hh(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
               compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    shared_word = 5; /* B(header-completion) */
    *comp = NULL;
    *uinfo = NULL;
    return NULL;
}

/* Task 0 sends task 1 a message whose completion handler reads a word,
 * then one whose header handler writes it: at once (bad; LAPI runs header
 * handlers beside the completion thread), or once the first message's
 * completion counter says its handler is done (good). */
static void header_completion(void)
{
    if (me != 0)
        return;
    lapi_cntr_t oc, cc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &cc, 0);
    LAPI_Amsend(h, 1, read_hhs[1], NULL, 0, NULL, 0, NULL, &oc, &cc);
    if (!bad)
        LAPI_Waitcntr(h, &cc, 1, NULL);
    LAPI_Amsend(h, 1, write_hhs[1], NULL, 0, NULL, 0, NULL, &oc, NULL);
    LAPI_Waitcntr(h, &oc, 2, NULL);
    if (bad) /* (cc is this frame's: LAPI moves it when the first handler is done) */
        LAPI_Waitcntr(h, &cc, 1, NULL);
}

static const struct {
    const char *name;
    void (*run)(void);
} cases[] = {
    {"put-load", put_load},     {"origin-store", origin_store},
    {"get-load", get_load},     {"put-put", put_put},
    {"put-same", put_same},     {"put-same-two", put_same_two},
    {"put-put-heap", put_put_heap},
    {"rmw-put", rmw_put},       {"fence-load", fence_load},
    {"completion-chain", completion_chain},
    {"handler-load", handler_load}, {"handler-flag", handler_flag},
    {"am-data-store", am_data_store}, {"polling-flag", polling_flag},
    {"am-origin-store", am_origin_store}, {"am-uhdr-store", am_uhdr_store},
    {"thread-store", thread_store},
    {"header-completion", header_completion},
};

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: lapi_races CASE bad|good\n");
        return 2;
    }
    bad = strcmp(argv[2], "bad") == 0;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Setcntr(h, &tc, 0);
    LAPI_Address_init(h, buf, bufs);
    LAPI_Address_init(h, src, srcs);
    LAPI_Address_init(h, &word, words);
    heap_word = calloc(1, sizeof *heap_word);
    LAPI_Address_init(h, heap_word, heap_words);
    LAPI_Address_init(h, &counter, counters);
    LAPI_Address_init(h, &tc, tcs);
    LAPI_Address_init(h, (void *)seen_hh, seen_hhs);
    LAPI_Address_init(h, (void *)data_hh, data_hhs);
    LAPI_Address_init(h, (void *)done_hh, done_hhs);
    LAPI_Address_init(h, (void *)read_hh, read_hhs);
    LAPI_Address_init(h, (void *)write_hh, write_hhs);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (strcmp(argv[1], cases[i].name) == 0) {
            cases[i].run();
            LAPI_Gfence(h);
            LAPI_Term(h);
            return 0;
        }
    fprintf(stderr, "lapi_races: no case '%s'\n", argv[1]);
    return 2;
}
