/* Ping-pong and streaming bandwidth in the style of NetPIPE's LAPI module:
 * buffers and the target counter are exchanged with LAPI_Address_init,
 * data moves with LAPI_Put(tgt_cntr, org_cntr, cmpl_cntr), the sender
 * waits for its origin counter, and the receiver polls with LAPI_Probe +
 * LAPI_Getcntr until the target counter moves, then clears it with
 * LAPI_Waitcntr.  Tasks pair up (0-1, 2-3, ...; an odd last task only
 * joins the fences).  Every received message is checked byte by byte.
 *
 *   lapi_netpipe pingpong|stream [interrupt]
 * Polling mode unless "interrupt" is given.  Task 0 prints, per size, the
 * virtual one-way time (ping-pong) or the throughput (stream). */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXSIZE 65536
#define REPS 10
#define STREAM 16                  /* messages in flight per burst */
#define MAX_TASKS 1024

lapi_handle_t t_hndl;
lapi_cntr_t t_cntr;                /* bumped by the partner's Puts */
lapi_cntr_t l_cntr, c_cntr;        /* origin and completion counters */
void *global_addr[MAX_TASKS], *tgt_addr[MAX_TASKS];
int me, nbor, errors;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static unsigned char pattern(int from, int size, int rep, int i)
{
    return (unsigned char)(from * 7 + size * 3 + rep * 11 + i);
}

static void send_data(unsigned char *s_buff, int size, int rep, long offset)
{
    for (int i = 0; i < size; i++)
        s_buff[offset + i] = pattern(me, size, rep, i);
    LAPI_Put(t_hndl, (uint)nbor, (ulong)size, (char *)global_addr[nbor] + offset,
             s_buff + offset, tgt_addr[nbor], &l_cntr, &c_cntr);
    /* Wait for local Put completion */
    LAPI_Waitcntr(t_hndl, &l_cntr, 1, NULL);
}

/* Polling as NetPIPE does: Waitcntr alone need not make receive progress. */
static void recv_wait(int count)
{
    int val, cur;
    LAPI_Getcntr(t_hndl, &t_cntr, &val);
    while (val < count) {
        LAPI_Probe(t_hndl);
        LAPI_Getcntr(t_hndl, &t_cntr, &val);
    }
    LAPI_Waitcntr(t_hndl, &t_cntr, count, &cur);
}

static void check(const unsigned char *r_buff, int size, int rep, long offset)
{
    for (int i = 0; i < size; i++)
        if (r_buff[offset + i] != pattern(nbor, size, rep, i)) {
            if (errors++ < 5)
                printf("task %d: size %d rep %d byte %d is %d\n", me, size, rep, i,
                       r_buff[offset + i]);
        }
}

static void pingpong(unsigned char *s_buff, unsigned char *r_buff, int size)
{
    double t0 = now_us();
    for (int rep = 0; rep < REPS; rep++) {
        if (me < nbor) {
            send_data(s_buff, size, rep, 0);
            recv_wait(1);
            check(r_buff, size, rep, 0);
        } else {
            recv_wait(1);
            check(r_buff, size, rep, 0);
            send_data(s_buff, size, rep, 0);
        }
    }
    if (me == 0)
        printf("pingpong %6d bytes: %9.3f us one way\n", size, (now_us() - t0) / (2 * REPS));
}

/* STREAM Puts back to back into distinct slots, then one small Put back. */
static void stream(unsigned char *s_buff, unsigned char *r_buff, int size)
{
    double t0 = now_us();
    for (int rep = 0; rep < REPS; rep++) {
        if (me < nbor) {
            for (int k = 0; k < STREAM; k++)
                send_data(s_buff, size, rep * STREAM + k, (long)k * size);
            recv_wait(1);
        } else {
            recv_wait(STREAM);
            for (int k = 0; k < STREAM; k++)
                check(r_buff, size, rep * STREAM + k, (long)k * size);
            send_data(s_buff, 1, rep, 0);
        }
    }
    double us = now_us() - t0;
    if (me == 0)
        printf("stream   %6d bytes: %9.1f MB/s\n", size, (double)size * STREAM * REPS / us);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "pingpong";
    int interrupt = argc > 2 && strcmp(argv[2], "interrupt") == 0;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    if (!interrupt)
        info.protocol = LAPI_INTERRUPT_OFF;
    LAPI_Init(&t_hndl, &info);
    int n, im;
    LAPI_Qenv(t_hndl, TASK_ID, &me);
    LAPI_Qenv(t_hndl, NUM_TASKS, &n);
    LAPI_Qenv(t_hndl, INTERRUPT_SET, &im);
    if (im != interrupt) {
        printf("task %d: INTERRUPT_SET is %d\n", me, im);
        errors++;
    }
    nbor = me ^ 1;
    size_t bytes = (size_t)MAXSIZE * STREAM;
    unsigned char *s_buff = malloc(bytes), *r_buff = malloc(bytes);
    LAPI_Setcntr(t_hndl, &t_cntr, 0);
    LAPI_Setcntr(t_hndl, &l_cntr, 0);
    LAPI_Setcntr(t_hndl, &c_cntr, 0);
    /* Exchange buffer address and target counter address of every task */
    LAPI_Address_init(t_hndl, r_buff, global_addr);
    LAPI_Address_init(t_hndl, &t_cntr, tgt_addr);
    LAPI_Gfence(t_hndl);
    if (nbor < n) {
        for (int size = 1; size <= MAXSIZE; size *= 8) {
            if (strcmp(mode, "stream") == 0)
                stream(s_buff, r_buff, size);
            else
                pingpong(s_buff, r_buff, size);
        }
        /* Every Put completed at the partner. */
        int sent = strcmp(mode, "stream") == 0 ? (me < nbor ? STREAM : 1) * REPS * 6
                                                : REPS * 6;
        LAPI_Waitcntr(t_hndl, &c_cntr, sent, NULL);
    }
    LAPI_Gfence(t_hndl);
    int v;
    LAPI_Getcntr(t_hndl, &t_cntr, &v);
    errors += v != 0;
    LAPI_Term(t_hndl);
    free(s_buff);
    free(r_buff);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
