/* api/lapi/findings: the rules the LAPI layer diagnoses, as an X-macro
 * list of (NAME, id, help); a raise site names its rule as "lapi-name".
 * Registered with the engine as the LAPI layer's table (sim/layer). */
#ifndef LX_FINDINGS_H
#define LX_FINDINGS_H

#include "finding.h"

#define LX_FINDINGS(X)                                                                 \
    X(BLOCKING_IN_HEADER_HANDLER, "lapi-blocking-in-header-handler",                   \
      "a LAPI header handler blocked")                                                 \
    X(COMMUNICATION_IN_HEADER_HANDLER, "lapi-communication-in-header-handler",         \
      "a LAPI header handler started communication")                                   \
    X(HANDLER_NOT_SET, "lapi-handler-not-set",                                         \
      "an active message names a handler slot that is not set")                        \
    X(NULL_BUFFER, "lapi-null-buffer",                                                 \
      "a LAPI call passed a NULL buffer with a non-zero length")                       \
    X(VECTOR_MISMATCH, "lapi-vector-mismatch", "Putv/Getv vectors that do not match")  \
    X(MESSAGE_AFTER_TERM, "lapi-message-after-term",                                   \
      "a message arrived for a task that called LAPI_Term or ended")                   \
    X(FOREIGN_ADDRESS, "lapi-foreign-address",                                         \
      "an address that cannot be in the target task's memory")                         \
    X(DEAD_STACK_BUFFER, "lapi-dead-stack-buffer",                                     \
      "a counter or buffer of a call was in a stack frame that returned before it completed") \
    X(FREED_BUFFER, "lapi-freed-buffer",                                               \
      "a Get's origin buffer was freed before the data arrived")

enum {
#define LX_F_ENUM(name, id, help) LX_F_##name,
    LX_FINDINGS(LX_F_ENUM)
#undef LX_F_ENUM
    LX_F_COUNT
};
extern sim_check_t lx_checks[LX_F_COUNT];
#define LX_CHECK(name) (&lx_checks[LX_F_##name])

#endif
