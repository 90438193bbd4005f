/* api/shmem/settings: reading the SHMEM_* environment variables. */
#include "settings.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *var, *values;
} table[] = {
#define SHM_SET_ROW(name, var, values, dflt, what) {var, values},
    SHM_SETTINGS(SHM_SET_ROW)
#undef SHM_SET_ROW
};

static int chosen[SHM_SET_COUNT]; /* 1 + the index of the value read, 0: not set */
static char words[SHM_SET_COUNT][16];

/* The next word of a blank-separated list at *p: its length, *p moved
 * past it; 0 at the end. */
static size_t next_word(const char **p, const char **word)
{
    size_t n = strcspn(*p, " ");
    *word = *p;
    *p += n + ((*p)[n] == ' ');
    return n;
}

int shm_settings_read(char *err, size_t errlen)
{
    for (int s = 0; s < SHM_SET_COUNT; s++) {
        const char *v = getenv(table[s].var), *p = table[s].values, *w;
        char list[128] = "";
        size_t n;
        chosen[s] = 0;
        for (int i = 0; (n = next_word(&p, &w)) != 0; i++) {
            if (v && !chosen[s] && strlen(v) == n && strncmp(v, w, n) == 0) {
                chosen[s] = i + 1;
                snprintf(words[s], sizeof words[s], "%.*s", (int)n, w);
            }
            sim_append(list, sizeof list, "%s%.*s", i ? ", " : "", (int)n, w);
        }
        if (v && !chosen[s]) {
            snprintf(err, errlen, "%s is '%.40s'; it must be one of %s", table[s].var, v, list);
            return -1;
        }
    }
    return 0;
}

int shm_setting(shm_setting_t s)
{
    return chosen[s] - 1;
}

const char *shm_setting_word(shm_setting_t s, const char *dflt)
{
    return chosen[s] ? words[s] : dflt;
}
