/* tests/fuzz/fuzz_scenario: the scenario loader under a fuzzer.
 *
 * Any input must either load or be refused with one "FILE:LINE:COL:
 * message" line; never crash, hang or leak (the sanitizers see to that).
 * What loads is written back (as explore writes its reproducers) and must
 * load again into a scenario that writes back the same text.  Built with
 * clang's libFuzzer by `make fuzz`; `make check` runs the seed corpus
 * through the same function (corpus_main.c). */
#include "scenario.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s written to a new string (free it), or NULL. */
static char *written(const sim_scenario_t *s, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    int rc = sim_scenario_write(f, s);
    fclose(f);
    if (rc != 0) {
        free(text);
        return NULL;
    }
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_scenario_t *s = NULL;
    char err[512];
    if (sim_scenario_load_string("fuzz.yaml", (const char *)data, size, &s, err, sizeof err) != 0) {
        if (s != NULL || strncmp(err, "fuzz.yaml:", 10) != 0 || strchr(err, '\n')) {
            fprintf(stderr, "refusal is not one 'fuzz.yaml:LINE:COL: message' line: %s\n", err);
            abort();
        }
        return 0;
    }
    size_t len1 = 0, len2 = 0;
    char *once = written(s, &len1);
    sim_scenario_free(s);
    if (!once)
        abort();
    sim_scenario_t *again = NULL;
    if (sim_scenario_load_string("fuzz.yaml", once, len1, &again, err, sizeof err) != 0) {
        fprintf(stderr, "a written scenario does not load: %s\n---\n%s---\n", err, once);
        abort();
    }
    char *twice = written(again, &len2);
    sim_scenario_free(again);
    if (!twice || len1 != len2 || memcmp(once, twice, len1) != 0) {
        fprintf(stderr, "writing is not stable:\n---\n%s---\n%s---\n", once, twice ? twice : "");
        abort();
    }
    free(once);
    free(twice);
    return 0;
}
