/* sim/json: the one JSON string writer of the trace and the report. */
#ifndef SIM_JSON_H
#define SIM_JSON_H

#include <stdio.h>

/* Writes s (NULL as "") to f as a JSON string literal, escaping quotes,
 * backslashes and control characters. */
void sim_json_str(FILE *f, const char *s);

#endif
