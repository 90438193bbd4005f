/* A distributed counter and friends with LAPI_Rmw and LAPI_Rmw64.
 *
 * Every task takes K tickets from a 64-bit counter on task 0 with
 * FETCH_AND_ADD (64-bit, an increment past 2^32 included), ORs its bit
 * into a 32-bit word on the last task with FETCH_AND_OR, SWAPs its number
 * into a slot on task 0, and runs a COMPARE_AND_SWAP election on task 0.
 * Tickets are sent to task 0 with LAPI_Put; task 0 checks that they are
 * exactly 0..n*K-1 once each, that the counter ended at n*K (+ the big
 * increment), the OR word has every task's bit, the swapped values form a
 * chain through every task, and exactly one task won the election (TRUE)
 * while the others saw FALSE.  Prints "task N ok" or the errors. */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K 8
#define MAX_TASKS 1024

long long counter;                    /* on task 0 */
int orword;                           /* on the last task */
int slot = -1;                        /* on task 0: SWAP target */
int leader;                           /* on task 0: 0 until elected */
long long tickets[MAX_TASKS * K];     /* on task 0 */
int swapped[MAX_TASKS];               /* on task 0: what each task's SWAP returned */
int won[MAX_TASKS];                   /* on task 0: each task's CAS result */
lapi_cntr_t got;                      /* on task 0: Puts received */

int main(void)
{
    lapi_handle_t h;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    int me, n, errors = 0;
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    lapi_cntr_t oc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &got, 0);
    LAPI_Gfence(h);

    long long mine[K], one = 1;
    for (int k = 0; k < K; k++)
        LAPI_Rmw64(h, FETCH_AND_ADD, 0, &counter, &one, &mine[k], &oc);
    LAPI_Waitcntr(h, &oc, K, NULL);
    if (me == n - 1) { /* prev_tgt_val may be NULL */
        long long big = 1LL << 33;
        LAPI_Rmw64(h, FETCH_AND_ADD, 0, &counter, &big, NULL, &oc);
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    int bit = 1 << (me % 31), prev_or;
    LAPI_Rmw(h, FETCH_AND_OR, (uint)(n - 1), &orword, &bit, &prev_or, &oc);
    int id = me, prev_slot;
    LAPI_Rmw(h, SWAP, 0, &slot, &id, &prev_slot, &oc);
    int cas[2] = {0, me + 1}, res = -1;
    LAPI_Rmw(h, COMPARE_AND_SWAP, 0, &leader, cas, &res, &oc);
    LAPI_Waitcntr(h, &oc, 3, NULL);
    if (res != TRUE && res != FALSE) {
        printf("task %d: COMPARE_AND_SWAP gave %d\n", me, res);
        errors++;
    }
    LAPI_Put(h, 0, sizeof mine, &tickets[me * K], mine, &got, &oc, NULL);
    LAPI_Put(h, 0, sizeof prev_slot, &swapped[me], &prev_slot, &got, &oc, NULL);
    LAPI_Put(h, 0, sizeof res, &won[me], &res, &got, &oc, NULL);
    LAPI_Waitcntr(h, &oc, 3, NULL);

    if (me == 0) {
        LAPI_Waitcntr(h, &got, 3 * n, NULL);
        char *seen = calloc((size_t)n * K, 1);
        for (int i = 0; i < n * K; i++) {
            if (tickets[i] < 0 || tickets[i] >= (long long)n * K || seen[tickets[i]]++) {
                printf("ticket %lld twice or out of range\n", tickets[i]);
                errors++;
            }
        }
        free(seen);
        if (counter != (long long)n * K + (1LL << 33)) {
            printf("counter %lld\n", counter);
            errors++;
        }
        /* SWAP: following "who replaced whom" from the final value back to
         * -1 visits every task once. */
        int steps = 0;
        for (int v = slot; v != -1 && steps <= n; steps++)
            v = swapped[v];
        int winners = 0;
        for (int i = 0; i < n; i++)
            winners += won[i] == TRUE;
        if (steps != n || winners != 1 || leader < 1 || leader > n || won[leader - 1] != TRUE) {
            printf("swap chain %d, winners %d, leader %d\n", steps, winners, leader);
            errors++;
        }
    }
    LAPI_Gfence(h);
    if (me == n - 1) {
        int want = 0;
        for (int i = 0; i < n; i++)
            want |= 1 << (i % 31);
        if (orword != want) {
            printf("or word %x, expected %x\n", orword, want);
            errors++;
        }
    }
    LAPI_Term(h);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
