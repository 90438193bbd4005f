/* tests/jsonschema: a JSON document model and a JSON Schema validator, for
 * checking shmemsim's JSON outputs against their documented schemas.
 *
 * The parser takes RFC 8259 JSON (strict: no trailing commas, no comments,
 * no duplicate object keys, no raw control characters in strings) into a
 * tree.  The validator knows the subset of JSON Schema draft 2020-12 that
 * the project's schemas use:
 *   type (a name or a list; "integer" is a number with no fraction),
 *   enum, const, properties, required, additionalProperties (a boolean or a
 *   schema), items (one schema for every element), minimum, maximum,
 *   minItems, minLength, oneOf, anyOf, $ref (a "#..." JSON pointer into the
 *   same schema), $defs, boolean schemas, and the annotations $schema, $id,
 *   title, description and $comment.
 * A schema that uses any other keyword is rejected rather than half
 * checked.  Not a general-purpose library: no remote references, no
 * formats, no patterns. */
#ifndef TESTS_JSONSCHEMA_H
#define TESTS_JSONSCHEMA_H

#include <stddef.h>

typedef enum { JS_NULL, JS_BOOL, JS_NUMBER, JS_STRING, JS_ARRAY, JS_OBJECT } js_type_t;

typedef struct js_value {
    js_type_t type;
    int boolean;             /* JS_BOOL */
    double number;           /* JS_NUMBER */
    int integral;            /* JS_NUMBER: written without fraction or exponent */
    char *string;            /* JS_STRING: decoded, NUL-terminated (no NUL inside) */
    size_t n;                /* JS_ARRAY, JS_OBJECT: elements or members */
    struct js_value *items;  /* JS_ARRAY, JS_OBJECT: the n values, in document order */
    char **keys;             /* JS_OBJECT: the n member names, in document order */
} js_value_t;

/* Parses text (one JSON value, optionally surrounded by white space).
 * Returns a tree to free with js_free, or NULL with a message naming the
 * line and column in err. */
js_value_t *js_parse(const char *text, char *err, size_t errlen);
void js_free(js_value_t *v);

/* The member called key of an object, or NULL (also when v is no object). */
const js_value_t *js_get(const js_value_t *v, const char *key);
/* Element i of an array, or NULL. */
const js_value_t *js_at(const js_value_t *v, size_t i);

/* 0 when doc is valid against schema (whose root also serves $ref), else
 * -1 with the first violation in err, as "/json/pointer: what is wrong".
 * An unsupported keyword or a bad $ref in the schema is also -1. */
int js_validate(const js_value_t *schema, const js_value_t *doc, char *err, size_t errlen);

/* Parses text and validates it against the schema in the file at
 * schema_path: 0, or -1 with why (a parse error or the first violation)
 * in err. */
int js_validate_text(const char *schema_path, const char *text, char *err, size_t errlen);

#endif
