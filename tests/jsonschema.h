/* tests/jsonschema: a JSON Schema validator, for checking shmemsim's JSON
 * outputs against their documented schemas, over the trees of the
 * simulator's own JSON reader (sim/json.h).  It knows the subset of JSON
 * Schema draft 2020-12 that the project's schemas use:
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

#include "json.h"

/* 0 when doc is valid against schema (whose root also serves $ref), else
 * -1 with the first violation in err, as "/json/pointer: what is wrong".
 * An unsupported keyword or a bad $ref in the schema is also -1. */
int js_validate(const sim_json_t *schema, const sim_json_t *doc, char *err, size_t errlen);

/* Parses text and validates it against the schema in the file at
 * schema_path: 0, or -1 with why (a parse error or the first violation)
 * in err. */
int js_validate_text(const char *schema_path, const char *text, char *err, size_t errlen);

#endif
