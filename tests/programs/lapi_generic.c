/* LAPI_GEN_GENERIC transfers, checked against the two copy tables of the
 * LAPI_Amsendv page (seed 002), plus the case it states in words (more
 * room at the target than data).
 *
 * Task 0 sends origin vectors to task 1, once with LAPI_Putv (both vectors
 * described at the origin; the target buffers are globals, named by their
 * symmetric addresses) and once with LAPI_Amsendv (the target vector comes
 * from task 1's header handler).  Every origin byte encodes its buffer and
 * offset, every target byte starts as 0xff and each target buffer has a
 * guard after it, so task 1 can read back exactly which origin bytes went
 * where.  It prints the copy table it finds, one run per line:
 *   "N bytes from orgaddr_K+OFF to tgtaddr_J+OFF", then the origin bytes
 * never copied and the target bytes never written. */
#include <lapi.h>
#include <stdio.h>
#include <string.h>

#define MAXV 4
#define ROOM 16                      /* bytes per target buffer */
#define GUARD 4                      /* guard bytes after each */

typedef struct {
    int norg, ntgt;
    unsigned long org_len[MAXV], tgt_len[MAXV];
} case_t;

/* 1 and 2: the page's two examples; 3: target longer than origin. */
static const case_t cases[3] = {
    {3, 4, {5, 10, 5}, {12, 2, 4, 2}},
    {1, 2, {20}, {5, 10}},
    {2, 2, {3, 4}, {5, 5}},
};

unsigned char tgt_buf[MAXV][ROOM + GUARD];   /* target buffers, task 1 */
lapi_vec_t tgt_vec;
void *tgt_info[MAXV];
unsigned long tgt_lens[MAXV];
lapi_cntr_t tgt_cntr;

static void make_tgt_vec(const case_t *c)
{
    tgt_vec.vec_type = LAPI_GEN_GENERIC;
    tgt_vec.num_vecs = (uint)c->ntgt;
    tgt_vec.info = tgt_info;
    tgt_vec.len = tgt_lens;
    for (int j = 0; j < c->ntgt; j++) {
        tgt_info[j] = tgt_buf[j];
        tgt_lens[j] = c->tgt_len[j];
    }
}

lapi_vec_t *generic_hndlr(lapi_handle_t *h, void *uhdr, uint *uhdr_len, ulong *len_vec,
                          compl_hndlr_t **comp, void **uinfo)
{
    (void)h; (void)uhdr_len; (void)len_vec; (void)uinfo;
    long long which;
    memcpy(&which, uhdr, sizeof which);
    make_tgt_vec(&cases[which]);
    *comp = NULL;
    return &tgt_vec;
}

static void print_run(int n, int k, int ko, int j, int jo)
{
    printf("  %d byte%s from orgaddr_%d+%d to tgtaddr_%d+%d\n", n, n == 1 ? "" : "s", k, ko, j,
           jo);
}

/* Reads the target buffers back into a copy table. */
static int report(const case_t *c, const char *how, int which)
{
    int errors = 0, copied[MAXV][ROOM * 2] = {{0}};
    printf("table %d (%s):\n", which + 1, how);
    for (int j = 0; j < c->ntgt; j++) {
        int run = 0, k0 = 0, ko0 = 0, jo0 = 0;
        for (int p = 0; p <= (int)c->tgt_len[j]; p++) {
            int b = p < (int)c->tgt_len[j] ? tgt_buf[j][p] : 0xff;
            int k = b >> 5, ko = b & 31;
            if (run && (b == 0xff || k != k0 || ko != ko0 + run)) {
                print_run(run, k0, ko0, j, jo0);
                run = 0;
            }
            if (b == 0xff)
                continue;
            if (!run) {
                k0 = k;
                ko0 = ko;
                jo0 = p;
            }
            run++;
            copied[k][ko]++;
        }
        for (int p = (int)c->tgt_len[j]; p < ROOM + GUARD; p++)
            errors += tgt_buf[j][p] != 0xff; /* past the room LAPI was given */
    }
    for (int k = 0; k < c->norg; k++)
        for (int o = 0; o < (int)c->org_len[k]; o++) {
            errors += copied[k][o] > 1;
            if (!copied[k][o]) {
                int n = 0;
                while (o + n < (int)c->org_len[k] && !copied[k][o + n])
                    n++;
                printf("  not copied: %d bytes of orgaddr_%d from +%d\n", n, k, o);
                o += n;
            }
        }
    for (int j = 0; j < c->ntgt; j++)
        for (int p = 0; p < (int)c->tgt_len[j]; p++)
            if (tgt_buf[j][p] == 0xff) {
                int n = 0;
                while (p + n < (int)c->tgt_len[j] && tgt_buf[j][p + n] == 0xff)
                    n++;
                printf("  untouched: %d bytes of tgtaddr_%d from +%d\n", n, j, p);
                p += n;
            }
    if (errors)
        printf("  %d bytes written outside the target vector or twice\n", errors);
    return errors;
}

int main(void)
{
    lapi_handle_t h;
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    LAPI_Init(&h, &info);
    int me, n, errors = 0;
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    unsigned char org_buf[MAXV][ROOM * 2];
    for (int k = 0; k < MAXV; k++)
        for (int o = 0; o < ROOM * 2; o++)
            org_buf[k][o] = (unsigned char)(k << 5 | o);
    const char *how[2] = {"LAPI_Putv", "LAPI_Amsendv"};
    for (int which = 0; which < 3; which++)
        for (int mode = 0; mode < 2; mode++) {
            const case_t *c = &cases[which];
            memset(tgt_buf, 0xff, sizeof tgt_buf);
            LAPI_Setcntr(h, &tgt_cntr, 0);
            LAPI_Gfence(h);
            if (me == 0 && n > 1) {
                lapi_cntr_t cmpl;
                void *org_info[MAXV];
                lapi_vec_t ov = {LAPI_GEN_GENERIC, (uint)c->norg, org_info,
                                 (ulong *)c->org_len};
                for (int k = 0; k < c->norg; k++)
                    org_info[k] = org_buf[k];
                LAPI_Setcntr(h, &cmpl, 0);
                long long w = which;
                int rc;
                if (mode == 0) {
                    make_tgt_vec(c); /* task 0's copy: same addresses as task 1's */
                    rc = LAPI_Putv(h, 1, &tgt_vec, &ov, &tgt_cntr, NULL, &cmpl);
                } else {
                    rc = LAPI_Amsendv(h, 1, (void *)generic_hndlr, &w, sizeof w, &ov, &tgt_cntr,
                                      NULL, &cmpl);
                }
                if (rc != LAPI_SUCCESS) {
                    printf("%s returned %d\n", how[mode], rc);
                    errors++;
                }
                LAPI_Waitcntr(h, &cmpl, 1, NULL);
            }
            if (me == 1) {
                LAPI_Waitcntr(h, &tgt_cntr, 1, NULL);
                errors += report(c, how[mode], which);
            }
            LAPI_Gfence(h);
        }
    LAPI_Term(h);
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
