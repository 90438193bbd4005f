/* api/fortran/lapi_f: the Fortran bindings of LAPI's 31 routines
 * (include 'lapif.h').  Each calls the C routine and stores its return code
 * in the last argument, ierror.
 *
 * Arguments follow the Fortran synopses of the LAPI pages:
 *   - handles, task numbers, lengths of headers, counter values: INTEGER;
 *   - byte counts (len, udata_len): INTEGER(KIND=LAPI_LONG_TYPE);
 *   - addresses in another task or in this one (tgt_addr, tgt_cntr,
 *     tgt_vec, tgt_var, my_addr of Address_init, ret_addr, add_tab):
 *     INTEGER(KIND=LAPI_ADDR_TYPE) values, as LAPI_ADDRESS returns them;
 *   - local objects (org_addr, udata, uhdr, org_vec, counters, in_val,
 *     prev_tgt_val, the info structures): the object itself, by reference,
 *     or LAPI_ADDR_NULL for "none";
 *   - handler addresses (hdr_hdl, LAPI_ADDR_SET's addr): the procedure
 *     itself, or an INTEGER(KIND=LAPI_ADDR_TYPE) variable holding an
 *     address from LAPI_ADDRESS or a LAPI_ADDR_SET index.
 * LAPI_GET's page types org_addr as an address value; shmemsim takes the
 * buffer itself, as LAPI_PUT does.
 *
 * LAPI_ADDR_NULL is an INTEGER(KIND=LAPI_ADDR_TYPE) variable of value 0 in
 * the COMMON block /LAPIFNUL/ that lapif.h declares, so a binding can tell
 * it from a real object by its address (as MPI's Fortran bindings tell
 * MPI_BOTTOM apart): an object argument at that address is NULL. */
#include "fortran.h"
#include "loader.h"

#include <dlfcn.h>
#include <elf.h>
#include <lapi.h>
#include <link.h>
#include <string.h>

/* ---- marking the call ---- */

/* Enters call name for the calling context, if there is one. */
static int lf_enter(const char *name, const void *site)
{
    if (!sim_world_up() || !sim_pe_self())
        return 0;
    sim_call_enter(name, site);
    return 1;
}

#define LF_ENTER(name) int entered_ = lf_enter(name, __builtin_return_address(0))
#define LF_LEAVE()             \
    do {                       \
        if (entered_)          \
            sim_call_leave();  \
    } while (0)
/* The whole body of a binding: calls expr, stores its code in *ierror. */
#define LF_CALL(name, expr)    \
    do {                       \
        LF_ENTER(name);        \
        *ierror = (expr);      \
        LF_LEAVE();            \
    } while (0)

/* ---- argument conversions ---- */

/* The COMMON block of LAPI_ADDR_NULL in the program: offset in a copy, or
 * none; looked up once per run. */
static const sim_world_t *null_world;
static int null_found;
static size_t null_off;

/* p, or NULL when p is the calling task's LAPI_ADDR_NULL. */
static void *obj(void *p)
{
    if (!p || !sim_loader())
        return p;
    if (null_world != sim_world_key()) {
        size_t size;
        null_world = sim_world_key();
        null_found = sim_loader_symbol(sim_loader(), "lapifnul_", &null_off, &size) == 0;
    }
    size_t off;
    int owner = sim_loader_find(sim_loader(), p, &off);
    return null_found && owner >= 0 && off == null_off ? NULL : p;
}

/* An address passed as an INTEGER(KIND=LAPI_ADDR_TYPE) value. */
static void *addr_value(const int64_t *v)
{
    return (void *)(intptr_t)*v;
}

/* A handler argument: the procedure itself (p is the start of a function
 * of the program), else the address or index in the integer at p. */
static void *handler(const void *p)
{
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (dladdr1(p, &info, (void **)&sym, RTLD_DL_SYMENT) && sym && info.dli_saddr == p &&
        ELF64_ST_TYPE(sym->st_info) == STT_FUNC)
        return (void *)p;
    return obj((void *)p) ? addr_value(p) : NULL;
}

/* ---- setup and environment ---- */

void lapi_init_(lapi_handle_t *hndl, lapi_info_t *info, f_int *ierror)
{
    LF_CALL("LAPI_INIT", LAPI_Init(obj(hndl), obj(info)));
}

void lapi_term_(const f_int *hndl, f_int *ierror)
{
    LF_CALL("LAPI_TERM", LAPI_Term((lapi_handle_t)*hndl));
}

void lapi_qenv_(const f_int *hndl, const f_int *query, f_int *ret_val, f_int *ierror)
{
    LF_CALL("LAPI_QENV", LAPI_Qenv((lapi_handle_t)*hndl, (lapi_query_t)*query, obj(ret_val)));
}

void lapi_senv_(const f_int *hndl, const f_int *query, const f_int *set_val, f_int *ierror)
{
    LF_CALL("LAPI_SENV", LAPI_Senv((lapi_handle_t)*hndl, (lapi_query_t)*query, *set_val));
}

/* buf is CHARACTER*(LAPI_MAX_ERR_STRING): the text, blank padded. */
void lapi_msg_string_(const f_int *code, char *buf, f_int *ierror)
{
    char text[LAPI_MAX_ERR_STRING] = "";
    char *out = obj(buf);
    LF_ENTER("LAPI_MSG_STRING");
    *ierror = LAPI_Msg_string(*code, out ? text : NULL);
    if (out)
        f_set_string(out, LAPI_MAX_ERR_STRING, text);
    LF_LEAVE();
}

void lapi_util_(const f_int *hndl, lapi_util_t *util, f_int *ierror)
{
    LF_CALL("LAPI_UTIL", LAPI_Util((lapi_handle_t)*hndl, obj(util)));
}

/* ---- data transfer ---- */

void lapi_put_(const f_int *hndl, const f_int *tgt, const int64_t *len, const int64_t *tgt_addr,
               void *org_addr, const int64_t *tgt_cntr, lapi_cntr_t *org_cntr,
               lapi_cntr_t *cmpl_cntr, f_int *ierror)
{
    LF_CALL("LAPI_PUT", LAPI_Put((lapi_handle_t)*hndl, (uint)*tgt, (ulong)*len,
                                 addr_value(tgt_addr), obj(org_addr), addr_value(tgt_cntr),
                                 obj(org_cntr), obj(cmpl_cntr)));
}

void lapi_get_(const f_int *hndl, const f_int *tgt, const int64_t *len, const int64_t *tgt_addr,
               void *org_addr, const int64_t *tgt_cntr, lapi_cntr_t *org_cntr, f_int *ierror)
{
    LF_CALL("LAPI_GET", LAPI_Get((lapi_handle_t)*hndl, (uint)*tgt, (ulong)*len,
                                 addr_value(tgt_addr), obj(org_addr), addr_value(tgt_cntr),
                                 obj(org_cntr)));
}

void lapi_putv_(const f_int *hndl, const f_int *tgt, const int64_t *tgt_vec, lapi_vec_t *org_vec,
                const int64_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr,
                f_int *ierror)
{
    LF_CALL("LAPI_PUTV", LAPI_Putv((lapi_handle_t)*hndl, (uint)*tgt, addr_value(tgt_vec),
                                   obj(org_vec), addr_value(tgt_cntr), obj(org_cntr),
                                   obj(cmpl_cntr)));
}

void lapi_getv_(const f_int *hndl, const f_int *tgt, const int64_t *tgt_vec, lapi_vec_t *org_vec,
                const int64_t *tgt_cntr, lapi_cntr_t *org_cntr, f_int *ierror)
{
    LF_CALL("LAPI_GETV", LAPI_Getv((lapi_handle_t)*hndl, (uint)*tgt, addr_value(tgt_vec),
                                   obj(org_vec), addr_value(tgt_cntr), obj(org_cntr)));
}

void lapi_amsend_(const f_int *hndl, const f_int *tgt, const void *hdr_hdl, void *uhdr,
                  const f_int *uhdr_len, void *udata, const int64_t *udata_len,
                  const int64_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr,
                  f_int *ierror)
{
    LF_CALL("LAPI_AMSEND", LAPI_Amsend((lapi_handle_t)*hndl, (uint)*tgt, handler(hdr_hdl),
                                       obj(uhdr), (uint)*uhdr_len, obj(udata), (ulong)*udata_len,
                                       addr_value(tgt_cntr), obj(org_cntr), obj(cmpl_cntr)));
}

void lapi_amsendv_(const f_int *hndl, const f_int *tgt, const void *hdr_hdl, void *uhdr,
                   const f_int *uhdr_len, lapi_vec_t *org_vec, const int64_t *tgt_cntr,
                   lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr, f_int *ierror)
{
    LF_CALL("LAPI_AMSENDV", LAPI_Amsendv((lapi_handle_t)*hndl, (uint)*tgt, handler(hdr_hdl),
                                         obj(uhdr), (uint)*uhdr_len, obj(org_vec),
                                         addr_value(tgt_cntr), obj(org_cntr), obj(cmpl_cntr)));
}

void lapi_rmw_(const f_int *hndl, const f_int *op, const f_int *tgt, const int64_t *tgt_var,
               int *in_val, int *prev_tgt_val, lapi_cntr_t *org_cntr, f_int *ierror)
{
    LF_CALL("LAPI_RMW", LAPI_Rmw((lapi_handle_t)*hndl, (RMW_ops_t)*op, (uint)*tgt,
                                 addr_value(tgt_var), obj(in_val), obj(prev_tgt_val),
                                 obj(org_cntr)));
}

void lapi_rmw64_(const f_int *hndl, const f_int *op, const f_int *tgt, const int64_t *tgt_var,
                 long long *in_val, long long *prev_tgt_val, lapi_cntr_t *org_cntr,
                 f_int *ierror)
{
    LF_CALL("LAPI_RMW64", LAPI_Rmw64((lapi_handle_t)*hndl, (RMW_ops_t)*op, (uint)*tgt,
                                     addr_value(tgt_var), obj(in_val), obj(prev_tgt_val),
                                     obj(org_cntr)));
}

/* xfer_cmd is one of lapif.h's LAPI_GET_T, LAPI_PUT_T, LAPI_AM_T, ...,
 * laid out as the C union member of its type. */
void lapi_xfer_(const f_int *hndl, lapi_xfer_t *xfer_cmd, f_int *ierror)
{
    LF_CALL("LAPI_XFER", LAPI_Xfer((lapi_handle_t)*hndl, obj(xfer_cmd)));
}

/* ---- counters and progress ---- */

void lapi_getcntr_(const f_int *hndl, lapi_cntr_t *cntr, f_int *val, f_int *ierror)
{
    LF_CALL("LAPI_GETCNTR", LAPI_Getcntr((lapi_handle_t)*hndl, obj(cntr), obj(val)));
}

void lapi_setcntr_(const f_int *hndl, lapi_cntr_t *cntr, const f_int *val, f_int *ierror)
{
    LF_CALL("LAPI_SETCNTR", LAPI_Setcntr((lapi_handle_t)*hndl, obj(cntr), *val));
}

void lapi_setcntr_wstatus_(const f_int *hndl, lapi_cntr_t *cntr, const f_int *num_dest,
                           uint *dest_list, int *dest_status, f_int *ierror)
{
    LF_CALL("LAPI_SETCNTR_WSTATUS", LAPI_Setcntr_wstatus((lapi_handle_t)*hndl, obj(cntr),
                                                         *num_dest, obj(dest_list),
                                                         obj(dest_status)));
}

void lapi_waitcntr_(const f_int *hndl, lapi_cntr_t *cntr, const f_int *val, f_int *cur_cntr_val,
                    f_int *ierror)
{
    LF_CALL("LAPI_WAITCNTR", LAPI_Waitcntr((lapi_handle_t)*hndl, obj(cntr), *val,
                                           obj(cur_cntr_val)));
}

void lapi_nopoll_wait_(const f_int *hndl, lapi_cntr_t *cntr, const f_int *val,
                       f_int *cur_cntr_val, f_int *ierror)
{
    LF_CALL("LAPI_NOPOLL_WAIT", LAPI_Nopoll_wait((lapi_handle_t)*hndl, obj(cntr), *val,
                                                 obj(cur_cntr_val)));
}

void lapi_probe_(const f_int *hndl, f_int *ierror)
{
    LF_CALL("LAPI_PROBE", LAPI_Probe((lapi_handle_t)*hndl));
}

void lapi_msgpoll_(const f_int *hndl, const f_int *cnt, lapi_msg_info_t *info, f_int *ierror)
{
    LF_CALL("LAPI_MSGPOLL", LAPI_Msgpoll((lapi_handle_t)*hndl, (uint)*cnt, obj(info)));
}

void lapi_fence_(const f_int *hndl, f_int *ierror)
{
    LF_CALL("LAPI_FENCE", LAPI_Fence((lapi_handle_t)*hndl));
}

void lapi_gfence_(const f_int *hndl, f_int *ierror)
{
    LF_CALL("LAPI_GFENCE", LAPI_Gfence((lapi_handle_t)*hndl));
}

void lapi_purge_totask_(const f_int *hndl, const f_int *dest, f_int *ierror)
{
    LF_CALL("LAPI_PURGE_TOTASK", LAPI_Purge_totask((lapi_handle_t)*hndl, (css_task_t)*dest));
}

void lapi_resume_totask_(const f_int *hndl, const f_int *dest, f_int *ierror)
{
    LF_CALL("LAPI_RESUME_TOTASK", LAPI_Resume_totask((lapi_handle_t)*hndl, (css_task_t)*dest));
}

/* ---- addresses ---- */

/* my_addr is any object or procedure; ret_addr gets its address. */
void lapi_address_(void *my_addr, int64_t *ret_addr, f_int *ierror)
{
    LF_CALL("LAPI_ADDRESS", LAPI_Address(obj(my_addr), (ulong *)obj(ret_addr)));
}

void lapi_address_init_(const f_int *hndl, const int64_t *my_addr, int64_t *add_tab,
                        f_int *ierror)
{
    LF_CALL("LAPI_ADDRESS_INIT", LAPI_Address_init((lapi_handle_t)*hndl, addr_value(my_addr),
                                                   (void **)obj(add_tab)));
}

void lapi_address_init64_(const f_int *hndl, const int64_t *my_addr, int64_t *add_tab,
                          f_int *ierror)
{
    LF_CALL("LAPI_ADDRESS_INIT64", LAPI_Address_init64((lapi_handle_t)*hndl,
                                                       (lapi_long_t)*my_addr,
                                                       (lapi_long_t *)obj(add_tab)));
}

void lapi_addr_set_(const f_int *hndl, const void *addr, const f_int *addr_hndl, f_int *ierror)
{
    LF_CALL("LAPI_ADDR_SET", LAPI_Addr_set((lapi_handle_t)*hndl, handler(addr), *addr_hndl));
}

/* addr gets the address registered at addr_hndl. */
void lapi_addr_get_(const f_int *hndl, int64_t *addr, const f_int *addr_hndl, f_int *ierror)
{
    LF_CALL("LAPI_ADDR_GET", LAPI_Addr_get((lapi_handle_t)*hndl, (void **)obj(addr),
                                           *addr_hndl));
}
