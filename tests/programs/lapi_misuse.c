/* LAPI misuse the simulator must diagnose; argv[1] picks one.  Task 0
 * sends an active message (or a Put) to task 1 whose handler misbehaves.
 *
 *   blocking  header handler calls LAPI_Waitcntr (refused: LAPI_ERR_UNKNOWN)
 *   comm      header handler calls LAPI_Put (refused)
 *   sleep     header handler sleeps (abandoned, message discarded)
 *   inline    LAPI_LOCAL_STATE completion handler calls LAPI_Waitcntr
 *   notset    Addr_set index not registered at the target (error handler)
 *   nullbuf   header handler returns NULL for user data without burying
 *   mismatch  Amsendv target vector with another num_vecs (error handler)
 *   afterterm a Put reaches task 1 after its LAPI_Term (warning)
 *   amended   an active message reaches task 1 after it ended (warning)
 *   amterm    an active message reaches task 1 after its LAPI_Term and its
 *             end (warning)
 *   crash     header handler dereferences NULL
 *   deadlock  completion handler waits forever on a counter
 *   exit      completion handler calls exit(3)
 *   stackaddr task 0 names its own stack variable as task 1's Put target
 *   deadcntr  task 0's Put counts on counters in a function's frame, and
 *             the function returns before the Put completes
 *   deadorigin task 0 puts a value from a function's frame and returns
 *             before the origin counter moves, while a large Put keeps the
 *             port busy: the frame is reused before the data leaves
 *             (deadorigin-ok waits for the counter first)
 *   spin      task 1 polls a word nobody writes with plain loads (watchdog)
 *   ackafter  task 0 puts to task 1, waits only for the origin counter and
 *             ends: the Put's acknowledgement comes back to an ended task
 *   lostack   both tasks put to each other from one line; task 1 ends once
 *             its origin counter moves: task 0's data reaches it after its
 *             end (lost) and so does the acknowledgement of its own Put,
 *             two different warnings from the one site
 * Each task prints what its calls returned and "task N done". */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TASKS 1024

lapi_handle_t h;
int me, n;
const char *mode = "";
lapi_cntr_t tcntr, never;
int inner_rc = -1;
int data_buf[4];
int err_seen;

/* Puts data_buf to task 1 counting on counters in this frame, and
 * returns at once: the counters' frame is gone when the Put completes.
 * The counters sit at the bottom of a large frame, below what the calls
 * made after the return reach. */
__attribute__((noinline)) static void put_and_leave(void **bufs)
{
    struct {
        lapi_cntr_t org, cmpl;
        char pad[64 * 1024];
    } frame;
    for (int i = 0; i < 4; i++)
        data_buf[i] = 40 + i;
    LAPI_Setcntr(h, &frame.org, 0);
    LAPI_Setcntr(h, &frame.cmpl, 0);
    memset(frame.pad, 0, sizeof frame.pad);
    LAPI_Put(h, 1, sizeof data_buf, bufs[1], data_buf, NULL, &frame.org, &frame.cmpl);
}

/* TCGMSG's set_remote_flag: a Put of a by-value argument, and a return
 * that does not wait for the origin counter unless told to. */
static char big_buf[1 << 20];
long flag_word = 12345;
double busy_count;

__attribute__((noinline)) static void set_flag(long val, int wait)
{
    static lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Put(h, 1, sizeof val, &flag_word, &val, NULL, &oc, NULL);
    if (wait)
        LAPI_Waitcntr(h, &oc, 1, NULL);
}

__attribute__((noinline)) static long scribble(long x)
{
    volatile long junk[8];
    for (int i = 0; i < 8; i++)
        junk[i] = x * 1000 + i;
    return junk[3];
}

void on_error(lapi_handle_t *hp, int *code, lapi_err_t *type, int *task, int *src)
{
    (void)hp;
    char buf[LAPI_MAX_ERR_STRING];
    LAPI_Msg_string(*code, buf);
    printf("error handler on task %d: type %d, from task %d: %s\n", *task, (int)*type, *src, buf);
    err_seen++;
}

void compl_waits(lapi_handle_t *hp, void *info)
{
    (void)info;
    if (!strcmp(mode, "inline")) {
        inner_rc = LAPI_Waitcntr(*hp, &never, 1, NULL);
    } else if (!strcmp(mode, "deadlock")) {
        LAPI_Waitcntr(*hp, &never, 1, NULL);
    } else if (!strcmp(mode, "exit")) {
        printf("task %d: completion handler exits\n", me);
        exit(3);
    }
}

void *hdr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len, compl_hndlr_t **comp,
          void **uinfo)
{
    (void)uhdr; (void)uhdr_len; (void)msg_len;
    lapi_return_info_t *ri = (lapi_return_info_t *)msg_len;
    *comp = NULL;
    *uinfo = NULL;
    if (!strcmp(mode, "blocking"))
        inner_rc = LAPI_Waitcntr(*hp, &never, 1, NULL);
    if (!strcmp(mode, "comm"))
        inner_rc = LAPI_Put(*hp, 0, 4, data_buf, data_buf, NULL, NULL, NULL);
    if (!strcmp(mode, "sleep"))
        usleep(1);
    if (!strcmp(mode, "crash"))
        *(volatile int *)(ri->msg_len > 1000 ? (void *)ri : NULL) = 1;
    if (!strcmp(mode, "inline")) {
        ri->ret_flags = LAPI_LOCAL_STATE;
        *comp = compl_waits;
    }
    if (!strcmp(mode, "deadlock") || !strcmp(mode, "exit"))
        *comp = compl_waits;
    if (!strcmp(mode, "nullbuf"))
        return NULL;
    return data_buf;
}

lapi_vec_t tvec;
void *tinfo[3];
ulong tlen[3];

lapi_vec_t *vhdr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *len_vec,
                 compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)len_vec;
    *comp = NULL;
    *uinfo = NULL;
    tvec.vec_type = LAPI_GEN_IOVECTOR;
    tvec.num_vecs = 3; /* the origin sent 2 */
    tvec.info = tinfo;
    tvec.len = tlen;
    for (int i = 0; i < 3; i++) {
        tinfo[i] = &data_buf[i];
        tlen[i] = sizeof(int);
    }
    return &tvec;
}

/* The one Put line both tasks of lostack use. */
__attribute__((noinline)) static void put_to_peer(int peer, long *dst, long *src,
                                                  lapi_cntr_t *tgt, lapi_cntr_t *org)
{
    LAPI_Put(h, peer, sizeof *src, dst, src, tgt, org, NULL);
}

int main(int argc, char **argv)
{
    mode = argc > 1 ? argv[1] : "";
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    info.err_hndlr = on_error;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Setcntr(h, &tcntr, 0);
    LAPI_Setcntr(h, &never, 0);
    void *tc[MAX_TASKS], *bufs[MAX_TASKS];
    LAPI_Address_init(h, &tcntr, tc);
    LAPI_Address_init(h, data_buf, bufs);
    int payload[2] = {7, 8}, rc = LAPI_SUCCESS;
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    if (!strcmp(mode, "ackafter")) {
        LAPI_Setcntr(h, &tcntr, 0);
        LAPI_Gfence(h);
        if (me == 0) {
            static long v = 42;
            LAPI_Put(h, 1, sizeof v, &flag_word, &v, &tcntr, &oc, NULL);
            LAPI_Waitcntr(h, &oc, 1, NULL); /* the origin buffer is free; not complete */
        } else {
            LAPI_Waitcntr(h, &tcntr, 1, NULL);
            printf("task 1: flag %ld\n", flag_word);
        }
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "lostack")) {
        LAPI_Setcntr(h, &tcntr, 0);
        LAPI_Gfence(h);
        static long v;
        v = 50 + me;
        put_to_peer(1 - me, &flag_word, &v, (lapi_cntr_t *)tc[1 - me], &oc);
        LAPI_Waitcntr(h, &oc, 1, NULL); /* the origin buffer is free; not complete */
        if (me == 0) {
            LAPI_Waitcntr(h, &tcntr, 1, NULL);
            printf("task 0: flag %ld\n", flag_word);
        }
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "afterterm")) {
        LAPI_Gfence(h);
        if (me == 1) {
            LAPI_Term(h);
            usleep(1000); /* alive, but no longer a LAPI task */
            printf("task %d done\n", me);
            return 0;
        }
        usleep(100);
        rc = LAPI_Put(h, 1, sizeof payload, bufs[1], payload, NULL, &oc, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
        usleep(100);
        printf("task %d: Put returned %d\n", me, rc);
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "amended") || !strcmp(mode, "amterm")) {
        static char big[4096]; /* (a heap-sized copy in the simulator) */
        LAPI_Gfence(h);
        if (me == 1) {
            if (!strcmp(mode, "amterm"))
                LAPI_Term(h);
            printf("task %d done\n", me);
            return 0;
        }
        usleep(1000);
        rc = LAPI_Amsend(h, 1, (void *)hdr, NULL, 0, big, sizeof big, NULL, &oc, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
        printf("task %d: Amsend returned %d\n", me, rc);
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "deadcntr")) {
        if (me == 0)
            put_and_leave(bufs);
        LAPI_Gfence(h);
        printf("task %d: data %d %d\n", me, data_buf[0], data_buf[3]);
        LAPI_Term(h);
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "spin")) { /* (TCGMSG's wait: a busy count between the reads) */
        LAPI_Gfence(h);
        if (me == 1)
            while (flag_word == 12345)
                for (int i = 0; i < 100; i++)
                    busy_count++;
        LAPI_Gfence(h);
        LAPI_Term(h);
        return 0;
    }
    if (!strncmp(mode, "deadorigin", 10)) {
        if (me == 0) {
            LAPI_Put(h, 1, sizeof big_buf, big_buf, big_buf, NULL, NULL, NULL);
            set_flag(0, !strcmp(mode, "deadorigin-ok"));
            (void)scribble(7);
        }
        LAPI_Gfence(h);
        if (me == 1)
            printf("task 1: flag %ld\n", flag_word);
        LAPI_Term(h);
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "freed")) { /* the Get's buffer freed before its data came */
        if (me == 0) {
            long *got = malloc(sizeof big_buf);
            LAPI_Get(h, 1, sizeof big_buf, big_buf, got, NULL, &oc);
            free(got); /* @freed */
        }
        LAPI_Gfence(h);
        LAPI_Term(h);
        printf("task %d done\n", me);
        return 0;
    }
    if (!strcmp(mode, "stackaddr")) {
        long local = 5, v = 9;
        if (me == 0) {
            rc = LAPI_Put(h, 1, sizeof v, &local, &v, NULL, &oc, NULL);
            LAPI_Waitcntr(h, &oc, 1, NULL);
        }
        LAPI_Gfence(h);
        printf("task %d: Put returned %d; local %ld\n", me, rc, local);
        LAPI_Term(h);
        printf("task %d done\n", me);
        return 0;
    }
    if (me == 0) {
        if (!strcmp(mode, "notset")) {
            rc = LAPI_Amsend(h, 1, (void *)7, NULL, 0, payload, sizeof payload, tc[1], &oc, NULL);
        } else if (!strcmp(mode, "mismatch")) {
            void *oi[2] = {&payload[0], &payload[1]};
            ulong ol[2] = {sizeof(int), sizeof(int)};
            lapi_vec_t ov = {LAPI_GEN_IOVECTOR, 2, oi, ol};
            rc = LAPI_Amsendv(h, 1, (void *)vhdr, NULL, 0, &ov, tc[1], &oc, NULL);
        } else {
            rc = LAPI_Amsend(h, 1, (void *)hdr, NULL, 0, payload, sizeof payload, tc[1], &oc,
                             NULL);
        }
        printf("task 0: send returned %d\n", rc);
        LAPI_Waitcntr(h, &oc, 1, NULL);
        LAPI_Fence(h);
    }
    if (me == 1 && strcmp(mode, "notset") && strcmp(mode, "mismatch")) {
        LAPI_Waitcntr(h, &tcntr, 1, NULL);
        printf("task 1: handler's call returned %d; data %d %d\n", inner_rc, data_buf[0],
               data_buf[1]);
    }
    LAPI_Gfence(h);
    if (me == 1)
        printf("task 1: error handler calls %d; counter %d\n", err_seen, tcntr.cntr);
    LAPI_Term(h);
    printf("task %d done\n", me);
    return 0;
}
