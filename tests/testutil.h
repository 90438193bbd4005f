/* tests/testutil: helpers shared by the Check suites: run a command and
 * capture its output, read a file, validate JSON, find built artefacts. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>

typedef struct run_result {
    int status;  /* exit status, or 128+signal */
    char *out;   /* captured stdout (NUL-terminated) */
    char *err;   /* captured stderr */
} run_result_t;

/* Runs a shell command built from fmt; the result owns its buffers. */
run_result_t tu_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tu_free(run_result_t *r);
/* The build's output directory ($SHMEMSIM_OUT, else "."). */
const char *tu_out_dir(void);
/* Path of bin/shmemsim and of a built test program (static buffers). */
const char *tu_shmemsim(void);
const char *tu_prog(const char *name);
/* Whole file as a NUL-terminated string, or NULL. */
char *tu_read_file(const char *path, size_t *len);
/* 0 when text is one valid JSON value (RFC 8259 syntax), else -1. */
int tu_json_valid(const char *text);
/* 0 when text is a well-formed XML 1.0 document: an optional declaration,
 * one root element, matched tags, quoted attributes without duplicates,
 * known or numeric entities, no forbidden characters, valid UTF-8; else
 * -1.  Enough to check what a CI system's JUnit reader needs; it does not
 * handle DOCTYPE or processing instructions inside the document. */
int tu_xml_valid(const char *text);
/* The 1-based number of the first line of the file at path that contains
 * marker (e.g. a "@name" comment in a test program), or -1. */
int tu_line_of(const char *path, const char *marker);
/* Number of (non-overlapping) occurrences of needle in hay. */
int tu_count(const char *hay, const char *needle);
/* Explores prog (args may be "") on npes PEs over seeds 1..50, comparing
 * outcomes and findings only (correct programs' outputs may vary).
 * Returns NULL when no seed failed and nothing was written, else what
 * explore said (free it). */
char *tu_explore_clean(int npes, const char *prog, const char *args);

#endif
