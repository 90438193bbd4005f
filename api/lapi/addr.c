/* api/lapi/addr: exchanging and registering addresses (Address,
 * Address_init, Address_init64, Addr_set, Addr_get).
 *
 * Address_init is an all-gather over the network: each task sends its
 * entry to every other one and waits for theirs.  Calls are collective and
 * made in the same order everywhere, so round r's entries are kept by the
 * parity of r: a task can only be one round ahead of another. */
#include "lapi_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void all_gather(lx_call_t *c, lapi_long_t mine, lapi_long_t *out)
{
    lx_task_t *t = c->t;
    int n = sim_npes(), me = t->id;
    if (!t->addr_in[0]) {
        t->addr_in[0] = sim_xcalloc((size_t)n, sizeof(lapi_long_t));
        t->addr_in[1] = sim_xcalloc((size_t)n, sizeof(lapi_long_t));
    }
    int r = t->addr_round++;
    for (int i = 1; i < n; i++) {
        sim_charge(sim_net_params()->overhead_ns);
        lx_t *x = lx_new(LX_ADDR, me, (me + i) % n);
        x->what = c->name;
        x->site = c->site;
        x->round = r;
        x->value = mine;
        lx_race_signal(x);
        lx_send(x, sizeof mine);
    }
    char why[160];
    snprintf(why, sizeof why, "%s (waiting for the entries of the other tasks)", c->name);
    while (t->addr_got[r & 1] < n - 1)
        lx_iwait(t, why);
    t->addr_got[r & 1] = 0;
    lx_race_gathered();
    t->addr_in[r & 1][me] = mine;
    memcpy(out, t->addr_in[r & 1], (size_t)n * sizeof *out);
}

int LAPI_Address_init(lapi_handle_t hndl, void *my_addr, void *add_tab[])
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Address_init", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS && !add_tab)
        rc = LAPI_ERR_ADDR_TBL_NULL;
    if (rc == LAPI_SUCCESS) {
        lapi_long_t *all = sim_xmalloc((size_t)sim_npes() * sizeof *all);
        all_gather(&c, (lapi_long_t)(uintptr_t)my_addr, all);
        for (int i = 0; i < sim_npes(); i++)
            add_tab[i] = (void *)(uintptr_t)all[i];
        free(all);
    }
    return lx_end(&c, rc);
}

int LAPI_Address_init64(lapi_handle_t hndl, lapi_long_t my_addr, lapi_long_t *add_tab)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Address_init64", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS && !add_tab)
        rc = LAPI_ERR_ADDR_TBL_NULL;
    if (rc == LAPI_SUCCESS)
        all_gather(&c, my_addr, add_tab);
    return lx_end(&c, rc);
}

/* Allowed before LAPI_Init. */
int LAPI_Address(void *my_addr, ulong *ret_addr)
{
    if (!my_addr)
        return LAPI_ERR_ORG_ADDR_NULL;
    if (!ret_addr)
        return LAPI_ERR_TGT_ADDR_NULL;
    *ret_addr = (ulong)(uintptr_t)my_addr;
    return LAPI_SUCCESS;
}

/* The table holds this task's own (live) code addresses; a message naming
 * index i runs the target's entry i. */
int LAPI_Addr_set(lapi_handle_t hndl, void *addr, int addr_hndl)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Addr_set", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && (addr_hndl < 1 || addr_hndl >= LX_ADDRTBL))
        rc = LAPI_ERR_ADDR_HNDL_RANGE;
    if (rc == LAPI_SUCCESS)
        c.t->addr_tab[addr_hndl] = addr;
    return lx_end(&c, rc);
}

int LAPI_Addr_get(lapi_handle_t hndl, void **addr, int addr_hndl)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Addr_get", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && (addr_hndl < 1 || addr_hndl >= LX_ADDRTBL))
        rc = LAPI_ERR_ADDR_HNDL_RANGE;
    if (rc == LAPI_SUCCESS && !addr)
        rc = LAPI_ERR_RET_PTR_NULL;
    if (rc == LAPI_SUCCESS)
        *addr = c.t->addr_tab[addr_hndl];
    return lx_end(&c, rc);
}
