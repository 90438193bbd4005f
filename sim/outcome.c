/* sim/outcome: the table of run outcomes. */
#include "outcome.h"

#include <string.h>

static const struct {
    const char *name;
    int expectable;
} exits[] = {
#define SIM_EXIT_ROW(name, status, str, expectable) [status] = {str, expectable},
    SIM_EXITS(SIM_EXIT_ROW)
#undef SIM_EXIT_ROW
};
#define NEXITS ((int)(sizeof exits / sizeof exits[0]))

const char *sim_exit_name(int status)
{
    return status >= 0 && status < NEXITS ? exits[status].name : NULL;
}

int sim_exit_by_name(const char *name)
{
    for (int i = 0; i < NEXITS; i++)
        if (strcmp(exits[i].name, name) == 0)
            return i;
    return -1;
}

int sim_exit_expectable(int status)
{
    return status >= 0 && status < NEXITS && exits[status].expectable;
}
