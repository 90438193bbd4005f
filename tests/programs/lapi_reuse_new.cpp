// lapi_reuse.c's case with operator new and delete: a block a transfer
// used, deleted and handed out again by new starts afresh.  Task 1's
// completion handler news a block, Puts from it to task 0, waits until
// LAPI is done with it and deletes it; later task 1's program news a
// block of the same size (the same one: a size nothing else asks for, and
// transfers of another) and Gets into it.  The allocator orders the delete
// before the new, so the Get does not race with the Put.  Each prints the
// block's address, so that a test can see they are the same block.
#include <lapi.h>
#include <cstdio>
#include <cstring>
#include <unistd.h>

#define BLOCK 125 // longs: 1000 bytes
static lapi_handle_t h;
static long sink[8], word[8];
static void *sinks[2], *words[2], *hhs[2];

static void send_from_a_block(lapi_handle_t *, void *)
{
    long *p = new long[BLOCK];
    lapi_cntr_t oc;
    std::memset(p, 1, sizeof sink);
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Put(h, 0, sizeof sink, sinks[0], p, NULL, &oc, NULL);
    LAPI_Waitcntr(h, &oc, 1, NULL);
    std::printf("handler's block %p\n", (void *)p);
    delete[] p;
}

static void *header(lapi_handle_t *, void *, uint *, ulong *, compl_hndlr_t **comp,
                    void **uinfo)
{
    *comp = send_from_a_block;
    *uinfo = NULL;
    return NULL;
}

int main()
{
    lapi_info_t info;
    int me;
    std::memset(&info, 0, sizeof info);
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
        usleep(1000); // the handler is done by then; nothing else orders them
        long *q = new long[BLOCK];
        lapi_cntr_t oc;
        LAPI_Setcntr(h, &oc, 0);
        LAPI_Get(h, 0, sizeof word, words[0], q, NULL, &oc);
        LAPI_Waitcntr(h, &oc, 1, NULL);
        std::printf("program's block %p\n", (void *)q);
        delete[] q;
    }
    LAPI_Gfence(h);
    LAPI_Term(h);
    return 0;
}
