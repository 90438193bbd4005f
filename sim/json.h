/* sim/json: the one JSON string writer of the trace and the report, and
 * the one JSON reader (the command line reads its runs' reports with it,
 * the tests every JSON output).
 *
 * The reader takes RFC 8259 JSON, strictly: no trailing commas, no
 * comments, no duplicate object keys, no raw control characters in
 * strings, at most 64 levels of nesting.  It makes a tree; objects keep
 * their members in document order. */
#ifndef SIM_JSON_H
#define SIM_JSON_H

#include <stddef.h>
#include <stdio.h>

/* Writes s (NULL as "") to f as a JSON string literal, escaping quotes,
 * backslashes and control characters. */
void sim_json_str(FILE *f, const char *s);

typedef enum {
    SIM_JSON_NULL, SIM_JSON_BOOL, SIM_JSON_NUMBER, SIM_JSON_STRING, SIM_JSON_ARRAY, SIM_JSON_OBJECT
} sim_json_type_t;

typedef struct sim_json {
    sim_json_type_t type;
    int boolean;             /* BOOL */
    double number;           /* NUMBER */
    int integral;            /* NUMBER: written without fraction or exponent */
    char *string;            /* STRING: decoded, NUL-terminated (no NUL inside) */
    size_t n;                /* ARRAY, OBJECT: elements or members */
    struct sim_json *items;  /* ARRAY, OBJECT: the n values, in document order */
    char **keys;             /* OBJECT: the n member names, in document order */
} sim_json_t;

/* Parses text (one JSON value, optionally surrounded by white space).
 * Returns a tree to free with sim_json_free, or NULL with a message naming
 * the line and column in err. */
sim_json_t *sim_json_parse(const char *text, char *err, size_t errlen);
void sim_json_free(sim_json_t *v);
/* The member called key of an object, or NULL (also when v is NULL or no
 * object). */
const sim_json_t *sim_json_get(const sim_json_t *v, const char *key);
/* Element i of an array, or NULL (also when v is NULL or no array). */
const sim_json_t *sim_json_at(const sim_json_t *v, size_t i);
/* The string member key of an object, or NULL. */
const char *sim_json_str_of(const sim_json_t *v, const char *key);

#endif
