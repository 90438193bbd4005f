/* sim/io: each PE's standard output and error.
 *
 * The program's writes to stdout/stderr (redirected by the interposition
 * wrappers) go to a per-PE line-buffered stream.  Whole lines reach the
 * process's real stdout/stderr in the order PEs produce them, so lines of
 * different PEs never interleave mid-line, and with --tag-output each line
 * starts with "[PE n] ".  A PE's pending partial line is written when it
 * ends, crashes or is killed; nothing is lost. */
#ifndef SIM_IO_H
#define SIM_IO_H

#include "world.h"

#include <stdio.h>

/* The stream for pe's fd 1 (which = 0) or fd 2 (which = 1), made on first use. */
FILE *sim_io_stream(sim_pe_t *pe, int which);
/* Writes out pe's buffered output (both streams). */
void sim_io_flush_pe(sim_pe_t *pe);
/* The PE closed its stdout (which 0) or stderr (1): what it wrote is
 * flushed, later writes to it fail with EBADF; the other PEs' streams and
 * the simulator's own are untouched. */
void sim_io_close_stream(sim_pe_t *pe, int which);
/* 1 when the PE closed that stream. */
int sim_io_closed(sim_pe_t *pe, int which);
/* Flushes every PE's streams and the real stdout/stderr. */
/* From another thread, while the main one may be stuck: the same, for
 * each stream no thread holds. */
void sim_io_flush_all_unlocked(void);
void sim_io_flush_all(void);
/* Before the simulator writes a message to stderr: flushes PE output and,
 * if a PE left a line unfinished on the file stderr goes to, ends it, so the
 * message starts on a line of its own. */
void sim_io_break_line(void);
/* Closes the streams (end of run). */
void sim_io_close_all(void);

#endif
