/* Wild target ranges (argv[1]): task 0 puts, gets or updates a range of
 * task 1's memory that is not one of its objects.  Each must be a
 * lapi-foreign-address finding naming the call and line, the transfer
 * dropped, and the run otherwise normal ("task N done").
 *   code     Put to a function's address plus an offset (NAS FT's bug)
 *   past     Put running from a global past the end of the program copy
 *   unmapped Get from an address nothing is mapped at
 *   rmw      Rmw on a function's address
 *   putv     Putv whose second target segment is in the code
 *   getv     Getv whose strided target runs past the end of the copy
 *   libcode  Put to the C library's code (mapped, but not writable) */
#include <lapi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

lapi_handle_t h;
long target_word;
void *words[2];

void some_function(void)
{
}

int main(int argc, char **argv)
{
    int me, n;
    const char *mode = argc > 1 ? argv[1] : "";
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Address_init(h, &target_word, words);
    static char big[1 << 16];
    lapi_cntr_t oc, cc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &cc, 0);
    if (me == 0 && n > 1) {
        char *fn = (char *)(uintptr_t)some_function;
        if (!strcmp(mode, "code"))
            LAPI_Put(h, 1, 64, fn + 16, big, NULL, &oc, &cc); /* @code */
        if (!strcmp(mode, "libcode"))
            LAPI_Put(h, 1, 64, (char *)(uintptr_t)strtol + 16, big, NULL, &oc, &cc); /* @libcode */
        if (!strcmp(mode, "past"))
            LAPI_Put(h, 1, sizeof big, (char *)words[1] + (64 << 20), big, NULL, &oc, &cc); /* @past */
        if (!strcmp(mode, "unmapped"))
            LAPI_Get(h, 1, 64, (void *)(uintptr_t)4096, big, NULL, &oc); /* @unmapped */
        if (!strcmp(mode, "putv") || !strcmp(mode, "getv")) {
            void *ta[2] = {words[1], fn + 16}, *oa[2] = {big, big + 64};
            ulong len[2] = {8, 64};
            lapi_vec_t tv = {LAPI_GEN_IOVECTOR, 2, ta, len}, ov = {LAPI_GEN_IOVECTOR, 2, oa, len};
            /* strided: base, block bytes, stride; 2 blocks, the second far away */
            void *ts[3] = {words[1], (void *)(uintptr_t)8, (void *)(uintptr_t)(64 << 20)};
            void *os[3] = {big, (void *)(uintptr_t)8, (void *)(uintptr_t)8};
            lapi_vec_t tstr = {LAPI_GEN_STRIDED_XFER, 2, ts, NULL};
            lapi_vec_t ostr = {LAPI_GEN_STRIDED_XFER, 2, os, NULL};
            if (!strcmp(mode, "putv"))
                LAPI_Putv(h, 1, &tv, &ov, NULL, &oc, &cc); /* @putv */
            else
                LAPI_Getv(h, 1, &tstr, &ostr, NULL, &oc); /* @getv */
        }
        if (!strcmp(mode, "rmw")) {
            int in = 1, prev;
            LAPI_Rmw(h, FETCH_AND_ADD, 1, (int *)(void *)fn, &in, &prev, &oc); /* @rmw */
        }
        if (strcmp(mode, "unmapped") && strcmp(mode, "rmw") && strcmp(mode, "getv"))
            LAPI_Waitcntr(h, &cc, 1, NULL);
        LAPI_Waitcntr(h, &oc, 1, NULL);
    }
    LAPI_Gfence(h);
    printf("task %d done, word %ld\n", me, target_word);
    LAPI_Term(h);
    return 0;
}
