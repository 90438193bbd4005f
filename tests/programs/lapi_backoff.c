/* Interrupt mode: task 1 sends task 0 an active message whose header
 * handler sets a flag; task 0 polls the flag with an atomic load and a
 * growing back-off between reads, making no LAPI call, as ARMCI's
 * generic lock does.  The handler runs while task 0 computes, so task 0
 * prints "task 0 got the flag". */
#include <lapi.h>
#include <stdio.h>
#include <string.h>

static lapi_handle_t h;
static int flag;
static double work; /* the back-off's count: a global, as ARMCI's */

static void *on_header(lapi_handle_t *hd, void *uhdr, uint *uhdr_len, ulong *msg_len,
                       compl_hndlr_t **done, void **info)
{
    (void)hd, (void)uhdr, (void)uhdr_len, (void)msg_len, (void)info;
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    *done = NULL;
    return NULL;
}

int main(void)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    int me;
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Gfence(h);
    if (me == 1) {
        long word = 0;
        LAPI_Amsend(h, 0, (void *)on_header, &word, sizeof word, NULL, 0, NULL, NULL, NULL);
    } else if (me == 0) {
        for (long f = 1; !__atomic_load_n(&flag, __ATOMIC_ACQUIRE); f++)
            for (long i = 0; i < 1000 * f; i++)
                work += 1.0;
        printf("task 0 got the flag%s\n", work < 0 ? "?" : "");
    }
    LAPI_Gfence(h);
    LAPI_Term(h);
    return 0;
}
