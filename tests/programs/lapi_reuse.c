/* A block of private memory a transfer used, freed and handed out again
 * by the allocator, starts afresh: task 1's completion handler allocates a
 * block, Puts from it to task 0, waits until LAPI is done with it and
 * frees it; later task 1's program allocates a block of the same size
 * (the same one: a size nothing else asks for, and transfers of another)
 * and Gets into it.  The allocator orders the free before the allocation,
 * so the Get does not race with the Put.  Each prints the block's address,
 * so that a test can see they are the same block.  In C the blocks come
 * from malloc and go to free; lapi_reuse_new.cpp builds this file as C++,
 * where they come from new[] and go to delete[]. */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 125 /* longs: 1000 bytes */
#ifdef __cplusplus
#define NEW_BLOCK() (new long[BLOCK])
#define FREE_BLOCK(p) (delete[] (p))
#else
#define NEW_BLOCK() ((long *)malloc(BLOCK * sizeof(long)))
#define FREE_BLOCK(p) free(p)
#endif

static lapi_handle_t h;
static long sink[8], word[8];
static void *sinks[2], *words[2], *hhs[2];

static void send_from_a_block(lapi_handle_t *hp, void *uinfo)
{
    (void)hp;
    (void)uinfo;
    long *p = NEW_BLOCK();
    lapi_cntr_t oc;
    memset(p, 1, sizeof sink);
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Put(h, 0, sizeof sink, sinks[0], p, NULL, &oc, NULL);
    LAPI_Waitcntr(h, &oc, 1, NULL);
    printf("handler's block %p\n", (void *)p);
    FREE_BLOCK(p);
}

static void *header(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
                    compl_hndlr_t **comp, void **uinfo)
{
    (void)hp;
    (void)uhdr;
    (void)uhdr_len;
    (void)msg_len;
    *comp = send_from_a_block;
    *uinfo = NULL;
    return NULL;
}

int main(void)
{
    lapi_info_t info;
    int me;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Address_init(h, sink, sinks);
    LAPI_Address_init(h, word, words);
    LAPI_Address_init(h, (void *)header, hhs);
    if (me == 0) {
        long u = 0;
        LAPI_Amsend(h, 1, hhs[1], &u, sizeof u, NULL, 0, NULL, NULL, NULL);
    }
    LAPI_Gfence(h);
    if (me == 1) {
        usleep(1000); /* the handler is done by then; nothing else orders them */
        long *q = NEW_BLOCK();
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Get(h, 0, sizeof word, words[0], q, NULL, &oc);
        LAPI_Waitcntr(h, &oc, 1, NULL);
        printf("program's block %p\n", (void *)q);
        FREE_BLOCK(q);
    }
    LAPI_Gfence(h);
    LAPI_Term(h);
    return 0;
}
