/* api/lapi/errors: the text of every LAPI return code (LAPI_Msg_string)
 * and the names used in findings.  One table, from one X-macro list. */
#include "lapi_impl.h"

#include <stdio.h>
#include <string.h>

#define LX_ERRORS(X)                                                                        \
    X(LAPI_SUCCESS, "Successful completion.")                                             \
    X(LAPI_ERR_UNKNOWN, "An unknown or internal error occurred (also: a LAPI call that "   \
      "is not allowed in a header handler).")                                             \
    X(LAPI_ERR_ALL_HNDL_IN_USE, "All LAPI handles are in use: LAPI_Init was already "      \
      "called on this task.")                                                             \
    X(LAPI_ERR_BOTH_NETSTR_SET, "Both network strings are set in the environment.")        \
    X(LAPI_ERR_CKPT_LOAD_FAILED, "The checkpoint library could not be loaded.")            \
    X(LAPI_ERR_CSS_LOAD_FAILED, "The communication subsystem library could not be "        \
      "loaded.")                                                                          \
    X(LAPI_ERR_INFO_NULL, "The lapi_info pointer passed to LAPI_Init is NULL.")            \
    X(LAPI_ERR_MSG_API, "The message-passing API environment setting is not valid.")       \
    X(LAPI_ERR_NO_NETSTR_SET, "No network string is set in the environment.")              \
    X(LAPI_ERR_NO_UDP_HNDLR, "Standalone start-up information was given without a UDP "    \
      "handler or address list.")                                                         \
    X(LAPI_ERR_HDR_HNDLR_NULL, "The header handler is NULL (or no handler is registered "  \
      "at the index used).")                                                              \
    X(LAPI_ERR_PSS_NON_ROOT, "This operation needs root authority.")                       \
    X(LAPI_WARN_PARM_NULL, "A parameter is NULL (warning).")                               \
    X(LAPI_ERR_SHM_KE_NOT_LOADED, "The shared-memory kernel extension is not loaded.")     \
    X(LAPI_ERR_TIMEOUT, "A communication timeout occurred.")                               \
    X(LAPI_ERR_REG_TIMER, "A timer could not be registered.")                              \
    X(LAPI_ERR_UDP_PKT_SZ, "The UDP packet size is not valid.")                            \
    X(LAPI_ERR_USER_UDP_HNDLR_FAIL, "The user's UDP handler failed.")                      \
    X(LAPI_ERR_HNDL_INVALID, "The LAPI handle is not valid (not initialized or "           \
      "terminated).")                                                                     \
    X(LAPI_ERR_RET_PTR_NULL, "The pointer for a returned value is NULL.")                  \
    X(LAPI_ERR_ADDR_HNDL_RANGE, "The address handle is outside 1 .. LOC_ADDRTBL_SZ-1.")    \
    X(LAPI_ERR_ADDR_TBL_NULL, "The address table is NULL.")                                \
    X(LAPI_ERR_TGT_PURGED, "The target task was purged with LAPI_Purge_totask.")           \
    X(LAPI_ERR_MULTIPLE_WAITERS, "Another thread is already waiting on this counter.")     \
    X(LAPI_ERR_MEMORY_EXHAUSTED, "LAPI could not allocate memory.")                        \
    X(LAPI_ERR_INFO_NONZERO, "A reserved field of lapi_info_t is not zero.")               \
    X(LAPI_ERR_ORG_ADDR_NULL, "The origin address is NULL while the length is not 0.")     \
    X(LAPI_ERR_TGT_ADDR_NULL, "The target address is NULL while the length is not 0.")     \
    X(LAPI_ERR_DATA_LEN, "The data length is greater than LAPI_MAX_MSG_SZ (or the "        \
      "limit of this transfer).")                                                         \
    X(LAPI_ERR_TGT, "The target task is outside 0 .. NUM_TASKS-1.")                        \
    X(LAPI_ERR_UHDR_NULL, "The user header is NULL while uhdr_len is not 0.")              \
    X(LAPI_ERR_UHDR_LEN, "uhdr_len is greater than MAX_UHDR_SZ or not a multiple of the "  \
      "doubleword size.")                                                                 \
    X(LAPI_ERR_HDR_LEN, "uhdr_len is not a multiple of the doubleword size.")              \
    X(LAPI_ERR_ORG_EXTENT, "The origin vector's extent (stride * num_vecs) is greater "    \
      "than LAPI_MAX_MSG_SZ.")                                                            \
    X(LAPI_ERR_ORG_STRIDE, "The origin vector's stride is less than its block size.")      \
    X(LAPI_ERR_NO_CONNECTIVITY, "There is no connectivity to the target.")                 \
    X(LAPI_ERR_ADAPTERS_DOWN, "All adapters are down.")                                    \
    X(LAPI_ERR_RECV_INCOMP, "A receive did not complete.")                                 \
    X(LAPI_ERR_SEND_INCOMP, "A send did not complete.")                                    \
    X(LAPI_ERR_SEND_TIMEOUT, "A send timed out.")                                          \
    X(LAPI_ERR_SHM_SETUP, "Shared memory could not be set up.")                            \
    X(LAPI_ERR_ORG_VEC_ADDR, "An origin vector address (info[i]) is NULL while its "       \
      "length is not 0.")                                                                 \
    X(LAPI_ERR_ORG_VEC_LEN, "The sum of the origin vector's lengths is greater than "      \
      "LAPI_MAX_MSG_SZ.")                                                                 \
    X(LAPI_ERR_ORG_VEC_NULL, "The origin vector is NULL.")                                 \
    X(LAPI_ERR_ORG_VEC_TYPE, "The origin vector's type is not valid.")                     \
    X(LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL, "The strided origin vector's base address "       \
      "(info[0]) is NULL.")                                                               \
    X(LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL, "The strided target vector's base address "       \
      "(info[0]) is NULL.")                                                               \
    X(LAPI_ERR_TGT_EXTENT, "The target vector's extent (stride * num_vecs) is greater "    \
      "than LAPI_MAX_MSG_SZ.")                                                            \
    X(LAPI_ERR_TGT_STRIDE, "The target vector's stride is less than its block size.")      \
    X(LAPI_ERR_TGT_VEC_ADDR, "A target vector address (info[i]) is NULL while its length " \
      "is not 0.")                                                                        \
    X(LAPI_ERR_TGT_VEC_LEN, "The sum of the target vector's lengths is greater than "      \
      "LAPI_MAX_MSG_SZ.")                                                                 \
    X(LAPI_ERR_CKPT, "A checkpoint error occurred.")                                       \
    X(LAPI_ERR_TGT_VEC_NULL, "The target vector is NULL.")                                 \
    X(LAPI_ERR_TGT_VEC_TYPE, "The target vector's type is not valid.")                     \
    X(LAPI_ERR_VEC_NUM_DIFF, "The origin and target vectors have different num_vecs.")     \
    X(LAPI_ERR_VEC_TYPE_DIFF, "The origin and target vectors have different types.")       \
    X(LAPI_ERR_VEC_LEN_DIFF, "The origin and target vectors have different lengths.")      \
    X(LAPI_ERR_MSG_INFO_NULL, "The lapi_msg_info_t pointer is NULL.")                      \
    X(LAPI_ERR_POLLING_NET, "Another thread of this task is already polling the network.") \
    X(LAPI_ERR_CNTR_NULL, "The counter pointer is NULL.")                                  \
    X(LAPI_ERR_CNTR_VAL, "The counter value is not valid (it must be greater than 0).")    \
    X(LAPI_ERR_QUERY_TYPE, "The query type is not valid for this call.")                   \
    X(LAPI_ERR_IN_VAL_NULL, "The in_val pointer is NULL.")                                 \
    X(LAPI_ERR_RMW_OP, "The read-modify-write operation is not valid.")                    \
    X(LAPI_ERR_TGT_VAR_NULL, "The target variable address is NULL.")                       \
    X(LAPI_ERR_SET_VAL, "The value is outside the range allowed for this setting.")        \
    X(LAPI_ERR_DGSP, "The DGSP handle is not valid.")                                      \
    X(LAPI_ERR_DGSP_ATOM, "The DGSP atom size is not valid.")                              \
    X(LAPI_ERR_DGSP_BRANCH, "A DGSP branch is not valid.")                                 \
    X(LAPI_ERR_DGSP_CTL, "A DGSP control instruction is not valid.")                       \
    X(LAPI_ERR_DGSP_COPY_SZ, "A DGSP copy size is not valid.")                             \
    X(LAPI_ERR_DGSP_FREE, "The DGSP was freed or is not reserved.")                        \
    X(LAPI_ERR_DGSP_OPC, "A DGSP opcode is not valid.")                                    \
    X(LAPI_ERR_DGSP_REPS, "A DGSP repetition count is not valid.")                         \
    X(LAPI_ERR_DGSP_STACK, "The DGSP stack depth is exceeded.")                            \
    X(LAPI_ERR_OP_SZ, "The read-modify-write operand size is not 32 or 64.")               \
    X(LAPI_ERR_UDP_PORT_INFO, "The UDP address list does not have one entry per task.")    \
    X(LAPI_ERR_XFER_CMD, "The LAPI_Xfer command type is not valid or not supported.")      \
    X(LAPI_ERR_UTIL_CMD, "The LAPI_Util command type is not valid or not supported.")      \
    X(LAPI_ERR_CATALOG_FAIL, "The message catalog could not be opened.")                   \
    X(LAPI_ERR_PACK_SZ, "The DGSP pack buffer is too small.")                              \
    X(LAPI_ERR_DGSP_OTHER, "Another DGSP error occurred.")                                 \
    X(LAPI_ERR_UDP_SOCKET, "A UDP socket error occurred.")                                 \
    X(LAPI_ERR_COLLECTIVE_PSS, "A collective operation is not allowed in this mode.")      \
    X(LAPI_ERR_DMA_HNDL, "The DMA handle is not valid.")                                   \
    X(LAPI_ERR_DMA_TAG, "The DMA tag is not valid.")                                       \
    X(LAPI_ERR_TGT_CONTEXT, "The target RDMA context is not valid.")                       \
    X(LAPI_ERR_SRC_CONTEXT, "The source RDMA context is not valid.")                       \
    X(LAPI_ERR_TGT_BUFHNDL, "The target buffer handle is not valid.")                      \
    X(LAPI_ERR_SRC_BUFHNDL, "The source buffer handle is not valid.")                      \
    X(LAPI_ERR_TGT_OFFSET, "The target offset is not valid.")                              \
    X(LAPI_ERR_SRC_OFFSET, "The source offset is not valid.")                              \
    X(LAPI_ERR_NO_RDMA_RESOURCE, "No RDMA resource is available.")                         \
    X(LAPI_ATT_BULK_ENABLED, "Attribute: bulk transfer is enabled.")                       \
    X(LAPI_ATT_COMM_TIMEOUT, "Attribute: communication timeout.")                          \
    X(LAPI_ATT_VERSION, "Attribute: version (also: send-reply target not valid).")         \
    X(LAPI_ATT_PORT_START, "Attribute: port start.")                                       \
    X(LAPI_ERR_NO_ENV_VAR, "A required environment variable is not set.")                  \
    X(LAPI_ERR_NO_CALLBACK_REG, "No callback is registered.")                              \
    X(LAPI_ERR_NO_CNTR_REG, "No counter is registered.")                                   \
    X(LAPI_ERR_XLATE_FAILED, "An address translation failed.")                             \
    X(LAPI_ERR_RDMA_RESOURCES, "RDMA resources are exhausted.")                            \
    X(LAPI_ERR_LW_DATA_LEN, "A lightweight active message must fit in one packet.")        \
    X(LAPI_ERR_NO_HNDLR_SET, "No handler is registered at this index.")                    \
    X(LAPI_ERR_OFFSET_LEN, "The offset plus length is not valid.")                         \
    X(LAPI_ERR_RCXT_CANCEL, "The remote context was cancelled.")                           \
    X(LAPI_ERR_CODE_UNKNOWN, "The error code is not a LAPI return code.")                  \
    X(LAPI_ATT_PREEMPT_SETUP_INTERNAL, "Attribute: internal preemption set-up.")           \
    X(LAPI_ERR_DUP_TRIGGER, "The trigger is already registered.")                          \
    X(LAPI_ERR_TRIGGER_UNKNOWN, "The trigger is not registered.")                          \
    X(LAPI_ERR_TASK_NUM, "The number of tasks is not valid.")                              \
    X(LAPI_ERR_NULL_LIST, "The task list is NULL.")                                        \
    X(LAPI_ERR_GRP_MEMBER, "The task is not a member of the group.")                       \
    X(LAPI_ERR_NULL_GRP, "The group is NULL.")                                             \
    X(LAPI_ERR_GRP, "The group is not valid.")                                             \
    X(LAPI_ERR_STAT_SAVE_FAIL, "The statistics could not be saved.")

typedef struct {
    int code;
    const char *name;
    const char *text;
} err_entry_t;

#define ENTRY(c, t) {c, #c, t},
static const err_entry_t table[] = {LX_ERRORS(ENTRY)};
#define NTABLE (sizeof table / sizeof table[0])

static const err_entry_t *find(int code)
{
    for (size_t i = 0; i < NTABLE; i++)
        if (table[i].code == code)
            return &table[i];
    return NULL;
}

const char *lx_err_name(int code)
{
    const err_entry_t *e = find(code);
    return e ? e->name : NULL;
}

/* The codes without a name of their own: the ranges the interface keeps
 * for adapter failover and shared-memory attach conditions. */
static const char *range_text(int code)
{
    if (code >= 485 && code <= 491)
        return "An adapter failover condition occurred.";
    if (code >= 502 && code <= 508)
        return "A shared-memory attach condition occurred.";
    return NULL;
}

int LAPI_Msg_string(int error_code, void *buf)
{
    if (!buf)
        return LAPI_ERR_RET_PTR_NULL;
    const err_entry_t *e = find(error_code);
    const char *text = e ? e->text : range_text(error_code);
    if (!text) {
        snprintf(buf, LAPI_MAX_ERR_STRING, "%d is not a LAPI return code.", error_code);
        return LAPI_ERR_CODE_UNKNOWN;
    }
    if (e)
        snprintf(buf, LAPI_MAX_ERR_STRING, "%s: %s", e->name, text);
    else
        snprintf(buf, LAPI_MAX_ERR_STRING, "LAPI code %d: %s", error_code, text);
    return LAPI_SUCCESS;
}
